/**
 * Where a dashboard work item leads (000 section 2.2, "Clicking a work item leads to a page chosen
 * by item type"). ONE table, WORK_ITEM_TARGETS, maps every kind of item the dashboard lists to its
 * target: a path inside the application, or a dialog opened on the dashboard itself. The choices
 * and the meaning of the placeholders are documented in docs/dashboard.md ("Work-item targets").
 *
 * Paths are absolute inside the application ('/document/review/...'); the specification writes
 * them relative to the root ('./document/review/...'). Every id is URI-encoded; query strings
 * carry only the parameters that have a value.
 */
import { buildPath, requirementProvidePath, requirementReviewPath, seg } from '../rules/appPaths';
import { maintenanceRecordPath } from '../contracts/assetMaintenance';
import type {
  TAssignedActionItem,
  TFormCoordinationItem,
  THrFormItem,
  TMaintenanceItem,
  TNotice,
  TOnlineTrainingItem,
  TScheduledReviewItem,
  TScheduledTaskItem,
  TSupplierItem,
} from '../contracts/dashboard';

/** A dashboard item together with the list it came from. */
export type WorkItemRef =
  | { section: 'scheduledTasks'; item: TScheduledTaskItem }
  | { section: 'hrForms'; item: THrFormItem }
  | { section: 'formCoordination'; item: TFormCoordinationItem }
  | { section: 'scheduledReviews'; item: TScheduledReviewItem }
  | { section: 'assignedActions'; item: TAssignedActionItem }
  | { section: 'onlineTraining'; item: TOnlineTrainingItem }
  /** externalPartiesForms and the sections of dashboardSupplierList. */
  | { section: 'supplier'; item: TSupplierItem }
  /** The employee's Maintenance section and the supplier portal's. */
  | { section: 'scheduledMaintenance'; item: TMaintenanceItem }
  | { section: 'noticeboard'; item: TNotice };

export type WorkItemSection = WorkItemRef['section'];

/** Who is looking: the employee dashboard, or the supplier (external party) dashboard. */
export interface WorkItemViewer {
  /** 'supplier' for every non-employee user type (000 section 6). */
  side: 'employee' | 'supplier';
  userId: string;
  employeeId: string | null;
  personnelId: string | null;
}

export type WorkItemDialog = 'auditAction' | 'obligationAction' | 'formTaskAction' | 'notice';

export type WorkItemTarget = { type: 'link'; path: string } | { type: 'dialog'; dialog: WorkItemDialog };

/** The item type behind each kind. */
export interface WorkItemKinds {
  'scheduledTask.audit': TScheduledTaskItem;
  'scheduledTask.reminderForm': TScheduledTaskItem;
  'scheduledTask.reminder': TScheduledTaskItem;
  'hrForm.hrAssessment': THrFormItem;
  'hrForm.hrReviwer': THrFormItem;
  'hrForm.performanceReview': THrFormItem;
  'formCoordination.draft': TFormCoordinationItem;
  'formCoordination.open': TFormCoordinationItem;
  'scheduledReview.document': TScheduledReviewItem;
  'scheduledReview.riskRegister': TScheduledReviewItem;
  'scheduledReview.hazardousRegister': TScheduledReviewItem;
  'scheduledReview.obligation': TScheduledReviewItem;
  'scheduledReview.competency': TScheduledReviewItem;
  'assignedAction.audit': TAssignedActionItem;
  'assignedAction.obligation': TAssignedActionItem;
  'assignedAction.form': TAssignedActionItem;
  'assignedAction.document-assign': TAssignedActionItem;
  'assignedAction.document-requestApprove': TAssignedActionItem;
  'assignedAction.document-rejected': TAssignedActionItem;
  'assignedAction.document-action': TAssignedActionItem;
  'onlineTraining.attempt': TOnlineTrainingItem;
  'onlineTraining.reTest': TOnlineTrainingItem;
  'onlineTraining.view': TOnlineTrainingItem;
  'onlineTraining.review': TOnlineTrainingItem;
  'supplier.supplierReviwer': TSupplierItem;
  'supplier.reviewUpcomingSupplier': TSupplierItem;
  'supplier.reviewUpcomingPersonnel': TSupplierItem;
  'supplierPortal.supplierAssessment': TSupplierItem;
  'supplierPortal.reviewUpcomingSupplier': TSupplierItem;
  'supplierPortal.reviewUpcomingPersonnel': TSupplierItem;
  maintenance: TMaintenanceItem;
  notice: TNotice;
}

