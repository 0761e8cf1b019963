import { z } from 'zod';
import { ASSIGNEE_FIELDS, oneKindOfAssignee, repeatSchema } from './assignees';
import { defineCall } from './call';
import { ZTaskDueDateType } from './dashboard';
import { ZDay, ZPage } from './envelope';
import { TRAINING_QUESTION_KINDS, ZTrainingOption } from './onlineTraining';
import { ZAttachment } from './attachments';

/**
 * Online training (issue 43), its second part: HR assigns a published course to employees (one by
 * one, a position or a workplace) with a reviewer and a complete-by day, once or as a refresher;
 * the employee takes the test — scored on the server against the version the attempt started on,
 * the answer key never sent to a trainee — within the attempts allowed; short answers go to the
 * reviewer, who marks them and so passes or fails the attempt. docs/online-training.md.
 */
export const trainingAssignmentMessages = {
  courseUnknown: 'Choose a published course that is in use.',
  whomRequired: 'Choose the employees, a position, a workplace or supplier personnel.',
  whomOne: 'Choose employees, a position, a workplace or supplier personnel — one of them.',
  employeeUnknown: 'A chosen employee is not an active employee of the organisation.',
  personnelUnknown: 'A chosen person is not active personnel of a supplier company of the organisation.',
  positionUnknown: 'Choose a position of the organisation.',
  workplaceUnknown: 'Choose a workplace of the organisation.',
  nobodyToAssign: 'No active employee holds this position or works at this workplace (the reviewer aside).',
  reviewerUnknown: 'Choose an active employee who signs in as the reviewer.',
  reviewerIsAssignee: 'The reviewer cannot review their own attempts: choose someone else or leave them out.',
  completeByInPast: 'The complete-by date cannot be in the past.',
  frequencyUnknown: 'Choose how often the training is repeated.',
  alreadyAssigned: (names: string) => `Already assigned and not yet passed: ${names}.`,
  assigned: (count: number, mails: number) =>
    `Assigned to ${count} employee${count === 1 ? '' : 's'}` +
    (mails < count ? ` (${mails} e-mailed; the others have no e-mail address).` : '.'),
  notYours: 'This training is not assigned to you.',
  notReviewer: 'Only the reviewer of this training may mark it.',
  noAttemptsLeft: 'There are no attempts left. Please ask HR.',
  notOpen: 'This training is no longer open.',
  attemptNotOpen: 'This attempt has already been submitted.',
  attemptNotSubmitted: 'This attempt has not been submitted yet.',
  answerRequired: 'Please answer this question.',
  answerInvalid: 'This answer is not one of the question’s answers.',
  markRequired: 'Please mark this answer.',
  markRange: (points: number) => `Award from 0 to ${points} points.`,
  notAwaitingReview: 'This attempt is not waiting for a review.',
  passed: (score: number) => `Passed with ${score}%.`,
  failed: (score: number, left: number) =>
    `Not passed: ${score}%.` +
    (left > 0 ? ` ${left} attempt${left === 1 ? '' : 's'} left.` : ' No attempts left.'),
  submittedForReview: 'Submitted: the reviewer marks the written answers, then you see your result.',
  marked: 'The attempt has been marked.',
  attemptAllowed: 'Another attempt is allowed.',
  notFailed: 'Only a training whose attempts are all used can be given another attempt.',
  cancelled: 'The training was withdrawn.',
  notCancellable: 'Only a training not yet passed can be withdrawn.',
  ruleStopped: 'People who join the position from now on are no longer assigned this course.',
  ruleNotLive: 'This standing assignment has already been stopped.',
  certificateNotPassed: 'A certificate is issued once the training is passed.',
} as const;
const say = trainingAssignmentMessages;

/** Where an assignment stands (the table's TrainingAssignmentStatus). */
export const TRAINING_ASSIGNMENT_STATUSES = [
  'assigned',
  'awaitingReview',
  'passed',
  'failed',
  'cancelled',
] as const;
export type TrainingAssignmentStatus = (typeof TRAINING_ASSIGNMENT_STATUSES)[number];
export const TRAINING_ASSIGNMENT_STATUS_LABELS: Record<TrainingAssignmentStatus, string> = {
  assigned: 'To complete',
  awaitingReview: 'Awaiting review',
  passed: 'Passed',
  failed: 'Not passed',
  cancelled: 'Withdrawn',
};

