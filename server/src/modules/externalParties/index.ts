export { externalPartiesArea } from './area';
export { awaitingReviewBySql, providedRequirementsSql } from './policy';
export { currentRequirementsSql, stateWhere as requirementStateWhere } from './register';
