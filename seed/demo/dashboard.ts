import type { AssignmentStatus, RequirementStatus } from '../../server/src/generated/prisma/client';
import type { DemoDocument } from './documents';
import { place } from './people';
import { Org } from './rows';
import { occurrenceDay, type FrequencyUnit } from '../../shared/src/rules/frequency';
import type { Json } from './ids';
import { addPerformanceReviews } from './performanceReviews';
import { addSubmission } from './submissions';
import type { BuiltTemplate } from './templates';
import { addTrainingAssignment, type BuiltCourse } from './training';

// ---------- The dashboard of one employee ----------

export interface DashboardRefs {
  /** The task owner of scheduled tasks (an administrator). */
  ownerId: string;
  /** The audit template of the person's scheduled audits. */
  auditTemplate: { id: string; versionId: string };
  /** The HR form each person fills in and reviews (of form type hr). */
  hrTemplate: BuiltTemplate;
  /** The answers of the HR form each person reviews, by the template's field keys. */
  hrAnswers: Record<string, Json>;
  /** The course each person takes and reviews someone's attempt at (with a short answer). */
  trainingCourse: BuiltCourse;
  /** Who assigned the training (a user). */
  trainingAssignedBy: string;
  supplierTemplateId: string;
  auditId: string;
  obligationId: string;
  obligationName: string;
  /** Each person acknowledges one of them. */
  documents: DemoDocument[];
  /** Its waiting version is every dashboard person's to approve. */
  approvalDocument: DemoDocument;
  risks: { id: string; name: string }[];
  hazards: { id: string; name: string }[];
  supplierId: string;
  personnelId: string;
  companyRequirementTypeId: string;
  personnelRequirementTypeId: string;
  workplace: string;
  branch: string;
}

export interface DashboardPerson {
  key: string;
  employeeId: string;
  name: string;
  /** Reviews this person's HR forms and training. */
  reviewerId: string;
  /** Co-reviews this person's scheduled reviews. */
  coReviewerId: string;
  /** Someone whose HR form and training this person reviews. */
  revieweeId: string;
  /** Varies dates and flags between people. */
  variant: number;
}

/** Rows so that every section of the person's "My Tasks" is non-empty. */
export function addDashboard(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  addScheduledWork(o, refs, p);
  addHrForms(o, refs, p);
  addScheduledReviews(o, refs, p);
  addQuestionsAndDocumentWork(o, refs, p);
  addTrainingAndSupplierWork(o, refs, p);
}

/** The person's id maker, variant and variant pick. */
function personOf(o: Org, p: DashboardPerson) {
  const k = (kind: string, name: string) => o.id(kind, `${p.key}/${name}`);
  const v = p.variant;
  const pick = <T>(list: T[]): T => list[v % list.length]!;
  return { k, v, pick };
}

/**
 * Scheduled tasks: an overdue audit, a reminder due today, an upcoming audit, and a completed
 * reminder. The audits are Audit rows the person conducts (an audit owns its schedule).
 */
function addScheduledWork(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  const { cal, companyId, rows } = o;
  const { k, v, pick } = personOf(o, p);
  const audits: Array<[string, string, number]> = [
    ['overdue', 'Monthly site inspection', -3 - v],
    ['upcoming', 'Quarterly racking inspection', 7 + v],
  ];
  for (const [name, title, due] of audits) {
    rows.audit.push({
      id: k('audit', name),
      companyId,
      name: title,
      templateId: refs.auditTemplate.id,
      templateVersionId: refs.auditTemplate.versionId,
      auditDate: cal.day(due),
      ownerEmployeeId: p.employeeId,
      ...place(o, refs.workplace, refs.branch),
      frequency: 'months',
      firstDueDate: cal.day(due),
      createdByEmployeeId: refs.ownerId,
      createdAt: cal.at(-60),
    });
  }
  const reminders: Array<[string, string, number, boolean]> = [
    ['today', 'Check first aid kit contents', 0, false],
    ['upcomingReminder', 'Renew forklift licence', 21 + v, false],
    ['done', 'Submit monthly safety report', -10, true],
  ];
  for (const [name, title, due, done] of reminders) {
    rows.scheduledTask.push({
      id: k('scheduledTask', name),
      companyId,
      sectionType: 'reminder',
      title,
      detail: `${title} for ${p.name}.`,
      formTemplateId: null,
      taskOwnerEmployeeId: refs.ownerId,
      assignForEmployeeId: p.employeeId,
      ...place(o, refs.workplace, refs.branch),
      frequency: pick(['weeks', 'quarterly', 'years']),
      dueDate: cal.day(due),
      completedAt: done ? cal.at(due, 15) : null,
      createdAt: cal.at(-60),
    });
  }
  addReminderHistory(o, k('scheduledTask', 'today'), p.employeeId);
}

/**
 * HR forms: an assessment for the person to fill in (not opened yet: its form starts on first
 * open), another employee's submitted form they review (its form submitted, the person its
 * coordinator), and their performance reviews (performanceReviews.ts).
 */
