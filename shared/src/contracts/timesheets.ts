import { z } from 'zod';
import { ZDay } from '../rules/day';
import { ACCESS, defineCall } from './call';
import { ZYesNo, ZPage } from './envelope';

/**
 * TimeSheet (docs/timesheets-and-visitors.md): each employee's weeks from their QR clock-ins. Days
 * and weeks are counted in the organisation's time zone; a week starts on Monday. An employee sees
 * their own; a manager their direct reports (managerEmployeeId); holders of `hrAdmin` everyone. A
 * manager or HR corrects an entry (with a reason, kept in the change log) and approves a week;
 * nobody approves or corrects their own. The payroll export holds approved weeks only.
 */

export const timesheetMessages = {
  weekStartMonday: 'A timesheet week starts on a Monday.',
  reasonRequired: 'Please say why the entry is corrected.',
  signOutRequired: 'Please enter the clock-out time.',
  signOutBeforeSignIn: 'The clock-out time must be after the clock-in time.',
  entryTooLong: 'An entry may last at most 24 hours.',
  entryInFuture: 'An entry cannot end in the future.',
  entryOverlaps: 'The corrected times overlap another entry of this employee.',
  entryOutsideWeek: 'The corrected clock-in must stay in the same week.',
  weekApproved: 'This week is approved: withdraw the approval to correct it.',
  alreadyApproved: 'This week is already approved.',
  notApproved: 'This week is not approved.',
  missedClockOuts: 'Correct the missed clock-outs before approving this week.',
  emptyWeek: 'There are no hours to approve in this week.',
  weekNotOver: 'A week can be approved once it has ended.',
  notYourOwn: 'You cannot approve or correct your own timesheet.',
  corrected: 'Entry corrected.',
  approved: 'Week approved.',
  unapproved: 'Approval withdrawn.',
  periodTooLong: 'An export covers at most 92 days.',
  periodReversed: 'The end of the period must not be before its start.',
  signatureInvalid: 'Please draw the signature again.',
} as const;
const say = timesheetMessages;

/** A signature drawn on a canvas: a PNG data URL of at most 500 KB. */
export const ZSignature = z
  .string({ error: say.signatureInvalid })
  .max(500_000, say.signatureInvalid)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, say.signatureInvalid);

