/** The performance reviews' screens, loaded with their area (router.tsx), with their styles. */
import '../../styles/performanceReviews.css';

export { EmployeeReviewsPage } from './EmployeeReviewsPage';
export { PerformanceReviewPage } from './PerformanceReviewPage';
export { PerformanceReviewsPage } from './PerformanceReviewsPage';