function addHrForms(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  const { cal, companyId, rows } = o;
  const { k, v } = personOf(o, p);
  const reviewed = addSubmission(o, {
    key: `hr/${p.key}`,
    template: refs.hrTemplate,
    state: 'open',
    formDate: -2,
    description: refs.hrTemplate.name,
    workplace: refs.workplace,
    branch: refs.branch,
    coordinators: [p.employeeId],
    recordedByEmployeeId: p.revieweeId,
    values: refs.hrAnswers,
  });
  const hr: Array<[string, string, string, AssignmentStatus, number, string | null]> = [
    ['assessment', p.employeeId, p.reviewerId, 'assigned', 5 + v, null],
    ['reviewer', p.revieweeId, p.employeeId, 'submitted', -1, reviewed],
  ];
  for (const [name, employeeId, reviewerEmployeeId, status, due, submissionId] of hr) {
    rows.hrFormAssignment.push({
      id: k('hrForm', name),
      companyId,
      formTemplateId: refs.hrTemplate.id,
      sectionType: 'hrAssessment',
      employeeId,
      reviewerEmployeeId,
      submissionId,
      status,
      dueDate: cal.day(due),
      message: 'Your yearly check-in: ten minutes, and it stays between you and HR.',
      createdById: o.userOfEmployee(refs.ownerId) ?? null,
      createdAt: cal.at(-20),
    });
  }
  addPerformanceReviews(o, p);
}

/** Scheduled reviews of register items; some with a co-reviewer, one already completed. */
function addScheduledReviews(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  const { cal, companyId, rows } = o;
  const { k, v, pick } = personOf(o, p);
  const document = pick(refs.documents);
  const risk = pick(refs.risks);
  const hazard = pick(refs.hazards);
  const reviews: Array<
    [string, 'document' | 'riskRegister' | 'hazardousRegister' | 'obligation', string, string, number, number]
  > = [
    ['document', 'document', document.id, `${document.name} annual review`, 5 + v * 4, 0],
    ['risk', 'riskRegister', risk.id, `${risk.name} risk review`, -2, 1],
    ['hazard', 'hazardousRegister', hazard.id, `${hazard.name} SDS review`, 0, 2],
    ['obligation', 'obligation', refs.obligationId, `${refs.obligationName} compliance review`, 14, 0],
    ['done', 'document', document.id, `${document.name} interim review`, -30, 3],
  ];
  // The document's own reviewer and next review are this open review's (one open review per item).
  const reviewed = rows.document.find((row) => row.id === document.id);
  if (reviewed)
    Object.assign(reviewed, {
      reviewerEmployeeId: p.employeeId,
      coReviewerEmployeeId: null,
      nextReviewDate: cal.day(5 + v * 4),
    });
  for (const [name, itemType, itemId, title, due, coMode] of reviews) {
    rows.review.push({
      id: k('review', name),
      companyId,
      itemType,
      itemId,
      name: title,
      reviewerEmployeeId: p.employeeId,
      // coMode 1: co-reviewer still to review; 2: co-reviewed; 3: completed.
      coReviewerEmployeeId: coMode === 1 || coMode === 2 ? p.coReviewerId : null,
      isCoReviewed: coMode === 2,
      dueDate: cal.day(due),
      completedAt: coMode === 3 ? cal.at(-29, 14) : null,
      // A document is reviewed as often as it says (the next review is scheduled from it).
      frequency: itemType === 'document' ? (reviewed?.reviewFrequency ?? null) : null,
      createdAt: cal.at(-45),
    });
  }
}

/** Assigned actions beyond form actions: audit and obligation questions, document work. */
function addQuestionsAndDocumentWork(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  const { cal, companyId, rows } = o;
  const { k, pick } = personOf(o, p);
  const document = pick(refs.documents);
  rows.auditQuestionTask.push(
    {
      id: k('auditTask', 'open'),
      companyId,
      auditId: refs.auditId,
      question: pick([
        'Are fire extinguishers tagged and in date?',
        'Are racking load signs displayed?',
        'Are walkways clearly marked?',
      ]),
      instruction: `Check and report back, ${p.name.split(' ')[0]}.`,
      assigneeType: 'internal',
      assigneeEmployeeId: p.employeeId,
      dueDate: cal.day(pick([-2, 0, 4])),
    },
    {
      id: k('auditTask', 'draft'),
      companyId,
      auditId: refs.auditId,
      question: 'Is the emergency evacuation plan displayed at every exit?',
      instruction: 'Photograph each plan and note any missing ones.',
      assigneeType: 'internal',
      assigneeEmployeeId: p.employeeId,
      dueDate: cal.day(9),
      response: 'Level 3 east exit checked; west exit still to do.',
    },
  );
  rows.obligationQuestionTask.push({
    id: k('obligationTask', 'open'),
    companyId,
    obligationId: refs.obligationId,
    reference: pick(['s19 Primary duty of care', 's47 Duty to consult workers', 's38 Notifiable incidents']),
    instruction: 'Confirm the evidence of compliance is filed in the register.',
    assigneeType: 'internal',
    assigneeEmployeeId: p.employeeId,
    dueDate: cal.day(pick([3, -1, 0])),
  });
  rows.documentAcknowledgement.push({
    id: k('acknowledgement', document.name),
    companyId,
    documentId: document.id,
    versionId: document.versionId,
    employeeId: p.employeeId,
    dueDate: cal.day(pick([2, -3, 0])),
  });
  rows.documentApproval.push({
    id: k('approval', refs.approvalDocument.name),
    companyId,
    documentId: refs.approvalDocument.id,
    versionId: refs.approvalDocument.versionId,
    employeeId: p.employeeId,
    dueDate: cal.day(pick([6, 1, -2])),
  });
}

