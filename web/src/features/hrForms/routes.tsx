/** The HR forms screens, loaded with their area (router.tsx). */
export { HrAssessmentPage } from './HrAssessmentPage';
export { HrFormsPage } from './HrFormsPage';
export { HrReviewPage } from './HrReviewPage';
