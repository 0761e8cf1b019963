/** The action registers' screens, loaded with their area (router.tsx). */
export { ActionRegisterPage } from './ActionRegisterPage';
export { HrActionsPage } from './HrActionsPage';
