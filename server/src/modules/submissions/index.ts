export {
  OPEN_ASSIGNMENT,
  assignmentsOfCaller,
  isOpen,
  openAssignmentsOfCallerSql,
  reviewerPlace,
} from './openAssignments';
export { viewableSql } from './policy';
export { assignedWebhookData } from './tasks';
export type { SubmissionAccess, SubmissionPolicy } from './policy';
export type { SubmissionService } from './service';
export { SANITIZE_OPTIONS, USABLE_TEMPLATE, USABLE_TEMPLATE_SQL, WIRE_FORM_TYPE } from './shapes';
export type { TemplateVersionShape } from './shapes';
export { issueSupplierAssignmentLink } from './supplierLinkIssue';
export type { SubmissionTemplates } from './templates';
export { submissionServicesArea, submissionsArea } from './area';
