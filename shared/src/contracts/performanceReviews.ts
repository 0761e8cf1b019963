import { z } from 'zod';
import { displayDay } from '../rules/display';
import { defineCall } from './call';
import { ZStepEvent } from './changeLog';
import { ZTaskDueDateType } from './dashboard';
import { ZDay, ZPage } from './envelope';

/**
 * Performance reviews (issue 42, Human Resources): one employee's review over a period by their
 * reviewer (usually their manager) — weighted objectives, the employee's self-assessment, the
 * reviewer's assessment with an overall rating and agreed actions, then both sign off; the agreed
 * actions become actions on completion. docs/human-resources.md, "Performance reviews", has the
 * decisions and who sees what.
 */
export const performanceReviewMessages = {
  employeeUnknown: 'Choose an active employee of the organisation.',
  notYourReport: 'You may start a review only for your direct reports.',
  reviewerUnknown: 'Choose an active employee who signs in as the reviewer.',
  reviewerIsEmployee: 'The reviewer cannot review themself: choose someone else.',
  reviewerNotManager:
    'Choose the employee’s line manager as the reviewer: the reviewer reads the assessments, and only HR with hrEmployeePrivateInfo may choose someone else.',
  titleTooLong: 'The title is at most 200 characters.',
  periodEndBeforeStart: 'The period cannot end before it starts.',
  dueInPast: 'The due date cannot be in the past.',
  objectivesCount: 'Add between 1 and 10 objectives.',
  objectiveTitleRequired: 'Please enter the objective.',
  objectiveUnknown: 'An objective is not one of this review: reload it and try again.',
  objectivesAllRated: 'Rate every objective from 1 to 5.',
  weightRange: 'A weight is a whole percent from 1 to 100.',
  weightsTotal: 'The weights of the objectives must add up to 100.',
  ratingRange: 'A rating is from 1 to 5.',
  selfAssessmentRequired: 'Please write your self-assessment.',
  managerAssessmentRequired: 'Please write your assessment.',
  overallRatingRequired: 'Please give the overall rating.',
  actionsCount: 'Agree at most 10 actions.',
  actionInstructionRequired: 'Please say what is to be done.',
  actionAssigneeUnknown: 'Choose an active employee of the organisation for each action.',
  actionDueInPast: 'An action’s due date cannot be in the past.',
  commentRequired: 'Please say what needs to change.',
  notYours: 'This review is not yours to change.',
  notReviewer: 'Only the reviewer of this review may assess it.',
  notEmployee: 'Only the reviewed employee may write the self-assessment.',
  notSelfStep: 'This review is no longer at the self-assessment step.',
  notManagerStep: 'This review is not at the reviewer’s assessment step.',
  notSignOffStep: 'This review is not at the sign-off step.',
  alreadySigned: 'You have already signed this review.',
  finished: 'This review is completed or cancelled.',
  stale: 'This review was changed by someone else. Reload it to see the changes.',
  started: 'The review was started.',
  objectivesSaved: 'Objectives saved.',
  draftSaved: 'Draft saved.',
  selfSubmitted: 'Your self-assessment was sent to your reviewer.',
  managerSubmitted: 'Your assessment was sent to the employee for sign-off.',
  returned: 'The review was returned to the employee with your comment.',
  signed: 'You signed the review.',
  completed: 'The review is complete; its agreed actions were assigned.',
  cancelled: 'The review was cancelled.',
} as const;
const say = performanceReviewMessages;

/**
 * Where a review stands: the employee's self-assessment (also after a return), the reviewer's
 * assessment, sign-off by both, completed (agreed actions assigned), cancelled before completion.
 */
