import { z } from 'zod';
import { FREQUENCY_KEYS, isWeekendDay } from '../rules/frequency';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { defineCall } from './call';
import { ZDay } from './envelope';

/**
 * Tasks and reminders (access key `task`, the menu's Reminders): scheduled work that recurs at a
 * frequency, each occurrence signed off on `task/form/signoff/{id}` (docs/tasks.md). The
 * specification names the routes and the ScheduledTask fields (000 §2, §3); the messages are this
 * product's.
 */
export const taskMessages = {
  titleRequired: 'Please enter the title of the task.',
  frequencyUnknown: 'Choose how often the task recurs.',
  dueDateRequired: 'Please enter the first due date as a date.',
  dueDatePast: 'The first due date cannot be before today.',
  dueDateWeekend: 'A task that recurs on weekdays must first be due on a weekday (Monday to Friday).',
  ownerRequired: 'Choose who owns the task.',
  personUnknown: 'Choose an active employee of your organisation.',
  workplaceUnknown: 'The chosen workplace does not exist.',
  templateUnknown: 'The chosen form does not exist or is not published.',
  completed: 'This occurrence has already been signed off: it cannot be changed or signed off again.',
  notYours: 'Only the assignee or the owner of the task can sign it off.',
  formUnknown: 'Choose a submission of this task’s form that you filled in.',
  formUsed: 'That submission went with an earlier occurrence of this task: choose another.',
  saved: 'Task saved.',
  signedOff: 'Task signed off.',
} as const;
const say = taskMessages;

export const TASK_STATUSES = ['open', 'completed'] as const;
export const TASK_SORTS = ['dueDate', 'title', 'createdAt'] as const;

const access = { callers: ['employee'], accessKeys: ['task'] } as const;
const ZId = z.object({ _id: z.uuid() });
const ZPerson = z.object({ _id: z.uuid(), name: z.string() });

const ZOptionalDay = z
  .string()
  .refine((day) => ZDay.safeParse(day).success, { error: 'Enter the date as a date.' })
  .optional();

/** What narrows the list of reminders. */
export const ZTaskListRequest = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(TASK_STATUSES).default('open'),
  assigneeId: z.uuid().optional(),
  /** Only occurrences due before today (open ones). */
  overdue: z.boolean().optional(),
  dueFrom: ZOptionalDay,
  dueTo: ZOptionalDay,
  sort: z.enum(TASK_SORTS).default('dueDate'),
  sortDirection: z.enum(['asc', 'desc']).default('asc'),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type TTaskListRequest = z.input<typeof ZTaskListRequest>;

export const ZTaskRow = z.object({
  _id: z.uuid(),
  title: z.string(),
  assignee: z.string().nullable(),
  owner: z.string().nullable(),
  workplace: z.string().nullable(),
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  dueDate: z.string(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  hasForm: z.boolean(),
  completedOn: z.string().nullable(),
});
export type TTaskRow = z.output<typeof ZTaskRow>;

export const ZTaskList = z.object({
  rows: z.array(ZTaskRow),
  total: z.number().int(),
  totalCapped: z.boolean().optional(),
});

/** An earlier occurrence of the same schedule. */
export const ZTaskHistoryEntry = z.object({
  _id: z.uuid(),
  occurrence: z.number().int(),
  dueDate: z.string(),
  completedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  response: z.string(),
  /** The submission of the task's form recorded with the sign-off ("FS 12 · 03/02/2027"). */
  formSubmission: ZPerson.nullable(),
});

export const ZTaskDetails = z.object({
  _id: z.uuid(),
  title: z.string(),
  detail: z.string(),
  owner: ZPerson.nullable(),
  assignee: ZPerson.nullable(),
  workplaceId: z.uuid().nullable(),
  workplace: z.string().nullable(),
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  formTemplate: ZPerson.nullable(),
  formSubmissionId: z.uuid().nullable(),
  /** The submission recorded with the sign-off, named ("FS 12 · 03/02/2027"). */
  formSubmission: ZPerson.nullable(),
  /**
   * For the caller who may sign off an occurrence with a form: their latest submissions of that
   * form (newest first), one of which the sign-off can record.
   */
  formChoices: z.array(ZPerson),
  /** The schedule's first due day and this occurrence's number in it (0 the first). */
  anchorDate: z.string(),
  occurrence: z.number().int(),
  dueDate: z.string(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  /** The due day of the occurrence that signing this one off creates (null: it does not recur). */
  nextDueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  response: z.string(),
  /** Whether the caller may sign it off (its assignee or owner, while it is open). */
  canSignOff: z.boolean(),
  /** The next occurrence, once this one is signed off. */
  next: z.object({ _id: z.uuid(), dueDate: z.string() }).nullable(),
  history: z.array(ZTaskHistoryEntry),
});
export type TTaskDetails = z.output<typeof ZTaskDetails>;

export const ZTaskOptions = z.object({
  workplaces: z.array(ZPerson),
  /** The published form templates a reminder can ask to fill in. */
  templates: z.array(ZPerson),
});
export type TTaskOptions = z.output<typeof ZTaskOptions>;

/**
 * Create a schedule (no _id; its first occurrence is due on dueDate) or change an open occurrence.
 * A change of the due day or frequency starts the schedule again from that occurrence.
 */
export const ZTaskSave = z
  .object({
    _id: z.uuid().optional(),
    title: z.string({ error: say.titleRequired }).trim().min(1, say.titleRequired).max(200),
    detail: z.string().trim().max(10_000).default(''),
    ownerId: z.uuid({ error: say.ownerRequired }),
    assigneeId: z.uuid({ error: say.personUnknown }).nullable().default(null),
    workplaceId: z.uuid({ error: say.workplaceUnknown }).nullable().default(null),
    formTemplateId: z.uuid({ error: say.templateUnknown }).nullable().default(null),
    dueDate: z
      .string({ error: say.dueDateRequired })
      .refine((day) => ZDay.safeParse(day).success, { error: say.dueDateRequired }),
    frequency: z.enum(FREQUENCY_KEYS, { error: say.frequencyUnknown }),
  })
  .superRefine((input, ctx) => {
    if (
      input.frequency === 'weekDays' &&
      ZDay.safeParse(input.dueDate).success &&
      isWeekendDay(input.dueDate)
    )
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: say.dueDateWeekend });
  });
