import {
  addDays,
  type TTimesheetEntry,
  type TTimesheetPeople,
  type TTimesheetPersonWeek,
  type TTimesheetWeek,
} from '@compass/shared';
import { ok, testId } from '../../../test/helpers';

/**
 * The timesheets' tests share: Mia's week of 23 Nov 2026 in Auckland (UTC+13 then), a corrected
 * Monday with its signature and a Tuesday whose clock-out was missed.
 */
export const ZONE = 'Pacific/Auckland';
export const WEEK = '2026-11-23';
export const EMPLOYEE = testId(1);
export const MONDAY_ENTRY = testId(2);
export const TUESDAY_ENTRY = testId(3);
export const PNG = 'data:image/png;base64,iVBORw0KGgo=';

export const entry = (over: Partial<TTimesheetEntry> = {}): TTimesheetEntry => ({
  _id: MONDAY_ENTRY,
  // 08:00 to 16:30 in Auckland.
  SigninTime: '2026-11-22T19:00:00.000Z',
  SignoutTime: '2026-11-23T03:30:00.000Z',
  hours: 8.5,
  missedClockOut: 'no',
  Workplaces: 'Riverside Depot',
  Branchs: 'North Yard',
  signinnote: null,
  signature: PNG,
  corrected: 'yes',
  ...over,
});

/** Tuesday 09:00 in Auckland, never clocked out. */
export const missedEntry = entry({
  _id: TUESDAY_ENTRY,
  SigninTime: '2026-11-23T20:00:00.000Z',
  SignoutTime: null,
  hours: null,
  missedClockOut: 'yes',
  signature: null,
  corrected: 'no',
});

/** A week of the given entries by day (0 Monday … 6 Sunday); its hours are theirs. */
export function timesheetWeek(
  byDay: Partial<Record<number, TTimesheetEntry[]>> = { 0: [entry()], 1: [missedEntry] },
  over: Partial<TTimesheetWeek> = {},
): TTimesheetWeek {
  const weekStart = over.weekStart ?? WEEK;
  const days = Array.from({ length: 7 }, (_, day) => {
    const entries = byDay[day] ?? [];
    return {
      date: addDays(weekStart, day),
      hours: entries.reduce((sum, one) => sum + (one.hours ?? 0), 0),
      entries,
    };
  });
  return {
    employee: { _id: EMPLOYEE, name: 'Mia Employee', employeeNumber: 'E-042', manager: 'Ethan Clarke' },
    weekStart,
    weekEnd: addDays(weekStart, 6),
    timeZone: ZONE,
    days,
    totalHours: days.reduce((sum, day) => sum + day.hours, 0),
    missedClockOuts: days.reduce(
      (sum, day) => sum + day.entries.filter((one) => one.missedClockOut === 'yes').length,
      0,
    ),
    approval: null,
    mayCorrect: 'no',
    mayApprove: 'no',
    log: [],
    ...over,
  };
}

export const personWeek = (over: Partial<TTimesheetPersonWeek> = {}): TTimesheetPersonWeek => ({
  employeeId: EMPLOYEE,
  name: 'Mia Employee',
  employeeNumber: 'E-042',
  workplace: 'Riverside Depot',
  dayHours: [8.5, 0, 0, 0, 0, 0, 0],
  totalHours: 8.5,
  missedClockOuts: 1,
  approved: 'no',
  approvedBy: null,
  approvedAt: null,
  ...over,
});

export const people = (over: Partial<TTimesheetPeople> = {}): TTimesheetPeople => ({
  rows: [personWeek()],
  total: 1,
  isPayroll: 'no',
  ...over,
});

/** The two reads: `week`, or an empty week for any other Monday asked for; the people list `list`. */
export function timesheetMocks(week: TTimesheetWeek = timesheetWeek(), list: TTimesheetPeople = people()) {
  return {
    'POST /api/timesheetWeek': ({ body }: { body: unknown }) => {
      const { weekStart } = body as { weekStart: string };
      return ok(
        weekStart === week.weekStart ? week : timesheetWeek({}, { weekStart, timeZone: week.timeZone }),
      );
    },
    'POST /api/timesheetPeople': () => ok(list),
  };
}