export const PERFORMANCE_REVIEW_STATUSES = [
  'selfAssessment',
  'managerAssessment',
  'signOff',
  'completed',
  'cancelled',
] as const;
export type PerformanceReviewStatus = (typeof PERFORMANCE_REVIEW_STATUSES)[number];
export const PERFORMANCE_REVIEW_STATUS_LABELS: Record<PerformanceReviewStatus, string> = {
  selfAssessment: 'Self-assessment',
  managerAssessment: 'Manager assessment',
  signOff: 'Sign-off',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The 1–5 scale of objectives and of the overall rating. */
export const PERFORMANCE_RATINGS = [1, 2, 3, 4, 5] as const;
export const PERFORMANCE_RATING_LABELS: Record<number, string> = {
  1: 'Well below expectations',
  2: 'Below expectations',
  3: 'Meets expectations',
  4: 'Exceeds expectations',
  5: 'Outstanding',
};

export const PERFORMANCE_REVIEW_MAX_OBJECTIVES = 10;
export const PERFORMANCE_REVIEW_MAX_ACTIONS = 10;

/** The title a review gets when the starter leaves it empty. */
export const performanceReviewTitle = (periodStart: string, periodEnd: string) =>
  `Performance review ${displayDay(periodStart)} – ${displayDay(periodEnd)}`;

const ZRating = z
  .number({ error: say.ratingRange })
  .int(say.ratingRange)
  .min(1, say.ratingRange)
  .max(5, say.ratingRange);
const ZText = z.string().trim().max(8000);
const ZComment = z.string().trim().max(2000);
const ZPerson = z.object({ _id: z.uuid(), name: z.string() });

/** The body of a call about one review. */
export const ZPerformanceReviewId = z.object({ _id: z.uuid() });
/** A change names the version it read: a stale one is a 409 (`stale_version`). */
const ZVersioned = ZPerformanceReviewId.extend({ version: z.number().int() });

/** One objective as the starter (or, while self-assessment is open, the reviewer or HR) writes it. */
export const ZPerformanceObjectiveInput = z.object({
  /** An objective of the review kept (its self-assessment draft stays); absent: a new one. */
  _id: z.uuid().optional(),
  title: z.string({ error: say.objectiveTitleRequired }).trim().min(1, say.objectiveTitleRequired).max(200),
  description: z.string().trim().max(2000).nullish(),
  weight: z
    .number({ error: say.weightRange })
    .int(say.weightRange)
    .min(1, say.weightRange)
    .max(100, say.weightRange),
});
export type TPerformanceObjectiveInput = z.input<typeof ZPerformanceObjectiveInput>;

/** 1–10 objectives whose weights add up to 100, in the order given. */
export const ZPerformanceObjectives = z
  .array(ZPerformanceObjectiveInput)
  .min(1, say.objectivesCount)
  .max(PERFORMANCE_REVIEW_MAX_OBJECTIVES, say.objectivesCount)
  .superRefine((objectives, context) => {
    const total = objectives.reduce((sum, objective) => sum + objective.weight, 0);
    if (total !== 100) context.addIssue({ code: 'custom', message: say.weightsTotal });
  });

export const ZPerformanceReviewStart = z
  .object({
    employeeId: z.uuid({ error: say.employeeUnknown }),
    reviewerEmployeeId: z.uuid({ error: say.reviewerUnknown }),
    /** Empty or absent: `performanceReviewTitle(periodStart, periodEnd)`. */
    title: z.string().trim().max(200, say.titleTooLong).nullish(),
    periodStart: ZDay,
    periodEnd: ZDay,
    /** Not in the past (the organisation's day). */
    dueDate: ZDay,
    objectives: ZPerformanceObjectives,
  })
  .superRefine((input, context) => {
    if (input.periodEnd < input.periodStart)
      context.addIssue({ code: 'custom', path: ['periodEnd'], message: say.periodEndBeforeStart });
    if (input.employeeId === input.reviewerEmployeeId)
      context.addIssue({ code: 'custom', path: ['reviewerEmployeeId'], message: say.reviewerIsEmployee });
  });
export type TPerformanceReviewStart = z.input<typeof ZPerformanceReviewStart>;

/** The register's filters, the same for a page and for the CSV export. */
export const ZPerformanceReviewFilters = z.object({
  status: z.enum(PERFORMANCE_REVIEW_STATUSES).optional(),
  employeeId: z.uuid().optional(),
  reviewerEmployeeId: z.uuid().optional(),
  /** Due on or after / on or before (yyyy-MM-dd). */
  dueFrom: ZDay.optional(),
  dueTo: ZDay.optional(),
  /** Names the employee, the reviewer or the title. */
  search: z.string().trim().max(200).optional(),
});
export type TPerformanceReviewFilters = z.input<typeof ZPerformanceReviewFilters>;

export const ZPerformanceReviewListRequest = ZPerformanceReviewFilters.extend({
  page: ZPage.optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});
export type TPerformanceReviewListRequest = z.input<typeof ZPerformanceReviewListRequest>;

/** A review's facts without its content: what the register, a history and the line manager see. */
export const ZPerformanceReviewRow = z.object({
  _id: z.uuid(),
  title: z.string(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  reviewerEmployeeId: z.uuid(),
  reviewerName: z.string(),
  status: z.enum(PERFORMANCE_REVIEW_STATUSES),
  /** yyyy-MM-dd. */
  periodStart: ZDay,
  periodEnd: ZDay,
  dueDate: ZDay,
  /** Due-date colour while it is open (self-assessment to sign-off); 'nodue' once finished. */
  taskDueDateType: ZTaskDueDateType,
  /** ISO timestamps. */
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TPerformanceReviewRow = z.output<typeof ZPerformanceReviewRow>;

export const ZPerformanceReviewList = z.object({
  rows: z.array(ZPerformanceReviewRow),
  total: z.number().int(),
  /** Set when the count stopped at its cap: `total` is the cap. */
  totalCapped: z.boolean().optional(),
});
export type TPerformanceReviewList = z.output<typeof ZPerformanceReviewList>;

/** An employee a review may be started for (with their manager: the default reviewer), or a reviewer. */
export const ZPerformanceReviewPerson = ZPerson.extend({
  positionName: z.string().nullable(),
  managerEmployeeId: z.uuid().nullable(),
  managerName: z.string().nullable(),
});
export type TPerformanceReviewPerson = z.output<typeof ZPerformanceReviewPerson>;

export const ZPerformanceReviewHistoryRequest = z.object({
  employeeId: z.uuid(),
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TPerformanceReviewHistoryRequest = z.input<typeof ZPerformanceReviewHistoryRequest>;
export type TPerformanceReviewHistoryRequestParsed = z.output<typeof ZPerformanceReviewHistoryRequest>;

/** A page of one employee's reviews, latest period first, as the caller may see them. */
export const ZPerformanceReviewHistory = z.object({
  /** With their manager: the reviewer a new review proposes. */
  employee: ZPerformanceReviewPerson,
  /** The caller may start a review of this employee (HR, or their manager). */
  canStart: z.boolean(),
  rows: z.array(
    ZPerformanceReviewRow.extend({
      /** The reviewer's overall rating: only once signed off / completed and when the caller sees the content. */
      overallRating: z.number().int().nullable(),
    }),
  ),
  /** How many reviews the caller sees of the employee. */
  total: z.number().int(),
});
export type TPerformanceReviewHistory = z.output<typeof ZPerformanceReviewHistory>;

/** One objective as the caller may see it: a side's ratings are null while hidden from the caller. */
export const ZPerformanceObjective = z.object({
  _id: z.uuid(),
  position: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  weight: z.number().int(),
  selfRating: z.number().int().nullable(),
  selfComment: z.string().nullable(),
  managerRating: z.number().int().nullable(),
  managerComment: z.string().nullable(),
});
export type TPerformanceObjective = z.output<typeof ZPerformanceObjective>;

/** An action the reviewer proposes; once the review is completed, the action made of it. */
export const ZAgreedAction = z.object({
  instruction: z.string(),
  assigneeEmployeeId: z.uuid(),
  assigneeName: z.string(),
  dueDate: ZDay,
  /** The action made on completion (null before). */
  actionId: z.uuid().nullable(),
  isComplete: z.boolean(),
});
export type TAgreedAction = z.output<typeof ZAgreedAction>;

/** One step of a review's history (its change log): started, objectives changed, submitted, returned, signed, … */
export const ZPerformanceReviewDetails = ZPerformanceReviewRow.extend({
  version: z.number().int(),
  /** Which side the caller is on: the reviewed employee, the reviewer, their line manager, or HR. */
  side: z.enum(['employee', 'reviewer', 'manager', 'hr']),
  /**
   * Which content the caller is shown. The employee's part (self ratings, comments, text): to the
   * employee always, to others once submitted. The reviewer's part (ratings, comments, text,
   * overall rating, agreed actions): to the reviewer always, to others once submitted for
   * sign-off. HR sees submitted parts only with hrEmployeePrivateInfo; the line manager never.
   */
  shows: z.object({ self: z.boolean(), manager: z.boolean() }),
  objectives: z.array(ZPerformanceObjective),
  selfAssessment: z.string().nullable(),
  managerAssessment: z.string().nullable(),
  overallRating: z.number().int().nullable(),
  agreedActions: z.array(ZAgreedAction),
  /** The reviewer's comment when they last returned it (while it is the employee's again). */
  returnComment: z.string().nullable(),
  /** ISO timestamps of each step, null until it happens. */
  selfSubmittedAt: z.string().nullable(),
  managerSubmittedAt: z.string().nullable(),
  employeeSignedAt: z.string().nullable(),
  reviewerSignedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Sign-off comments (shown with the content: to the two sides and HR with hrEmployeePrivateInfo). */
  employeeComment: z.string().nullable(),
  reviewerComment: z.string().nullable(),
  /** The reviewer or HR may change the objectives: still at self-assessment. */
  canEditObjectives: z.boolean(),
  /** The employee may save or submit their self-assessment. */
  canSelfAssess: z.boolean(),
  /** The reviewer may save or submit their assessment. */
  canManagerAssess: z.boolean(),
  /** The reviewer may return it to the employee (at the reviewer's assessment). */
  canReturn: z.boolean(),
  /** The caller is the employee or the reviewer, at sign-off, and has not signed yet. */
  canSignOff: z.boolean(),
  /** HR or its starter may cancel it before it is completed. */
  canCancel: z.boolean(),
  history: z.array(ZStepEvent),
});
export type TPerformanceReviewDetails = z.output<typeof ZPerformanceReviewDetails>;

/** A side's rating and comment of one objective (a draft may leave the rating empty). */
const ZObjectiveAssessment = z.object({
  _id: z.uuid({ error: say.objectiveUnknown }),
  rating: ZRating.nullish(),
  comment: ZComment.nullish(),
});

export const ZPerformanceSelfSave = ZVersioned.extend({
  objectives: z.array(ZObjectiveAssessment).max(PERFORMANCE_REVIEW_MAX_OBJECTIVES),
  selfAssessment: ZText.nullish(),
  /** Send it to the reviewer: every objective rated and the text written. */
  submit: z.boolean().default(false),
});
export type TPerformanceSelfSave = z.input<typeof ZPerformanceSelfSave>;

export const ZAgreedActionInput = z.object({
  instruction: z
    .string({ error: say.actionInstructionRequired })
    .trim()
    .min(1, say.actionInstructionRequired)
    .max(4000),
  assigneeEmployeeId: z.uuid({ error: say.actionAssigneeUnknown }),
  /** Not in the past when submitted. */
  dueDate: ZDay,
});
export type TAgreedActionInput = z.input<typeof ZAgreedActionInput>;

export const ZPerformanceManagerSave = ZVersioned.extend({
  objectives: z.array(ZObjectiveAssessment).max(PERFORMANCE_REVIEW_MAX_OBJECTIVES),
  managerAssessment: ZText.nullish(),
  overallRating: ZRating.nullish(),
  agreedActions: z
    .array(ZAgreedActionInput)
    .max(PERFORMANCE_REVIEW_MAX_ACTIONS, say.actionsCount)
    .default([]),
  /** Send it for sign-off: every objective rated, the text and the overall rating given. */
  submit: z.boolean().default(false),
});
export type TPerformanceManagerSave = z.input<typeof ZPerformanceManagerSave>;

/** What a change answers: the review's new version and status (the page reads the details again). */
export const ZPerformanceReviewSaved = z.object({
  version: z.number().int(),
  status: z.enum(PERFORMANCE_REVIEW_STATUSES),
});
export type TPerformanceReviewSaved = z.output<typeof ZPerformanceReviewSaved>;

const employee = { callers: ['employee'] } as const;
const tags = ['performanceReviews'];

export const performanceReviewPeopleSearchCall = defineCall({
  method: 'POST',
  path: '/performanceReviewPeopleSearch',
  tags,
  summary:
    'Active employees matching a search (20 at most): role employee — whom the caller may start a ' +
    'review for (HR: anyone; a manager: their direct reports), with their manager; role reviewer — ' +
    'those who sign in (HR or a manager)',
  access: employee,
  body: z.object({
    search: z.string().trim().max(200).optional(),
    role: z.enum(['employee', 'reviewer']).default('employee'),
  }),
  response: z.array(ZPerformanceReviewPerson),
});

export const performanceReviewStartCall = defineCall({
  method: 'POST',
  path: '/performanceReviewStart',
  tags,
  summary:
    'Start a performance review (HR: hrForm or hrAdmin; or the employee’s manager); mails the ' +
    'employee and the reviewer',
  access: employee,
  body: ZPerformanceReviewStart,
  response: z.object({ _id: z.uuid() }),
});

export const performanceReviewListCall = defineCall({
  method: 'POST',
  path: '/performanceReviewList',
  tags,
  summary:
    'The Performance Reviews register: every review, latest due first, without content (hrForm or hrAdmin)',
  access: employee,
  body: ZPerformanceReviewListRequest,
  response: ZPerformanceReviewList,
});

export const performanceReviewExportCall = defineCall({
  method: 'GET',
  path: '/performanceReviewExport',
  tags,
  summary:
    'The filtered Performance Reviews register as a CSV file (the file itself; errors in the envelope)',
  access: employee,
  query: ZPerformanceReviewFilters,
  response: 'file',
});

export const performanceReviewHistoryCall = defineCall({
  method: 'POST',
  path: '/performanceReviewHistory',
  tags,
  summary:
    'One employee’s reviews, latest period first: the employee, their manager, HR; a reviewer ' +
    'sees the ones they review',
  access: employee,
  body: ZPerformanceReviewHistoryRequest,
  response: ZPerformanceReviewHistory,
});

export const performanceReviewDetailsCall = defineCall({
  method: 'POST',
  path: '/performanceReviewDetails',
  tags,
  summary: 'One review as the caller may see it, what they may do with it, and its history',
  access: employee,
  body: ZPerformanceReviewId,
  response: ZPerformanceReviewDetails,
});

export const performanceReviewSaveObjectivesCall = defineCall({
  method: 'POST',
  path: '/performanceReviewSaveObjectives',
  tags,
  summary: 'Change the objectives while the self-assessment is open (the reviewer, the starter or HR)',
  access: employee,
  body: ZVersioned.extend({ objectives: ZPerformanceObjectives }),
  response: ZPerformanceReviewSaved,
});

export const performanceReviewSaveSelfCall = defineCall({
  method: 'POST',
  path: '/performanceReviewSaveSelf',
  tags,
  summary: 'The employee saves their self-assessment as a draft, or submits it to the reviewer',
  access: employee,
  body: ZPerformanceSelfSave,
  response: ZPerformanceReviewSaved,
});

export const performanceReviewSaveManagerCall = defineCall({
  method: 'POST',
  path: '/performanceReviewSaveManager',
  tags,
  summary: 'The reviewer saves their assessment as a draft, or submits it for sign-off',
  access: employee,
  body: ZPerformanceManagerSave,
  response: ZPerformanceReviewSaved,
});

export const performanceReviewReturnCall = defineCall({
  method: 'POST',
  path: '/performanceReviewReturn',
  tags,
  summary: 'The reviewer returns the self-assessment to the employee with a comment',
  access: employee,
  body: ZVersioned.extend({
    comment: z.string().trim().min(1, say.commentRequired).max(2000),
  }),
  response: ZPerformanceReviewSaved,
});

export const performanceReviewSignOffCall = defineCall({
  method: 'POST',
  path: '/performanceReviewSignOff',
  tags,
  summary:
    'The employee or the reviewer signs (once, with an optional comment); the second signature ' +
    'completes it and assigns its agreed actions',
  access: employee,
  body: ZVersioned.extend({ comment: ZComment.nullish() }),
  response: ZPerformanceReviewSaved,
});

export const performanceReviewCancelCall = defineCall({
  method: 'POST',
  path: '/performanceReviewCancel',
  tags,
  summary: 'Cancel a review before it is completed (HR: hrForm or hrAdmin; or its starter)',
  access: employee,
  body: ZVersioned,
  response: ZPerformanceReviewSaved,
});

/** The Performance Reviews register's page (HR Admin > Performance Reviews). */
export const PERFORMANCE_REVIEWS_PATH = '/human-resource/admin/performance-reviews';
/** One employee's reviews. */
export const performanceReviewHistoryPath = (employeeId: string) =>
  `/human-resource/employee/performance-review/${encodeURIComponent(employeeId)}`;
/** One review (the dashboard's target, shared/contractRules/workItemTarget.ts). */
export const performanceReviewPagePath = (review: { _id: string; employeeId: string }) =>
  `${performanceReviewHistoryPath(review.employeeId)}/${encodeURIComponent(review._id)}`;