export type WorkItemKind = keyof WorkItemKinds;

export interface WorkItemRule<T> {
  /** Where the item is listed and what it is. */
  description: string;
  /** The target as documented: a path pattern with {placeholders}, or 'dialog: <name>'. */
  pattern: string;
  target: (item: T, viewer: WorkItemViewer) => WorkItemTarget;
}

const link = (segments: ReadonlyArray<string>, query?: Record<string, string | number | null | undefined>) =>
  ({ type: 'link', path: buildPath(segments, query) }) as const;

const dialog = (name: WorkItemDialog) => ({ type: 'dialog', dialog: name }) as const;

/** The person a document action belongs to: the employee, or the external-party personnel. */
function actorId(viewer: WorkItemViewer): string {
  return viewer.employeeId ?? viewer.personnelId ?? viewer.userId;
}

/** Where the work item pages return to (the fromPage query). */
export const WORK_ITEM_FROM_PAGE = 'dashboard';

function trainingQuery(item: TOnlineTrainingItem) {
  return {
    formSumissionId: item.formSumissionId,
    assignFormId: item.assignFormId,
    actionType: item.actionType,
    completeBy: item.completeBy,
    expectationDuration: item.expectationDuration,
    completedTestAttempt: item.completedTestAttempt,
    noTestAttempt: item.noTestAttempt,
    action: item.action,
  };
}

const TRAINING = 'human-resource/employee';

type Table = { [K in WorkItemKind]: WorkItemRule<WorkItemKinds[K]> };

