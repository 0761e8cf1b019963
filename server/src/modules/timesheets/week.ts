import {
  addDays,
  dayOfWeek,
  localDateOf,
  startOfLocalDay,
  totalHours,
  yesNo,
  type TTimesheetEntry,
} from '@compass/shared';
import { sql, type Sql } from '../../db/sql';

/**
 * A week of the timesheet (docs/timesheets-and-visitors.md): Monday..Sunday of the organisation's
 * time zone; an entry belongs to the day its sign-in falls on. The SQL below and `buildWeek` count
 * hours alike, so the team list and an employee's week never disagree.
 */

/** The Monday of the week holding `day`. */
export const mondayOf = (day: string): string => addDays(day, -((dayOfWeek(day) + 6) % 7));

/** The seven days of the week starting `weekStart`. */
export const weekDays = (weekStart: string): string[] =>
  Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));

/** The instants the week covers: [start, end). */
export function weekBounds(weekStart: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: startOfLocalDay(weekStart, timeZone),
    end: startOfLocalDay(addDays(weekStart, 7), timeZone),
  };
}

/** A week is over once its Sunday is before the organisation's today. */
export const weekIsOver = (weekStart: string, today: string): boolean => addDays(weekStart, 6) < today;

/** The organisation's day of a record's sign-in, `r` being the TimesheetRecord. */
export const signInDay = (r: Sql, timeZone: string): Sql =>
  sql`(${r}."signInAt" AT TIME ZONE 'UTC' AT TIME ZONE ${timeZone})::date`;

/**
 * A closed record's hours as totalHours() (shared/contracts/clockIn.ts) computes them: the same
 * double-precision steps and round-half-up, so a sum here equals the week view's to the cent.
 */
export const entryHoursSql = (r: Sql): Sql =>
  sql`floor((extract(epoch FROM ${r}."signOutAt" - ${r}."signInAt") * 1000)::float8 / 3600000 * 100 + 0.5) / 100`;

/** A record still open after its sign-in day ended: the employee did not clock out. */
export const missedSql = (r: Sql, timeZone: string, today: string): Sql =>
  sql`(${r}."signOutAt" IS NULL AND ${signInDay(r, timeZone)} < ${today}::date)`;

/** Hours summed and kept to 2 decimals, as a day's and a week's totals are. */
export const sumHours = (hours: number[]): number =>
  Math.round(hours.reduce((sum, value) => sum + value, 0) * 100) / 100;

/** A record of the week with the names the view shows. */
export interface WeekRecord {
  id: string;
  signInAt: Date;
  signOutAt: Date | null;
  signInNote: string | null;
  signature: string | null;
  correctedAt: Date | null;
  workplace: string | null;
  branch: string | null;
}

export interface BuiltWeek {
  days: { date: string; hours: number; entries: TTimesheetEntry[] }[];
  dayHours: number[];
  totalHours: number;
  missedClockOuts: number;
  /** Entries without a clock-out, missed or still running today: either blocks an approval. */
  openEntries: number;
}

/** The week's days, entries and totals from its records (`today`: the organisation's). */
export function buildWeek(
  records: WeekRecord[],
  weekStart: string,
  timeZone: string,
  today: string,
): BuiltWeek {
  const days = weekDays(weekStart).map((date) => ({ date, hours: 0, entries: [] as TTimesheetEntry[] }));
  let missedClockOuts = 0;
  let openEntries = 0;
  const sorted = [...records].sort((a, b) => a.signInAt.getTime() - b.signInAt.getTime());
  for (const record of sorted) {
    const date = localDateOf(record.signInAt, timeZone);
    const day = days.find((candidate) => candidate.date === date);
    if (!day) continue;
    const missed = record.signOutAt === null && date < today;
    if (missed) missedClockOuts++;
    if (record.signOutAt === null) openEntries++;
    day.entries.push({
      _id: record.id,
      SigninTime: record.signInAt.toISOString(),
      SignoutTime: record.signOutAt?.toISOString() ?? null,
      hours: record.signOutAt ? totalHours(record.signInAt, record.signOutAt) : null,
      missedClockOut: yesNo(missed),
      Workplaces: record.workplace,
      Branchs: record.branch,
      signinnote: record.signInNote,
      signature: record.signature,
      corrected: yesNo(record.correctedAt !== null),
    });
  }
  for (const day of days) day.hours = sumHours(day.entries.map((entry) => entry.hours ?? 0));
  const dayHours = days.map((day) => day.hours);
  return { days, dayHours, totalHours: sumHours(dayHours), missedClockOuts, openEntries };
}