export const TRAINING_ATTEMPT_STATUSES = ['inProgress', 'awaitingReview', 'passed', 'failed'] as const;
export type TrainingAttemptStatus = (typeof TRAINING_ATTEMPT_STATUSES)[number];
export const TRAINING_ATTEMPT_STATUS_LABELS: Record<TrainingAttemptStatus, string> = {
  inProgress: 'In progress',
  awaitingReview: 'Awaiting review',
  passed: 'Passed',
  failed: 'Not passed',
};

/** A refresher: when passed, the next assignment is due `interval` × `frequency` after the pass. */
export const ZTrainingRepeat = repeatSchema(say.frequencyUnknown);
export type TTrainingRepeat = z.output<typeof ZTrainingRepeat>;

const ZRef = z.object({ _id: z.uuid(), name: z.string() });

/** The body of a call about one assignment or one attempt. */
export const ZTrainingId = z.object({ _id: z.uuid() });

/**
 * Assign a course: to `employeeIds`, or everyone active in `positionId`, or everyone active at
 * `workplaceId`, or supplier personnel `personnelIds` (a site induction) — exactly one of the four.
 * Someone who already has the course assigned and not yet passed is refused (400 on employeeIds or
 * personnelIds, or left out of a position or workplace). With a position, `followPosition` (the
 * default) leaves a standing rule: whoever joins the position later is assigned the course too, due
 * as many days after joining as `completeBy` is after today.
 */
export const ZTrainingAssign = z
  .object({
    courseId: z.uuid(),
    ...ASSIGNEE_FIELDS,
    personnelIds: z.array(z.uuid()).max(500).nullish(),
    followPosition: z.boolean().default(true),
    reviewerEmployeeId: z.uuid(),
    completeBy: ZDay,
    message: z.string().trim().max(2000).nullish(),
    /** null or absent: once. */
    repeat: ZTrainingRepeat.nullish(),
  })
  .superRefine(oneKindOfAssignee(say));
export type TTrainingAssign = z.input<typeof ZTrainingAssign>;

export const ZTrainingAssignOptions = z.object({
  /** Published courses in use, by name. */
  courses: z.array(
    ZRef.extend({
      expectedMinutes: z.number().int(),
      attemptsAllowed: z.number().int(),
      /** The published version has short answers: the reviewer marks them. */
      hasShortAnswers: z.boolean(),
    }),
  ),
  positions: z.array(ZRef),
  workplaces: z.array(ZRef),
});
export type TTrainingAssignOptions = z.output<typeof ZTrainingAssignOptions>;

/** Active supplier personnel by name or company, for the assign dialog (20 at most, by name). */
export const ZTrainingPersonnelOptionsRequest = z.object({ search: z.string().trim().max(200).default('') });
export const ZTrainingPersonnelOptions = z.object({
  rows: z.array(
    z.object({ _id: z.uuid(), name: z.string(), supplierName: z.string(), email: z.string().nullable() }),
  ),
});
export type TTrainingPersonnelOptions = z.output<typeof ZTrainingPersonnelOptions>;

export const ZTrainingAssignmentListRequest = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  courseId: z.uuid().optional(),
  employeeId: z.uuid().optional(),
  status: z.enum(TRAINING_ASSIGNMENT_STATUSES).optional(),
  /** The employee's or the reviewer's name. */
  search: z.string().trim().max(200).optional(),
});
export type TTrainingAssignmentListRequest = z.input<typeof ZTrainingAssignmentListRequest>;

export const ZTrainingAssignmentRow = z.object({
  _id: z.uuid(),
  courseId: z.uuid(),
  courseName: z.string(),
  /** The trainee: an employee (employeeId) or a supplier's person (personnelId, supplierName). */
  employeeId: z.uuid().nullable(),
  personnelId: z.uuid().nullable(),
  supplierName: z.string().nullable(),
  /** The trainee's name (the dashboard item's employeeName): the employee's or the person's. */
  employeeName: z.string(),
  reviewerEmployeeId: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  status: z.enum(TRAINING_ASSIGNMENT_STATUSES),
  /** yyyy-MM-dd. */
  completeBy: z.string(),
  /** Due-date colour while it is the employee's to take; 'nodue' otherwise. */
  taskDueDateType: ZTaskDueDateType,
  attemptsUsed: z.number().int(),
  attemptsAllowed: z.number().int(),
  /** The latest submitted attempt, which the attempt view opens. */
  lastAttemptId: z.uuid().nullable(),
  /** The passing (or last marked) attempt's percent. */
  score: z.number().int().nullable(),
  /** ISO timestamp. */
  passedAt: z.string().nullable(),
  repeat: ZTrainingRepeat.nullable(),
  createdAt: z.string(),
});
export type TTrainingAssignmentRow = z.output<typeof ZTrainingAssignmentRow>;

