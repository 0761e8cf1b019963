/** The Maintenance Register's screens, loaded with their area (router.tsx). */
export { MaintenanceRecordPage } from './MaintenanceRecordPage';
export { MaintenanceRegisterPage } from './MaintenanceRegisterPage';
