/** The External Parties screens for supplier forms and documents, loaded with their area (router.tsx). */
export { AssessmentPage } from './AssessmentPage';
export { DocumentReviewPage } from './DocumentReviewPage';
export { DocumentSendPage } from './DocumentSendPage';
export { FormRegisterPage } from './FormRegisterPage';
export { RequirementsPage } from './RequirementsPage';
export { ReviewPage } from './ReviewPage';
export { SupplierAssessmentPage } from './SupplierAssessmentPage';
