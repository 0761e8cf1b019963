export { actionAssigneeOf, assignedToSql } from './assignees';
export type { ActionAssignee } from './assignees';
export type { AssignedActionService } from './service';
export { assignedActionsArea } from './area';
export { holdsHrActions, hrActionSql, hrFormActionSql, reviewActionSql } from './policy';