/** The table: every kind of dashboard item and where it leads. */
export const WORK_ITEM_TARGETS: Table = {
  'scheduledTask.audit': {
    description: 'Scheduled Tasks: an audit to carry out (sectionType audit)',
    pattern: '/audit-inspection/audit-update/{_id}',
    target: (item) => link(['audit-inspection', 'audit-update', seg(item._id)]),
  },
  'scheduledTask.reminderForm': {
    description: 'Scheduled Tasks: a reminder with a form template to fill in (sectionType reminder)',
    pattern: '/task/form-submit/employeeAssessment/{taskOwner}/{_id}/{formTemplate}',
    target: (item) =>
      link([
        'task',
        'form-submit',
        'employeeAssessment',
        seg(item.taskOwner),
        seg(item._id),
        seg(item.formTemplate),
      ]),
  },
  'scheduledTask.reminder': {
    description: 'Scheduled Tasks: a reminder without a form, signed off when done (sectionType reminder)',
    pattern: '/task/form/signoff/{_id}',
    target: (item) => link(['task', 'form', 'signoff', seg(item._id)]),
  },
  'hrForm.hrAssessment': {
    description: 'HR Forms: an HR form the caller fills in about themself',
    pattern: '/human-resource/employee/form-submit/assessment/{employee}/{_id}/{formId}?formSumissionId',
    target: (item) =>
      link(
        [
          'human-resource',
          'employee',
          'form-submit',
          'assessment',
          seg(item.employee),
          seg(item._id),
          seg(item.formId),
        ],
        {
          formSumissionId: item.formSumissionId,
          fromPage: WORK_ITEM_FROM_PAGE,
        },
      ),
  },
  'hrForm.hrReviwer': {
    description: "HR Forms: another employee's HR form the caller reviews",
    pattern: '/human-resource/employee/form-submit/review/{employee}/{_id}/{formId}?formSumissionId',
    target: (item) =>
      link(
        [
          'human-resource',
          'employee',
          'form-submit',
          'review',
          seg(item.employee),
          seg(item._id),
          seg(item.formId),
        ],
        {
          formSumissionId: item.formSumissionId,
          fromPage: WORK_ITEM_FROM_PAGE,
        },
      ),
  },
  'hrForm.performanceReview': {
    description: 'HR Forms: a performance review ({x} is the reviewed employee, {id} the review)',
    pattern: '/human-resource/employee/performance-review/{employee}/{_id}',
    target: (item) =>
      link(['human-resource', 'employee', 'performance-review', seg(item.employee), seg(item._id)]),
  },
  'formCoordination.draft': {
    description: 'Form Coordination: a draft submission, continued in the editor',
    pattern: '/form-submission/my-action-edit/{formSumissionId}?assignFormId&fromPage&supplierFormId',
    target: (item) =>
      link(['form-submission', 'my-action-edit', seg(item.formSumissionId)], {
        // The item carries no form assignment, so assignFormId stays out (see docs/dashboard.md).
        assignFormId: null,
        fromPage: WORK_ITEM_FROM_PAGE,
        supplierFormId: item.formType === 'supplier' ? item.formTemplateId : null,
      }),
  },
  'formCoordination.open': {
    description: 'Form Coordination: a submitted (open) submission the caller coordinates',
    pattern: '/form-submission/Record/{formSumissionId}',
    target: (item) => link(['form-submission', 'Record', seg(item.formSumissionId)]),
  },
  'scheduledReview.document': {
    description: 'Scheduled Reviews: a document review ({x} review or coReview)',
    pattern: '/document/review/{itemId}/{actionType}',
    target: (item) => link(['document', 'review', seg(item.itemId), seg(item.actionType)]),
  },
  'scheduledReview.riskRegister': {
    description: 'Scheduled Reviews: a risk register review ({x} review or coReview, {flag} isCoReviewed)',
    pattern: '/risk/register-review/{itemId}/{actionType}/{isCoReviewed}',
    target: (item) =>
      link(['risk', 'register-review', seg(item.itemId), seg(item.actionType), seg(item.isCoReviewed)]),
  },
  'scheduledReview.hazardousRegister': {
    description: 'Scheduled Reviews: a hazardous substance register review ({x}, {flag} as for risk)',
    pattern: '/hazardous/register-review/{itemId}/{actionType}/{isCoReviewed}',
    target: (item) =>
      link(['hazardous', 'register-review', seg(item.itemId), seg(item.actionType), seg(item.isCoReviewed)]),
  },
  'scheduledReview.obligation': {
    description: 'Scheduled Reviews: an obligation review ({x} review or coReview)',
    pattern: '/obligation/review/{itemId}/{actionType}',
    target: (item) => link(['obligation', 'review', seg(item.itemId), seg(item.actionType)]),
  },
  'scheduledReview.competency': {
    description:
      'Scheduled Reviews: a competency of the caller or a direct report to renew (expiring or expired)',
    pattern: '/human-resource/employee/competency/{itemId}',
    target: (item) => link(['human-resource', 'employee', 'competency', seg(item.itemId)]),
  },
  'assignedAction.audit': {
    description: 'Assigned Actions: an audit question action, answered in the action dialog',
    pattern: 'dialog: auditAction (links to /audit-inspection/audit-details/{auditId})',
    target: () => dialog('auditAction'),
  },
  'assignedAction.obligation': {
    description: 'Assigned Actions: an obligation question action, answered in the action dialog',
    pattern: 'dialog: obligationAction (links to /obligation/edit/{obligationId})',
    target: () => dialog('obligationAction'),
  },
  'assignedAction.form': {
    description: 'Assigned Actions: a form-submission task, answered in the action dialog',
    pattern: 'dialog: formTaskAction (links to /form-submission/my-action-edit/{formSumissionId}/{taskID})',
    target: () => dialog('formTaskAction'),
  },
  'assignedAction.document-assign': {
    description: 'Assigned Actions: a document to read and acknowledge',
    pattern: '/document/action/acknowledgement/{documentId}/{employeeId}',
    target: (item, viewer) =>
      link(['document', 'action', 'acknowledgement', seg(item.documentId), seg(actorId(viewer))]),
  },
  'assignedAction.document-requestApprove': {
    description: 'Assigned Actions: a document waiting for the caller’s approval',
    pattern: '/document/action/approval/{documentId}/{employeeId}',
    target: (item, viewer) =>
      link(['document', 'action', 'approval', seg(item.documentId), seg(actorId(viewer))]),
  },
  'assignedAction.document-rejected': {
    description: 'Assigned Actions: a rejected document the caller revises ({x} = revise)',
    pattern: '/document/review/{documentId}/revise',
    target: (item) => link(['document', 'review', seg(item.documentId), 'revise']),
  },
  'assignedAction.document-action': {
    description: 'Assigned Actions: an action raised from a document, completed on its page',
    pattern: '/document/library/{documentId}',
    target: (item) => link(['document', 'library', seg(item.documentId)]),
  },
  'onlineTraining.attempt': {
    description: 'Online Training Assessment: a first attempt',
    pattern: `/${TRAINING}/online-training-form-submit/{formId}/{employee}?{training query}`,
    target: (item) =>
      link(
        ['human-resource', 'employee', 'online-training-form-submit', seg(item.formId), seg(item.employee)],
        trainingQuery(item),
      ),
  },
  'onlineTraining.reTest': {
    description: 'Online Training Assessment: another attempt while attempts are left',
    pattern: `/${TRAINING}/online-training-form-submit/{formId}/{employee}?{training query}`,
    target: (item) =>
      link(
        ['human-resource', 'employee', 'online-training-form-submit', seg(item.formId), seg(item.employee)],
        trainingQuery(item),
      ),
  },
  'onlineTraining.view': {
    description: 'Online Training Assessment: no attempts left, the last attempt is shown',
    pattern: `/${TRAINING}/online-training-form-attempt-view/{formSumissionId|assignFormId}?{training query}`,
    target: (item) =>
      link(
        [
          'human-resource',
          'employee',
          'online-training-form-attempt-view',
          seg(item.formSumissionId ?? item.assignFormId),
        ],
        trainingQuery(item),
      ),
  },
  'onlineTraining.review': {
    description: 'Online Training Form Review: an attempt the caller reviews',
    pattern: `/${TRAINING}/online-training-form-edit/{formSumissionId|assignFormId}?{training query}`,
    target: (item) =>
      link(
        [
          'human-resource',
          'employee',
          'online-training-form-edit',
          seg(item.formSumissionId ?? item.assignFormId),
        ],
        trainingQuery(item),
      ),
  },
  'supplier.supplierReviwer': {
    description: 'External Parties / Assigned Forms (employee): a submitted supplier form to review',
    pattern: '/external-parties/form-submit/review/{_id}/{formId}?formSumissionId&supplierId',
    target: (item) =>
      link(['external-parties', 'form-submit', 'review', seg(item._id), seg(item.formId)], {
        formSumissionId: item.formSumissionId,
        supplierId: item.supplier,
      }),
  },
  'supplier.reviewUpcomingSupplier': {
    description: 'External Parties / Company Requirements (employee): a company document to review',
    pattern: '/external-parties/company-document-review/{supplier}/{_id}',
    target: (item) => ({
      type: 'link',
      path: requirementReviewPath({ _id: item._id, supplierId: item.supplier, personnelId: null }),
    }),
  },
  'supplier.reviewUpcomingPersonnel': {
    description: 'External Parties / Personnel Requirements (employee): a personnel document to review',
    pattern: '/external-parties/personnel-document-review/{personnel}/{_id}',
    target: (item) => ({
      type: 'link',
      path: requirementReviewPath({
        _id: item._id,
        supplierId: item.supplier,
        personnelId: item.personnel ?? '-',
      }),
    }),
  },
  'supplierPortal.supplierAssessment': {
    description: 'Assigned Forms (supplier): a supplier form to fill in',
    pattern: '/external-parties/form-submit/assessment/{_id}/{formId}?formSumissionId&supplierId',
    target: (item) =>
      link(['external-parties', 'form-submit', 'assessment', seg(item._id), seg(item.formId)], {
        formSumissionId: item.formSumissionId,
        supplierId: item.supplier,
      }),
  },
  'supplierPortal.reviewUpcomingSupplier': {
    description: 'Company Requirements (supplier): a company document to provide',
    pattern: '/external-parties/document-review/supplier/{_id}',
    target: (item) => ({ type: 'link', path: requirementProvidePath({ _id: item._id, personnelId: null }) }),
  },
  'supplierPortal.reviewUpcomingPersonnel': {
    description: 'Personnel Requirements (supplier): a personnel document to provide',
    pattern: '/external-parties/document-review/personnel/{_id}',
    target: (item) => ({
      type: 'link',
      path: requirementProvidePath({ _id: item._id, personnelId: item.personnel ?? '-' }),
    }),
  },
  maintenance: {
    description:
      "Maintenance (employee or supplier portal): an asset's open maintenance, completed on its record page",
    pattern: '/asset/maintenance/{_id}',
    target: (item) => ({ type: 'link', path: maintenanceRecordPath(item._id) }),
  },
  notice: {
    description: 'Noticeboard: a notice, read in the notice dialog',
    pattern: 'dialog: notice',
    target: () => dialog('notice'),
  },
};

