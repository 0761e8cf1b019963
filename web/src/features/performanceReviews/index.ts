/**
 * Performance reviews (issue 42): HR Admin > Performance Reviews, one review, one employee's
 * reviews. Other areas reach its screens by their paths (shared) and refresh its lists through
 * these keys.
 */
export { performanceReviewKeys } from './api';
