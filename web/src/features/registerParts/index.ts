/**
 * The register kit: what the registers (risks, hazardous substances, documents, obligations,
 * audits) share on their pages — people, schedule, actions, files, lists and the item's page states.
 */
export { ActionDialog, type RaisedAction } from './ActionDialog';
export { ActionsCard } from './ActionsCard';
export { FilesCard } from './FilesCard';
export { ratingError, ratingErrors } from './formErrors';
export { Fact, ItemUnavailable } from './item';
export { ItemEditForm, useEditFields } from './ItemEditForm';
export { ItemDetailLayout, ItemEditRoute, ItemLoader, MatrixCard, type RegisterOf } from './ItemPages';
export {
  chosenFilters,
  DefaultSortSelect,
  REGISTER_LIST_FILTERS,
  RegisterFilters,
  RegisterListHeader,
} from './RegisterList';
export { ReviewScheduleFields, stewardshipBody, stewardshipErrors, type ReviewSchedule } from './stewardship';
