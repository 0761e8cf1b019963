import { describe, expect, it } from 'vitest';
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
import { auditDetailsPath, buildPath, obligationEditPath } from '../rules/appPaths';
import {
  WORK_ITEM_KINDS,
  WORK_ITEM_TARGETS,
  workItemKind,
  workItemTarget,
  type WorkItemKind,
  type WorkItemRef,
  type WorkItemViewer,
} from './workItemTarget';

const ID = '10000000-0000-4000-8000-000000000001';
const OTHER = '20000000-0000-4000-8000-000000000002';
const THIRD = '30000000-0000-4000-8000-000000000003';
const EMPLOYEE = '40000000-0000-4000-8000-000000000004';

const employee: WorkItemViewer = { side: 'employee', userId: 'u1', employeeId: EMPLOYEE, personnelId: null };
const supplier: WorkItemViewer = { side: 'supplier', userId: 'u2', employeeId: null, personnelId: 'p/1' };

const base = { dueDate: '2026-11-20', taskDueDateType: 'nodue', badge: 'Pending Completion' } as const;

const task = (over: Partial<TScheduledTaskItem> = {}): TScheduledTaskItem => ({
  ...base,
  _id: ID,
  sectionType: 'reminder',
  title: 'Fire drill',
  detail: null,
  assignFor: null,
  assignForName: null,
  assignTitle: 'Fire drill',
  assignDetails: null,
  formTemplate: null,
  formTemplateName: null,
  formSubmission: null,
  taskOwner: OTHER,
  taskOwnerName: 'Olivia',
  workplace: null,
  workplaceName: null,
  branch: null,
  branchName: null,
  frequency: null,
  createdAt: '2026-11-01',
  ...over,
});

const hr = (over: Partial<THrFormItem> = {}): THrFormItem => ({
  ...base,
  _id: ID,
  sectionType: 'hrAssessment',
  formName: 'Induction',
  formId: OTHER,
  employee: EMPLOYEE,
  employeeName: 'Ethan',
  reviewer: null,
  reviewerName: null,
  formSumissionId: null,
  status: 'assigned',
  createdAt: '2026-11-01',
  ...over,
});

const coordination = (over: Partial<TFormCoordinationItem> = {}): TFormCoordinationItem => ({
  _id: ID,
  formSumissionId: ID,
  formatedNumber: 'FS 1001',
  formTemplate: 'Incident Report',
  formTemplateId: OTHER,
  formType: 'form-submission',
  formDescription: 'Slip',
  isDraft: 'no',
  formDate: '2026-11-20',
  workplaceName: null,
  branchName: null,
  taskDueDateType: 'nodue',
  badge: 'Ready For Review',
  ...over,
});

const review = (over: Partial<TScheduledReviewItem> = {}): TScheduledReviewItem => ({
  ...base,
  _id: ID,
  name: 'Manual',
  sectionType: 'document',
  itemId: OTHER,
  actionType: 'review',
  actionBy: 'Ethan',
  isCoReviewed: 'no',
  createdAt: '2026-11-01',
  ...over,
});

const action = (over: Partial<TAssignedActionItem> = {}): TAssignedActionItem => ({
  ...base,
  _id: ID,
  sectionType: 'form',
  itemName: 'FS 1001 Incident Report',
  instructionShow: 'Fix it',
  question: null,
  auditId: null,
  obligationId: null,
  documentId: OTHER,
  formSumissionId: THIRD,
  taskID: ID,
  taskNumber: 1,
  actionType: null,
  isDraft: 'no',
  assigneeName: null,
  ...over,
});

const training = (over: Partial<TOnlineTrainingItem> = {}): TOnlineTrainingItem => ({
  _id: ID,
  assignFormId: ID,
  formName: 'Manual handling',
  formId: OTHER,
  employee: EMPLOYEE,
  employeeName: 'Ethan',
  formSumissionId: null,
  completeBy: '2026-11-30',
  expectationDuration: 30,
  completedTestAttempt: 0,
  noTestAttempt: 3,
  action: 'attempt',
  isAttempted: 'no',
  actionType: 'employee',
  taskDueDateType: 'nodue',
  badge: 'Assessment pending',
  ...over,
});

const supplierItem = (over: Partial<TSupplierItem> = {}): TSupplierItem => ({
  ...base,
  _id: ID,
  sectionType: 'reviewUpcomingSupplier',
  companyId: THIRD,
  companyName: 'Northwind',
  supplier: OTHER,
  supplierName: 'Acme Contracting',
  personnel: null,
  personnelName: null,
  documentTypeName: 'Public liability',
  formName: null,
  formId: null,
  formSumissionId: null,
  status: 'pending',
  expiryDate: null,
  ...over,
});

