/** The External Parties screens for supplier forms, loaded with their area (router.tsx). */
export { AssessmentPage } from './AssessmentPage';
export { FormRegisterPage } from './FormRegisterPage';
export { ReviewPage } from './ReviewPage';
export { SupplierAssessmentPage } from './SupplierAssessmentPage';
