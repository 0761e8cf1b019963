export { performanceReviewsArea } from './area';
export { openStepsSql } from './policy';