export type TTaskSave = z.input<typeof ZTaskSave>;
export type TTaskSaveParsed = z.output<typeof ZTaskSave>;

/** The rule on the first due day, for the edit page and the server alike. */
export function taskDueDateProblem(dueDate: string, today: string): string | null {
  return dueDate < today ? say.dueDatePast : null;
}

export const ZTaskSignOff = z.object({
  _id: z.uuid(),
  response: z.string().trim().max(10_000).default(''),
  /** One of the details' formChoices: the form filled in for this occurrence. */
  formSubmissionId: z.uuid({ error: say.formUnknown }).nullable().default(null),
});
export type TTaskSignOff = z.input<typeof ZTaskSignOff>;
export type TTaskSignOffParsed = z.output<typeof ZTaskSignOff>;

export const ZTaskSignedOff = z.object({ next: z.object({ _id: z.uuid(), dueDate: z.string() }).nullable() });

export const taskListCall = defineCall({
  method: 'POST',
  path: '/taskList',
  tags: ['tasks'],
  summary: 'A page of the organisation’s scheduled tasks and reminders, filtered and sorted',
  access,
  body: ZTaskListRequest,
  response: ZTaskList,
});

export const taskDetailsCall = defineCall({
  method: 'POST',
  path: '/taskDetails',
  tags: ['tasks'],
  summary: 'One occurrence of a scheduled task with the earlier occurrences of its schedule',
  access,
  body: ZId,
  response: ZTaskDetails,
});

export const taskOptionsCall = defineCall({
  method: 'POST',
  path: '/taskOptions',
  tags: ['tasks'],
  summary: 'The workplaces and published forms a task can name',
  access,
  response: ZTaskOptions,
});

export const taskPeopleSearchCall = defineCall({
  method: 'POST',
  path: '/taskPeopleSearch',
  tags: ['tasks'],
  summary: 'Active employees with an account matching a search: owners and assignees',
  access,
  body: z.object({ search: z.string().trim().max(200).optional() }),
  response: z.array(ZPerson),
});

export const taskSaveCall = defineCall({
  method: 'POST',
  path: '/taskSave',
  tags: ['tasks'],
  summary: 'Create a scheduled task or reminder, or change an open occurrence',
  access,
  body: ZTaskSave,
  response: ZId,
});

export const taskSignOffCall = defineCall({
  method: 'POST',
  path: '/taskSignOff',
  tags: ['tasks'],
  summary: 'Sign off (complete) an occurrence; a recurring task’s next occurrence is created with it',
  access,
  body: ZTaskSignOff,
  response: ZTaskSignedOff,
});