const notice: TNotice = {
  _id: ID,
  title: 'Hello',
  content: 'World',
  isTruncated: 'no',
  priority: 'none',
  startDate: '2026-11-01',
  expireDate: null,
  attachment: [],
  employeeDetails: null,
  positionDetails: null,
  createdAt: '2026-11-01',
};

const maintenance: TMaintenanceItem = {
  ...base,
  _id: ID,
  assetId: OTHER,
  assetNumber: 'A-00001',
  assetName: 'Forklift',
  title: 'Monthly service',
  kind: 'planned',
  location: 'Loading bay',
  workplaceName: null,
  createdAt: '2026-11-01',
};

/** One example per kind, with the viewer it is listed for and the expected target. */
const EXAMPLES: Array<{ kind: WorkItemKind; ref: WorkItemRef; viewer: WorkItemViewer; expected: string }> = [
  {
    kind: 'scheduledTask.audit',
    ref: { section: 'scheduledTasks', item: task({ sectionType: 'audit' }) },
    viewer: employee,
    expected: `/audit-inspection/audit-update/${ID}`,
  },
  {
    kind: 'scheduledTask.reminderForm',
    ref: { section: 'scheduledTasks', item: task({ formTemplate: THIRD }) },
    viewer: employee,
    expected: `/task/form-submit/employeeAssessment/${OTHER}/${ID}/${THIRD}`,
  },
  {
    kind: 'scheduledTask.reminder',
    ref: { section: 'scheduledTasks', item: task() },
    viewer: employee,
    expected: `/task/form/signoff/${ID}`,
  },
  {
    kind: 'hrForm.hrAssessment',
    ref: { section: 'hrForms', item: hr() },
    viewer: employee,
    expected: `/human-resource/employee/form-submit/assessment/${EMPLOYEE}/${ID}/${OTHER}?fromPage=dashboard`,
  },
  {
    kind: 'hrForm.hrReviwer',
    ref: { section: 'hrForms', item: hr({ sectionType: 'hrReviwer', formSumissionId: THIRD }) },
    viewer: employee,
    expected: `/human-resource/employee/form-submit/review/${EMPLOYEE}/${ID}/${OTHER}?formSumissionId=${THIRD}&fromPage=dashboard`,
  },
  {
    kind: 'hrForm.performanceReview',
    ref: { section: 'hrForms', item: hr({ sectionType: 'performanceReview' }) },
    viewer: employee,
    expected: `/human-resource/employee/performance-review/${EMPLOYEE}/${ID}`,
  },
  {
    kind: 'formCoordination.draft',
    ref: { section: 'formCoordination', item: coordination({ isDraft: 'yes', formType: 'supplier' }) },
    viewer: employee,
    expected: `/form-submission/my-action-edit/${ID}?fromPage=dashboard&supplierFormId=${OTHER}`,
  },
  {
    kind: 'formCoordination.open',
    ref: { section: 'formCoordination', item: coordination() },
    viewer: employee,
    expected: `/form-submission/Record/${ID}`,
  },
  {
    kind: 'scheduledReview.document',
    ref: { section: 'scheduledReviews', item: review() },
    viewer: employee,
    expected: `/document/review/${OTHER}/review`,
  },
  {
    kind: 'scheduledReview.riskRegister',
    ref: {
      section: 'scheduledReviews',
      item: review({ sectionType: 'riskRegister', actionType: 'coReview' }),
    },
    viewer: employee,
    expected: `/risk/register-review/${OTHER}/coReview/no`,
  },
  {
    kind: 'scheduledReview.hazardousRegister',
    ref: {
      section: 'scheduledReviews',
      item: review({ sectionType: 'hazardousRegister', isCoReviewed: 'yes' }),
    },
    viewer: employee,
    expected: `/hazardous/register-review/${OTHER}/review/yes`,
  },
  {
    kind: 'scheduledReview.obligation',
    ref: { section: 'scheduledReviews', item: review({ sectionType: 'obligation' }) },
    viewer: employee,
    expected: `/obligation/review/${OTHER}/review`,
  },
  {
    kind: 'scheduledReview.competency',
    ref: {
      section: 'scheduledReviews',
      item: review({ sectionType: 'competency', itemId: EMPLOYEE, name: 'Forklift Licence' }),
    },
    viewer: employee,
    expected: `/human-resource/employee/competency/${EMPLOYEE}`,
  },
  {
    kind: 'assignedAction.audit',
    ref: { section: 'assignedActions', item: action({ sectionType: 'audit', auditId: OTHER }) },
    viewer: employee,
    expected: 'dialog:auditAction',
  },
  {
    kind: 'assignedAction.obligation',
    ref: { section: 'assignedActions', item: action({ sectionType: 'obligation', obligationId: OTHER }) },
    viewer: employee,
    expected: 'dialog:obligationAction',
  },
  {
    kind: 'assignedAction.form',
    ref: { section: 'assignedActions', item: action() },
    viewer: employee,
    expected: 'dialog:formTaskAction',
  },
  {
    kind: 'assignedAction.document-assign',
    ref: {
      section: 'assignedActions',
      item: action({ sectionType: 'document', actionType: 'document-assign' }),
    },
    viewer: employee,
    expected: `/document/action/acknowledgement/${OTHER}/${EMPLOYEE}`,
  },
  {
    kind: 'assignedAction.document-requestApprove',
    ref: {
      section: 'assignedActions',
      item: action({ sectionType: 'document', actionType: 'document-requestApprove' }),
    },
    viewer: employee,
    expected: `/document/action/approval/${OTHER}/${EMPLOYEE}`,
  },
  {
    kind: 'assignedAction.document-rejected',
    ref: {
      section: 'assignedActions',
      item: action({ sectionType: 'document', actionType: 'document-rejected' }),
    },
    viewer: employee,
    expected: `/document/review/${OTHER}/revise`,
  },
  {
    kind: 'assignedAction.document-action',
    ref: {
      section: 'assignedActions',
      item: action({ sectionType: 'document', actionType: 'document-action' }),
    },
    viewer: employee,
    expected: `/document/library/${OTHER}`,
  },
  {
    kind: 'onlineTraining.attempt',
    ref: { section: 'onlineTraining', item: training() },
    viewer: employee,
    expected:
      `/human-resource/employee/online-training-form-submit/${OTHER}/${EMPLOYEE}?assignFormId=${ID}` +
      '&actionType=employee&completeBy=2026-11-30&expectationDuration=30&completedTestAttempt=0&noTestAttempt=3&action=attempt',
  },
  {
    kind: 'onlineTraining.reTest',
    ref: {
      section: 'onlineTraining',
      item: training({
        action: 'reTest',
        completedTestAttempt: 1,
        formSumissionId: THIRD,
        isAttempted: 'yes',
      }),
    },
    viewer: employee,
    expected:
      `/human-resource/employee/online-training-form-submit/${OTHER}/${EMPLOYEE}?formSumissionId=${THIRD}` +
      `&assignFormId=${ID}&actionType=employee&completeBy=2026-11-30&expectationDuration=30` +
      '&completedTestAttempt=1&noTestAttempt=3&action=reTest',
  },
  {
    kind: 'onlineTraining.view',
    ref: {
      section: 'onlineTraining',
      item: training({ action: 'view', completedTestAttempt: 3, formSumissionId: THIRD }),
    },
    viewer: employee,
    expected:
      `/human-resource/employee/online-training-form-attempt-view/${THIRD}?formSumissionId=${THIRD}` +
      `&assignFormId=${ID}&actionType=employee&completeBy=2026-11-30&expectationDuration=30` +
      '&completedTestAttempt=3&noTestAttempt=3&action=view',
  },
  {
    kind: 'onlineTraining.review',
    ref: {
      section: 'onlineTraining',
      item: training({ action: 'review', actionType: 'reviewer', formSumissionId: THIRD }),
    },
    viewer: employee,
    expected:
      `/human-resource/employee/online-training-form-edit/${THIRD}?formSumissionId=${THIRD}` +
      `&assignFormId=${ID}&actionType=reviewer&completeBy=2026-11-30&expectationDuration=30` +
      '&completedTestAttempt=0&noTestAttempt=3&action=review',
  },
  {
    kind: 'supplier.supplierReviwer',
    ref: {
      section: 'supplier',
      item: supplierItem({ sectionType: 'supplierReviwer', formId: THIRD, formSumissionId: EMPLOYEE }),
    },
    viewer: employee,
    expected: `/external-parties/form-submit/review/${ID}/${THIRD}?formSumissionId=${EMPLOYEE}&supplierId=${OTHER}`,
  },
  {
    kind: 'supplier.reviewUpcomingSupplier',
    ref: { section: 'supplier', item: supplierItem() },
    viewer: employee,
    expected: `/external-parties/company-document-review/${OTHER}/${ID}`,
  },
  {
    kind: 'supplier.reviewUpcomingPersonnel',
    ref: {
      section: 'supplier',
      item: supplierItem({ sectionType: 'reviewUpcomingPersonnel', personnel: THIRD }),
    },
    viewer: employee,
    expected: `/external-parties/personnel-document-review/${THIRD}/${ID}`,
  },
  {
    kind: 'supplierPortal.supplierAssessment',
    ref: { section: 'supplier', item: supplierItem({ sectionType: 'supplierAssessment', formId: THIRD }) },
    viewer: supplier,
    expected: `/external-parties/form-submit/assessment/${ID}/${THIRD}?supplierId=${OTHER}`,
  },
  {
    kind: 'supplierPortal.reviewUpcomingSupplier',
    ref: { section: 'supplier', item: supplierItem() },
    viewer: supplier,
    expected: `/external-parties/document-review/supplier/${ID}`,
  },
  {
    kind: 'supplierPortal.reviewUpcomingPersonnel',
    ref: {
      section: 'supplier',
      item: supplierItem({ sectionType: 'reviewUpcomingPersonnel', personnel: THIRD }),
    },
    viewer: supplier,
    expected: `/external-parties/document-review/personnel/${ID}`,
  },
  {
    kind: 'maintenance',
    ref: { section: 'scheduledMaintenance', item: maintenance },
    viewer: supplier,
    expected: `/asset/maintenance/${ID}`,
  },
  {
    kind: 'notice',
    ref: { section: 'noticeboard', item: notice },
    viewer: employee,
    expected: 'dialog:notice',
  },
];

