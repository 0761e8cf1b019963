/** The hazardous substances register's screens, loaded with their area (router.tsx). */
export { HazardousRegisterPage } from './HazardousRegisterPage';
export { HazardousPage } from './HazardousPage';
export { HazardousEditPage } from './HazardousEditPage';
export { HazardousReviewPage } from './HazardousReviewPage';
