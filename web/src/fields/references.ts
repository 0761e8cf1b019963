import {
  personName,
  type TPersonOption,
  type TRecordOption,
  type TRelatedLists,
  type TRelatedSearchKind,
} from '@compass/shared';
import type { ReferenceOption, References, ReferenceSearch } from './props';

const person = (option: TPersonOption): ReferenceOption => ({
  _id: option._id,
  name: personName(option),
});
const record = (option: TRecordOption): ReferenceOption => ({ _id: option._id, name: option.name });

/**
 * The reference fields' lists from the related-lists call: the active lists are offered for new
 * choices, the full lists name stored ones. `fullListsOnly` (the read-only supplier view, 001
 * section 2.1) offers the full lists too; nothing is chosen there anyway. The long lists
 * (employees, personnel, submissions, risks, assets) name only what the form refers to: `searched` gives each the
 * server search its pickers use, and `picked` the names of records picked since the lists came.
 */
export function referencesFromRelatedLists(
  lists: TRelatedLists,
  {
    fullListsOnly = false,
    searched,
    picked = [],
  }: {
    fullListsOnly?: boolean;
    searched?: (kind: TRelatedSearchKind) => ReferenceSearch;
    picked?: readonly ReferenceOption[];
  } = {},
): References {
  const pair = (all: ReferenceOption[], active: ReferenceOption[]) => ({
    all,
    active: fullListsOnly ? all : active,
  });
  const long = (kind: TRelatedSearchKind, all: ReferenceOption[], active: ReferenceOption[]) => ({
    ...pair([...all, ...picked], active),
    searched: searched?.(kind),
  });
  const submissions = lists.submissionList.map((option) => ({ _id: option._id, name: option.name }));
  return {
    employee: long('employee', lists.listEmployee.map(person), lists.activeEmployeeList.map(person)),
    personnel: long('personnel', lists.allPersonnelList.map(person), lists.activePersonnelList.map(person)),
    asset: long('asset', lists.listPlan.map(record), lists.activePlantList.map(record)),
    risk: long(
      'risk',
      lists.listRisk.allRiskList.map(record),
      lists.listRisk.allRiskList.filter((risk) => risk.isActive).map(record),
    ),
    supplier: pair(lists.listSupplier.map(record), lists.activeSupplierList.map(record)),
    submission: long('submission', submissions, submissions),
  };
}
