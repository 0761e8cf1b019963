/** The risk register's screens, loaded with their area (router.tsx). */
export { RiskRegisterPage } from './RiskRegisterPage';
export { RiskPage } from './RiskPage';
export { RiskEditPage } from './RiskEditPage';
export { RiskReviewPage } from './RiskReviewPage';