/** Online training and external parties' work (each says what below). */
function addTrainingAndSupplierWork(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  const { cal, companyId, rows } = o;
  const { k, v, pick } = personOf(o, p);
  // Online training: as the trainee (v even: not attempted yet; v odd: one failed attempt, a re-test
  // left) and as the reviewer of someone's attempt waiting for the short answer's marks.
  const training = { course: refs.trainingCourse, createdById: refs.trainingAssignedBy };
  addTrainingAssignment(o, {
    ...training,
    key: `${p.key}/trainee`,
    employeeId: p.employeeId,
    reviewerId: p.reviewerId,
    completeBy: 10 + v,
    createdDaysAgo: 5,
    message: 'Please complete this before your next shift.',
    attempts:
      v % 2 === 1
        ? [{ day: -2, minutes: 14, wrong: [1, 3], shortPoints: 1, comment: 'Say where you go.' }]
        : [],
  });
  addTrainingAssignment(o, {
    ...training,
    key: `${p.key}/reviewer`,
    employeeId: p.revieweeId,
    reviewerId: p.employeeId,
    completeBy: -1,
    createdDaysAgo: 12,
    attempts: [{ day: -2, minutes: 16, wrong: [2], shortPoints: null }],
  });

  // External parties: a submitted supplier form and a submitted requirement to review.
  rows.supplierAssignment.push({
    id: k('supplierAssignment', 'review'),
    companyId,
    supplierId: refs.supplierId,
    personnelId: v % 2 === 0 ? refs.personnelId : null,
    formTemplateId: refs.supplierTemplateId,
    reviewerEmployeeId: p.employeeId,
    status: 'submitted',
    dueDate: cal.day(pick([3, 0, -4])),
    createdAt: cal.at(-14),
  });
  rows.supplierRequirement.push(
    {
      id: k('supplierRequirement', 'company'),
      companyId,
      supplierId: refs.supplierId,
      requirementTypeId: refs.companyRequirementTypeId,
      reviewerEmployeeId: p.employeeId,
      status: 'submitted' satisfies RequirementStatus,
      dueDate: cal.day(pick([4, -1, 0])),
      expiryDate: cal.day(365),
      createdAt: cal.at(-9),
    },
    {
      id: k('supplierRequirement', 'personnel'),
      companyId,
      supplierId: refs.supplierId,
      personnelId: refs.personnelId,
      requirementTypeId: refs.personnelRequirementTypeId,
      reviewerEmployeeId: p.employeeId,
      status: 'submitted',
      dueDate: cal.day(pick([8, 2, -3])),
      expiryDate: cal.day(730),
      createdAt: cal.at(-9),
    },
  );
}

/**
 * The reminder due today is the third occurrence of its schedule: the two before it were signed off
 * by the person (the sign-off page's history). Its first due day is counted back from today; a
 * schedule whose occurrences do not land back on today exactly (a month end) keeps no history.
 */
function addReminderHistory(o: Org, todayId: string, employeeId: string): void {
  const { cal, rows } = o;
  const current = rows.scheduledTask.find((row) => row.id === todayId)!;
  const unit = current.frequency as FrequencyUnit;
  const today = cal.iso(0);
  const back = { weeks: 14, quarterly: 183, years: 731 }[unit as 'weeks' | 'quarterly' | 'years'];
  if (back === undefined) return;
  const anchor = [-3, -2, -1, 0, 1, 2, 3]
    .map((slack) => cal.iso(-back + slack))
    .find((day) => occurrenceDay(day, unit, 2) === today);
  if (!anchor) return;
  const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
  const seriesId = o.id('reminderSeries', todayId);
  Object.assign(current, { seriesId, anchorDate: dateOf(anchor), occurrence: 2 });
  for (const occurrence of [0, 1]) {
    const due = occurrenceDay(anchor, unit, occurrence);
    rows.scheduledTask.push({
      ...current,
      id: o.id('scheduledTask', `${todayId}/${occurrence}`),
      occurrence,
      dueDate: dateOf(due),
      completedAt: new Date(`${due}T15:00:00Z`),
      completedByEmployeeId: employeeId,
      response: 'Kit checked and restocked.',
      reminderSentAt: new Date(`${due}T00:00:00Z`),
    });
  }
}