function show(ref: WorkItemRef, viewer: WorkItemViewer): string {
  const target = workItemTarget(ref, viewer);
  return target.type === 'link' ? target.path : `dialog:${target.dialog}`;
}

describe('workItemTarget', () => {
  it('has an example for every kind of the table, and no kind is left out', () => {
    expect(new Set(EXAMPLES.map((example) => example.kind))).toEqual(new Set(WORK_ITEM_KINDS));
    for (const kind of WORK_ITEM_KINDS) {
      expect(WORK_ITEM_TARGETS[kind].description.length).toBeGreaterThan(0);
      expect(WORK_ITEM_TARGETS[kind].pattern.length).toBeGreaterThan(0);
    }
  });

  it.each(EXAMPLES)('$kind maps to its target', ({ kind, ref, viewer, expected }) => {
    expect(workItemKind(ref, viewer)).toBe(kind);
    expect(show(ref, viewer)).toBe(expected);
  });

  it('paths follow the documented pattern (same fixed segments)', () => {
    for (const { kind, ref, viewer } of EXAMPLES) {
      const { pattern } = WORK_ITEM_TARGETS[kind];
      if (pattern.startsWith('dialog:')) continue;
      const target = workItemTarget(ref, viewer);
      if (target.type !== 'link') throw new Error(`${kind} should be a link`);
      const fixed = (path: string) =>
        path
          .split('?')[0]!
          .split('/')
          .filter((part) => part && !part.startsWith('{'));
      // Every fixed segment of the pattern appears, in order, in the path.
      const parts = target.path.split('?')[0]!.split('/');
      let at = 0;
      for (const part of fixed(pattern)) {
        const found = parts.indexOf(part, at);
        expect(found, `${kind}: ${part} in ${target.path}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    }
  });

  it('encodes ids in path segments', () => {
    const item = supplierItem({ _id: 'a b/c?d', supplier: 'x#y' });
    expect(show({ section: 'supplier', item }, employee)).toBe(
      '/external-parties/company-document-review/x%23y/a%20b%2Fc%3Fd',
    );
    const doc = action({ sectionType: 'document', actionType: 'document-assign', documentId: 'd/1' });
    // A supplier personnel's document action uses the personnel id, encoded.
    expect(show({ section: 'assignedActions', item: doc }, supplier)).toBe(
      '/document/action/acknowledgement/d%2F1/p%2F1',
    );
  });

  it('keeps the route shape when a segment is missing', () => {
    const item = task({ sectionType: 'reminder', formTemplate: THIRD, taskOwner: null });
    expect(show({ section: 'scheduledTasks', item }, employee)).toBe(
      `/task/form-submit/employeeAssessment/-/${ID}/${THIRD}`,
    );
  });

  it('treats a document action without a type as an assignment to acknowledge', () => {
    const item = action({ sectionType: 'document', actionType: null });
    expect(workItemKind({ section: 'assignedActions', item }, employee)).toBe(
      'assignedAction.document-assign',
    );
  });
});

describe('buildPath', () => {
  it('joins segments and leaves out empty query values, encoding the rest', () => {
    expect(buildPath(['a', 'b'])).toBe('/a/b');
    expect(buildPath(['a'], { x: null, y: '', z: undefined })).toBe('/a');
    expect(buildPath(['a'], { q: 'a&b=c', n: 0 })).toBe('/a?q=a%26b%3Dc&n=0');
  });
});

describe('action dialog links', () => {
  it('lead to the audit details and the obligation, encoded', () => {
    expect(auditDetailsPath('a/1')).toBe('/audit-inspection/audit-details/a%2F1');
    expect(obligationEditPath(OTHER)).toBe(`/obligation/edit/${OTHER}`);
  });
});
