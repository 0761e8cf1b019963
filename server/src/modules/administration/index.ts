export { replaceLogo } from './logo';
export { allowedKeys, readRights } from './rights';
export { accessMapOf, requireAdministrator } from './structure';
