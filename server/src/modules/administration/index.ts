export { replaceLogo } from './logo';
export { allowedKeys, readRights } from './rights';
export type { OrganisationRights } from './rights';
export { mayManageHolderOf, requireAdministrator, requireMayGive, requireMayManageHolderOf } from './policy';
export { accessMapOf } from './structure';
export { administrationArea } from './area';