/** A week on the wire: its Monday, yyyy-MM-dd. */
export const ZWeekStart = ZDay.refine((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1, {
  error: say.weekStartMonday,
  // The last whole week of the calendar: its end, a week later, is still a day of year 9999.
}).refine((day) => day <= '9999-12-20', { error: say.weekStartMonday });

export const TIMESHEET_STATUSES = ['all', 'toApprove', 'approved', 'missed'] as const;
export const TIMESHEET_STATUS_LABELS: Record<(typeof TIMESHEET_STATUSES)[number], string> = {
  all: 'All',
  toApprove: 'To approve',
  approved: 'Approved',
  missed: 'Missed clock-out',
};
export const TIMESHEET_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** The longest period one payroll export covers. */
export const TIMESHEET_EXPORT_MAX_DAYS = 92;

export const timesheetPath = (employeeId?: string, weekStart?: string): string => {
  const base = employeeId ? `/timesheet/employee/${encodeURIComponent(employeeId)}` : '/timesheet';
  return weekStart ? `${base}?week=${weekStart}` : base;
};

// ---------- The team's week ----------

export const ZTimesheetPeopleRequest = z.object({
  weekStart: ZWeekStart,
  /** Name or employee number, in part. */
  search: z.string().trim().max(200).optional(),
  workplaceId: z.uuid().optional(),
  status: z.enum(TIMESHEET_STATUSES).default('all'),
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
});
export type TTimesheetPeopleRequest = z.input<typeof ZTimesheetPeopleRequest>;

/** One employee's week in the team list: hours of Monday..Sunday and the week's state. */
export const ZTimesheetPersonWeek = z.object({
  employeeId: z.uuid(),
  name: z.string(),
  employeeNumber: z.string().nullable(),
  workplace: z.string().nullable(),
  dayHours: z.array(z.number()).length(7),
  totalHours: z.number(),
  missedClockOuts: z.number().int(),
  approved: ZYesNo,
  approvedBy: z.string().nullable(),
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TTimesheetPersonWeek = z.output<typeof ZTimesheetPersonWeek>;

export const ZTimesheetPeople = z.object({
  rows: z.array(ZTimesheetPersonWeek),
  total: z.number().int(),
  /** 'yes' when the caller holds hrAdmin: they see everyone and export payroll. */
  isPayroll: ZYesNo,
});
export type TTimesheetPeople = z.output<typeof ZTimesheetPeople>;

// ---------- One employee's week ----------

export const ZTimesheetWeekRequest = z.object({
  /** Left out: the caller's own. */
  employeeId: z.uuid().optional(),
  weekStart: ZWeekStart,
});
export type TTimesheetWeekRequest = z.input<typeof ZTimesheetWeekRequest>;

export const ZTimesheetEntry = z.object({
  _id: z.uuid(),
  SigninTime: z.iso.datetime({ offset: true }),
  SignoutTime: z.iso.datetime({ offset: true }).nullable(),
  /** Hours to 2 decimals; null while open or when the clock-out was missed. */
  hours: z.number().nullable(),
  /** 'yes': still open after its day ended (the employee did not clock out). */
  missedClockOut: ZYesNo,
  Workplaces: z.string().nullable(),
  Branchs: z.string().nullable(),
  signinnote: z.string().nullable(),
  /** The clock-in signature (a PNG data URL). */
  signature: z.string().nullable(),
  corrected: ZYesNo,
});
export type TTimesheetEntry = z.output<typeof ZTimesheetEntry>;

export const ZTimesheetDay = z.object({
  /** yyyy-MM-dd in the organisation's time zone; an entry belongs to the day it began. */
  date: ZDay,
  hours: z.number(),
  entries: z.array(ZTimesheetEntry),
});

/** A correction or approval of the week, from the change log. */
export const ZTimesheetLogEntry = z.object({
  at: z.iso.datetime({ offset: true }),
  by: z.string(),
  action: z.enum(['corrected', 'approved', 'unapproved']),
  /** The correction's reason and its old and new times ("08:00–16:30 → 08:00–17:00"). */
  detail: z.string(),
});

export const ZTimesheetWeek = z.object({
  employee: z.object({
    _id: z.uuid(),
    name: z.string(),
    employeeNumber: z.string().nullable(),
    manager: z.string().nullable(),
  }),
  weekStart: ZDay,
  /** The Sunday. */
  weekEnd: ZDay,
  timeZone: z.string(),
  days: z.array(ZTimesheetDay).length(7),
  totalHours: z.number(),
  missedClockOuts: z.number().int(),
  approval: z
    .object({ approvedBy: z.string(), approvedAt: z.iso.datetime({ offset: true }), totalHours: z.number() })
    .nullable(),
  /** What the caller may do here: a manager of the employee or HR, never on their own week. */
  mayCorrect: ZYesNo,
  mayApprove: ZYesNo,
  log: z.array(ZTimesheetLogEntry),
});
export type TTimesheetWeek = z.output<typeof ZTimesheetWeek>;

// ---------- Correct, approve ----------

export const ZTimesheetEntryCorrect = z.object({
  _id: z.uuid(),
  SigninTime: z.iso.datetime({ offset: true }),
  SignoutTime: z.iso.datetime({ offset: true, error: say.signOutRequired }),
  reason: z.string({ error: say.reasonRequired }).trim().min(1, say.reasonRequired).max(500),
});
export type TTimesheetEntryCorrect = z.input<typeof ZTimesheetEntryCorrect>;

export const ZTimesheetWeekDecision = z.object({ employeeId: z.uuid(), weekStart: ZWeekStart });
export type TTimesheetWeekDecision = z.input<typeof ZTimesheetWeekDecision>;

export const ZTimesheetExportQuery = z.object({
  from: ZDay,
  to: ZDay,
  workplaceId: z.uuid().optional(),
  format: z.enum(TIMESHEET_EXPORT_FORMATS).default('csv'),
});
export type TTimesheetExportQuery = z.input<typeof ZTimesheetExportQuery>;

// ---------- Calls ----------

/** The area's calls are employees'; who sees whom is the service's rule (own, reports, HR). */
const access = ACCESS.employee;

export const timesheetPeopleCall = defineCall({
  method: 'POST',
  path: '/timesheetPeople',
  tags: ['timesheets'],
  summary:
    'The week of every employee whose timesheet the caller may open (their own and their direct reports; everyone for hrAdmin), a page of them',
  access,
  body: ZTimesheetPeopleRequest,
  response: ZTimesheetPeople,
});

export const timesheetWeekCall = defineCall({
  method: 'POST',
  path: '/timesheetWeek',
  tags: ['timesheets'],
  summary: "One employee's week: each day's entries and hours, missed clock-outs, the approval and its log",
  access,
  body: ZTimesheetWeekRequest,
  response: ZTimesheetWeek,
});

export const timesheetEntryCorrectCall = defineCall({
  method: 'POST',
  path: '/timesheetEntryCorrect',
  tags: ['timesheets'],
  summary: 'A manager or HR corrects the times of an entry, with a reason kept in the change log',
  access,
  body: ZTimesheetEntryCorrect,
  response: z.null(),
});

export const timesheetWeekApproveCall = defineCall({
  method: 'POST',
  path: '/timesheetWeekApprove',
  tags: ['timesheets'],
  summary: 'A manager or HR approves an ended week without missed clock-outs; its hours are kept for payroll',
  access,
  body: ZTimesheetWeekDecision,
  response: z.null(),
});

export const timesheetWeekUnapproveCall = defineCall({
  method: 'POST',
  path: '/timesheetWeekUnapprove',
  tags: ['timesheets'],
  summary: 'Withdraws the approval of a week, so its entries can be corrected',
  access,
  body: ZTimesheetWeekDecision,
  response: z.null(),
});

export const timesheetExportCall = defineCall({
  method: 'GET',
  path: '/timesheetExport',
  tags: ['timesheets'],
  summary:
    'Payroll: the approved weeks starting in a period (at most 92 days) of the employees the caller may open, as CSV or XLSX',
  access,
  query: ZTimesheetExportQuery,
  response: 'file',
});
