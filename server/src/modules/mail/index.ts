export { invitationMail, passwordResetMail, signInEmailChangedMail, testMail } from './accountMails';
export { competencyExpiryMail } from './competencyMails';
export {
  actionsReassignedMail,
  auditFindingMail,
  registerActionMail,
  taskOverdueDigestMail,
  taskReminderMail,
} from './assignedWorkMails';
export {
  actionCompletedMail,
  submissionClosedMail,
  submissionSubmittedMail,
  submissionTaskMail,
  supplierSubmissionCopyMail,
} from './submissionMails';
export type { SubmissionMailFacts } from './submissionMails';
export { hrFormMail } from './hrFormMails';
export {
  supplierAssignmentMail,
  supplierRequirementMail,
  supplierRequirementSentMail,
} from './supplierMails';
