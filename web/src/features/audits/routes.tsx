/** The Audit Inspection screens, loaded with their area (router.tsx). */
export { AuditAddPage } from './AuditAddPage';
export { AuditConductPage } from './AuditConductPage';
export { AuditDetailsPage } from './AuditDetailsPage';
export { AuditRegisterPage, MyAuditPage } from './AuditListPage';
