export { externalPartiesArea } from './area';
export { awaitingReviewBySql, providedRequirementsSql } from './policy';
