/** The administration screens, loaded with their area (router.tsx). */
export { PositionsPage } from './PositionsPage';
export { PreferencesPage } from './PreferencesPage';
export { RolesPage } from './RolesPage';
export { WorkplacesPage } from './WorkplacesPage';
