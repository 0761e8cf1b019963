/**
 * Listed means it opens: the call each kind of dashboard item's page (or dialog) makes to open the
 * item, and the rule that lists an item only to a caller that call serves.
 */
import {
  assignedActionDetailsCall,
  auditDetailsCall,
  documentAcknowledgementOpenCall,
  documentApprovalOpenCall,
  documentDetailsCall,
  documentReviewCalls,
  employeeCompetencySummaryCall,
  formSubmissionDetailsCall,
  hazardousReviewCalls,
  hrFormDetailsCall,
  maintenanceDetailsCall,
  noticeCall,
  obligationReviewCalls,
  performanceReviewDetailsCall,
  riskReviewCalls,
  supplierAssignmentDetailsCall,
  supplierAssignmentOpenCall,
  supplierRequirementDetailsCall,
  taskDetailsCall,
  trainingAssignmentOpenCall,
  trainingAttemptDetailsCall,
  type Call,
  type WorkItemKind,
} from '@compass/shared';
import type { AuthContext } from '../../plugins/auth';
import { refusalOf, sessionCallerOf } from '../../plugins/callers';

/** The call that opens each kind (the target of WORK_ITEM_TARGETS in shared/rules/workItemTarget.ts makes it). */
export const OPENED_WITH: Record<WorkItemKind, Call> = {
  'scheduledTask.audit': auditDetailsCall,
  'scheduledTask.reminderForm': taskDetailsCall,
  'scheduledTask.reminder': taskDetailsCall,
  'hrForm.hrAssessment': hrFormDetailsCall,
  'hrForm.hrReviwer': hrFormDetailsCall,
  'hrForm.performanceReview': performanceReviewDetailsCall,
  'formCoordination.draft': formSubmissionDetailsCall,
  'formCoordination.open': formSubmissionDetailsCall,
  'scheduledReview.document': documentReviewCalls.details,
  'scheduledReview.riskRegister': riskReviewCalls.details,
  'scheduledReview.hazardousRegister': hazardousReviewCalls.details,
  'scheduledReview.obligation': obligationReviewCalls.details,
  'scheduledReview.competency': employeeCompetencySummaryCall,
  'assignedAction.audit': assignedActionDetailsCall,
  'assignedAction.obligation': assignedActionDetailsCall,
  'assignedAction.form': assignedActionDetailsCall,
  'assignedAction.document-assign': documentAcknowledgementOpenCall,
  'assignedAction.document-requestApprove': documentApprovalOpenCall,
  'assignedAction.document-rejected': documentDetailsCall,
  'assignedAction.document-action': documentDetailsCall,
  'onlineTraining.attempt': trainingAssignmentOpenCall,
  'onlineTraining.reTest': trainingAssignmentOpenCall,
  'onlineTraining.view': trainingAttemptDetailsCall,
  'onlineTraining.review': trainingAttemptDetailsCall,
  'supplier.supplierReviwer': supplierAssignmentDetailsCall,
  'supplier.reviewUpcomingSupplier': supplierRequirementDetailsCall,
  'supplier.reviewUpcomingPersonnel': supplierRequirementDetailsCall,
  'supplierPortal.supplierAssessment': supplierAssignmentOpenCall,
  'supplierPortal.reviewUpcomingSupplier': supplierRequirementDetailsCall,
  'supplierPortal.reviewUpcomingPersonnel': supplierRequirementDetailsCall,
  maintenance: maintenanceDetailsCall,
  notice: noticeCall,
};

/** Whether the caller may open items of a kind. */
export type Opens = (kind: WorkItemKind) => boolean;

/** Every kind: the organisation's overview, which counts items whoever they are for. */
export const OPENS_ALL: Opens = () => true;

/**
 * The kinds whose opening call serves the caller: its route access (caller kind, access keys) as
 * the route itself rules on it (plugins/callers.ts). A role without the risk key is not listed
 * risk reviews, which its reviewer page would refuse with 403. Who an item is for (reviewer,
 * assignee, coordinator) is each section's condition, the one its opening call checks.
 */
export function opensFor(auth: AuthContext): Opens {
  const caller = sessionCallerOf(auth);
  return (kind) => refusalOf(OPENED_WITH[kind].access, caller) === null;
}