export const ZTrainingAssignmentList = z.object({
  rows: z.array(ZTrainingAssignmentRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});
export type TTrainingAssignmentList = z.output<typeof ZTrainingAssignmentList>;

/** A question as a trainee sees it: no answer key. */
export const ZTraineeQuestion = z.object({
  _id: z.uuid(),
  kind: z.enum(TRAINING_QUESTION_KINDS),
  text: z.string(),
  options: z.array(ZTrainingOption),
  points: z.number().int(),
});
export type TTraineeQuestion = z.output<typeof ZTraineeQuestion>;

/** A version's content as a trainee sees it: sections and questions, no answer key. */
export const ZTraineeCourse = z.object({
  versionNumber: z.number().int(),
  introduction: z.string(),
  sections: z.array(
    z.object({
      _id: z.uuid(),
      title: z.string(),
      body: z.string(),
      videoUrl: z.string().nullable(),
      fileIds: z.array(z.uuid()),
    }),
  ),
  questions: z.array(ZTraineeQuestion),
  passMark: z.number().int(),
  expectedMinutes: z.number().int(),
  /** The files the sections name (read through /api/files/:id by the assignment's people). */
  files: z.array(ZAttachment),
});
export type TTraineeCourse = z.output<typeof ZTraineeCourse>;

export const ZTrainingAttemptRow = z.object({
  _id: z.uuid(),
  number: z.number().int(),
  status: z.enum(TRAINING_ATTEMPT_STATUSES),
  score: z.number().int().nullable(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type TTrainingAttemptRow = z.output<typeof ZTrainingAttemptRow>;

/**
 * One assignment as its page shows it: to take (the assignee, while attempts are left) or to look
 * at (the reviewer, HR). `course` is the version an attempt in progress started on, or the
 * published one.
 */
export const ZTrainingAssignmentView = ZTrainingAssignmentRow.extend({
  message: z.string().nullable(),
  /** Which side the caller is on: 'employee' is the trainee (signed in, or the holder of its link). */
  side: z.enum(['employee', 'reviewer', 'hr']),
  course: ZTraineeCourse,
  /** Oldest first. */
  attempts: z.array(ZTrainingAttemptRow),
  /** The attempt started and not yet submitted (its time runs from startedAt). */
  inProgress: ZTrainingAttemptRow.nullable(),
  /** The caller may start (or carry on) an attempt: theirs, assigned, attempts left. */
  canAttempt: z.boolean(),
});
export type TTrainingAssignmentView = z.output<typeof ZTrainingAssignmentView>;

/** An answer: the chosen option ids (choice), true or false, or the text of a short answer. */
export const ZTrainingAnswer = z.union([z.array(z.uuid()).max(8), z.boolean(), z.string().trim().max(5000)]);
export type TTrainingAnswer = z.output<typeof ZTrainingAnswer>;

export const ZTrainingAttemptSubmit = z.object({
  _id: z.uuid(),
  /** { [questionId]: answer }: every question of the attempt's version answered. */
  answers: z.record(z.uuid(), ZTrainingAnswer),
});
export type TTrainingAttemptSubmit = z.input<typeof ZTrainingAttemptSubmit>;

export const ZTrainingAttemptResult = z.object({
  status: z.enum(TRAINING_ATTEMPT_STATUSES),
  assignmentStatus: z.enum(TRAINING_ASSIGNMENT_STATUSES),
  /** null while short answers wait for the reviewer. */
  score: z.number().int().nullable(),
  passMark: z.number().int(),
  attemptsLeft: z.number().int(),
  message: z.string(),
});
export type TTrainingAttemptResult = z.output<typeof ZTrainingAttemptResult>;

/**
 * How an answer came out: right or wrong (choice, true/false), partly right (a short answer given
 * some of its points), or waiting for the reviewer. Never the answer key.
 */
export const TRAINING_ANSWER_RESULTS = ['correct', 'incorrect', 'partial', 'awaitingReview'] as const;

export const ZTrainingAttemptQuestion = ZTraineeQuestion.extend({
  /** What the trainee answered (null: nothing). */
  answer: ZTrainingAnswer.nullable(),
  result: z.enum(TRAINING_ANSWER_RESULTS),
  /** Points awarded; null while waiting for the reviewer. */
  pointsAwarded: z.number().int().nullable(),
  /** The reviewer's guidance of a short answer, to its reviewer and HR only; else null. */
  modelAnswer: z.string().nullable(),
});
export type TTrainingAttemptQuestion = z.output<typeof ZTrainingAttemptQuestion>;

/** A submitted attempt: what was answered and how it came out. */
export const ZTrainingAttemptView = ZTrainingAttemptRow.extend({
  assignmentId: z.uuid(),
  courseId: z.uuid(),
  courseName: z.string(),
  versionNumber: z.number().int(),
  employeeId: z.uuid().nullable(),
  personnelId: z.uuid().nullable(),
  /** The trainee's name. */
  employeeName: z.string(),
  reviewerName: z.string().nullable(),
  reviewComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  points: z.number().int().nullable(),
  maxPoints: z.number().int(),
  passMark: z.number().int(),
  attemptsUsed: z.number().int(),
  attemptsAllowed: z.number().int(),
  assignmentStatus: z.enum(TRAINING_ASSIGNMENT_STATUSES),
  side: z.enum(['employee', 'reviewer', 'hr']),
  /** The caller is the reviewer and the attempt waits for their marks. */
  canMark: z.boolean(),
  /** The caller is the trainee and may take a re-test. */
  canRetest: z.boolean(),
  questions: z.array(ZTrainingAttemptQuestion),
});
export type TTrainingAttemptView = z.output<typeof ZTrainingAttemptView>;

export const ZTrainingAttemptMark = z.object({
  _id: z.uuid(),
  /** The points of each short answer: every short answer of the attempt. */
  marks: z.array(z.object({ questionId: z.uuid(), points: z.number().int().min(0).max(10) })).max(100),
  comment: z.string().trim().max(2000).nullish(),
});
export type TTrainingAttemptMark = z.input<typeof ZTrainingAttemptMark>;

// ---- Calls

/** HR's calls: employees whose role has hrAdmin. */
export const trainingHrAdmin = { callers: ['employee'], accessKeys: ['hrAdmin'] } as const;
const hrAdmin = trainingHrAdmin;
/**
 * The trainee (an employee; supplier personnel signed in to the portal; anyone holding the
 * assignment's link), the reviewer or HR: whose the assignment is is checked by the service.
 */
const trainee = { callers: ['employee', 'personnel', 'link'] } as const;
/** The reviewer marks: employees only. */
const employee = { callers: ['employee'] } as const;

export const trainingAssignOptionsCall = defineCall({
  method: 'POST',
  path: '/trainingAssignOptions',
  tags: ['onlineTraining'],
  summary: 'What a course is assigned with: published courses in use, positions, workplaces (hrAdmin)',
  access: hrAdmin,
  response: ZTrainingAssignOptions,
});

export const trainingAssignCall = defineCall({
  method: 'POST',
  path: '/trainingAssign',
  tags: ['onlineTraining'],
  summary: 'Assign a course to employees (or a position, or a workplace); mails each of them (hrAdmin)',
  access: hrAdmin,
  body: ZTrainingAssign,
  response: z.object({ count: z.number().int(), ids: z.array(z.uuid()), mailsQueued: z.number().int() }),
});

export const trainingPersonnelOptionsCall = defineCall({
  method: 'POST',
  path: '/trainingPersonnelOptions',
  tags: ['onlineTraining'],
  summary: 'Active supplier personnel by name or company, to assign a site induction to (hrAdmin)',
  access: hrAdmin,
  body: ZTrainingPersonnelOptionsRequest,
  response: ZTrainingPersonnelOptions,
});

export const trainingCertificateCall = defineCall({
  method: 'GET',
  path: '/trainingCertificate',
  tags: ['onlineTraining'],
  summary:
    'The completion certificate (PDF) of a passed training: its trainee (or its link), its reviewer, HR (hrAdmin)',
  access: trainee,
  query: z.object({ assignmentId: z.uuid(), authtoken: z.string().optional() }),
  response: 'file',
});

export const trainingAssignmentListCall = defineCall({
  method: 'POST',
  path: '/trainingAssignmentList',
  tags: ['onlineTraining'],
  summary: 'Assigned training, latest complete-by first: of a course, of an employee, by status (hrAdmin)',
  access: hrAdmin,
  body: ZTrainingAssignmentListRequest,
  response: ZTrainingAssignmentList,
});

export const trainingAssignmentAllowAttemptCall = defineCall({
  method: 'POST',
  path: '/trainingAssignmentAllowAttempt',
  tags: ['onlineTraining'],
  summary: 'Give a failed training one more attempt: it is the employee’s to take again (hrAdmin)',
  access: hrAdmin,
  body: ZTrainingId,
  response: z.object({ attemptsAllowed: z.number().int() }),
});

export const trainingAssignmentCancelCall = defineCall({
  method: 'POST',
  path: '/trainingAssignmentCancel',
  tags: ['onlineTraining'],
  summary: 'Withdraw a training not yet passed; its refreshers stop (hrAdmin)',
  access: hrAdmin,
  body: ZTrainingId,
  response: z.object({ ok: z.literal(true) }),
});

export const trainingAssignmentOpenCall = defineCall({
  method: 'POST',
  path: '/trainingAssignmentOpen',
  tags: ['onlineTraining'],
  summary:
    'One assigned training with its course (no answer key) and attempts: the employee’s to take, ' +
    'its reviewer’s or HR’s (hrAdmin) to look at',
  access: trainee,
  body: ZTrainingId,
  response: ZTrainingAssignmentView,
});

export const trainingAttemptStartCall = defineCall({
  method: 'POST',
  path: '/trainingAttemptStart',
  tags: ['onlineTraining'],
  summary:
    'Start an attempt (or carry on the one in progress) on the published version: the employee, attempts left',
  access: trainee,
  body: z.object({ assignmentId: z.uuid() }),
  response: ZTrainingAttemptRow,
});

export const trainingAttemptSubmitCall = defineCall({
  method: 'POST',
  path: '/trainingAttemptSubmit',
  tags: ['onlineTraining'],
  summary:
    'Submit an attempt’s answers: scored on the server; passed, failed, or to the reviewer for short answers',
  access: trainee,
  body: ZTrainingAttemptSubmit,
  response: ZTrainingAttemptResult,
});

export const trainingAttemptDetailsCall = defineCall({
  method: 'POST',
  path: '/trainingAttemptDetails',
  tags: ['onlineTraining'],
  summary:
    'A submitted attempt (by its id, or an assignment’s latest by the assignment’s id): the trainee, ' +
    'the reviewer (with the short answers’ guidance) or HR (hrAdmin)',
  access: trainee,
  body: ZTrainingId,
  response: ZTrainingAttemptView,
});

export const trainingAttemptMarkCall = defineCall({
  method: 'POST',
  path: '/trainingAttemptMark',
  tags: ['onlineTraining'],
  summary: 'The reviewer marks an attempt’s short answers, which passes or fails it',
  access: employee,
  body: ZTrainingAttemptMark,
  response: ZTrainingAttemptResult,
});

/**
 * The public pages of a training's link (000 §1.3: online-training/employee/…): `form-attempt` where
 * the training stands (the mail's link: attempts, what to do next, the certificate), `form-submit`
 * the first attempt, `form-re-test` another attempt, `form-attempt-view` a submitted attempt. With
 * `?authtoken=` the link opens them; without, the signed-in trainee's session (supplier personnel).
 */
const LINK_BASE = '/online-training/employee';
const withToken = (path: string, token?: string) =>
  token ? `${path}?authtoken=${encodeURIComponent(token)}` : path;
export const trainingLinkPaths = {
  status: (assignmentId: string, token?: string) =>
    withToken(`${LINK_BASE}/form-attempt/${encodeURIComponent(assignmentId)}`, token),
  take: (assignmentId: string, token?: string) =>
    withToken(`${LINK_BASE}/form-submit/${encodeURIComponent(assignmentId)}`, token),
  retest: (assignmentId: string, token?: string) =>
    withToken(`${LINK_BASE}/form-re-test/${encodeURIComponent(assignmentId)}`, token),
  attempt: (attemptId: string, token?: string) =>
    withToken(`${LINK_BASE}/form-attempt-view/${encodeURIComponent(attemptId)}`, token),
};

/** The screens' paths (the dashboard's targets, shared/contractRules/workItemTarget.ts). */
const TRAINEE_BASE = '/human-resource/employee';
export const trainingTakePath = (courseId: string, employeeId: string, assignmentId: string) =>
  `${TRAINEE_BASE}/online-training-form-submit/${encodeURIComponent(courseId)}/${encodeURIComponent(employeeId)}?assignFormId=${encodeURIComponent(assignmentId)}`;
export const trainingAttemptViewPath = (attemptId: string) =>
  `${TRAINEE_BASE}/online-training-form-attempt-view/${encodeURIComponent(attemptId)}`;
export const trainingAttemptReviewPath = (attemptId: string) =>
  `${TRAINEE_BASE}/online-training-form-edit/${encodeURIComponent(attemptId)}`;