export const WORK_ITEM_KINDS = Object.keys(WORK_ITEM_TARGETS) as WorkItemKind[];

/** The kind of a listed item (which row of the table applies). */
export function workItemKind(ref: WorkItemRef, viewer: Pick<WorkItemViewer, 'side'>): WorkItemKind {
  switch (ref.section) {
    case 'scheduledTasks':
      if (ref.item.sectionType === 'audit') return 'scheduledTask.audit';
      return ref.item.formTemplate ? 'scheduledTask.reminderForm' : 'scheduledTask.reminder';
    case 'hrForms':
      return `hrForm.${ref.item.sectionType}`;
    case 'formCoordination':
      return ref.item.isDraft === 'yes' ? 'formCoordination.draft' : 'formCoordination.open';
    case 'scheduledReviews':
      return `scheduledReview.${ref.item.sectionType}`;
    case 'assignedActions':
      if (ref.item.sectionType !== 'document') return `assignedAction.${ref.item.sectionType}`;
      // A document action without a type is an assignment to read (the commonest case).
      return `assignedAction.${ref.item.actionType ?? 'document-assign'}`;
    case 'onlineTraining':
      return ref.item.actionType === 'reviewer'
        ? 'onlineTraining.review'
        : `onlineTraining.${ref.item.action === 'review' ? 'view' : ref.item.action}`;
    case 'supplier': {
      const type = ref.item.sectionType;
      // Forms: the type says which side; requirements: the dashboard's side does.
      if (type === 'supplierReviwer') return 'supplier.supplierReviwer';
      if (type === 'supplierAssessment') return 'supplierPortal.supplierAssessment';
      return viewer.side === 'supplier' ? `supplierPortal.${type}` : `supplier.${type}`;
    }
    case 'scheduledMaintenance':
      return 'maintenance';
    case 'noticeboard':
      return 'notice';
  }
}

/** Where a listed item leads. */
export function workItemTarget(ref: WorkItemRef, viewer: WorkItemViewer): WorkItemTarget {
  const kind = workItemKind(ref, viewer);
  const rule = WORK_ITEM_TARGETS[kind] as WorkItemRule<WorkItemRef['item']>;
  return rule.target(ref.item, viewer);
}
