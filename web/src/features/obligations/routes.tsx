/** The Obligations screens, loaded with their area (router.tsx). */
export { ObligationEditPage } from './ObligationEditPage';
export { ObligationReviewPage } from './ObligationReviewPage';
export { ObligationsPage } from './ObligationsPage';
