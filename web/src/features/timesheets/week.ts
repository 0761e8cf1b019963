import {
  addDays,
  DATE_DISPLAY_FORMAT,
  dayOfWeek,
  localDateOf,
  localTimeOf,
  startOfLocalDay,
  ZWeekStart,
} from '@compass/shared';
import { format, parseISO } from 'date-fns';
import { useSearchParams } from 'react-router';

/**
 * The timesheet's days and weeks are the organisation's (its time zone, weeks from Monday): these
 * turn days, instants and the datetime-local inputs of a correction into and out of that zone.
 */

/** The Monday of the week that holds `day` (yyyy-MM-dd). */
export const mondayOf = (day: string): string => addDays(day, -((dayOfWeek(day) + 6) % 7));

/** The Monday of the week the zone is in now. */
export const thisWeek = (timeZone: string, now: Date = new Date()): string =>
  mondayOf(localDateOf(now, timeZone));

/** A day as the product shows it: dd/MM/yyyy. */
export const showDay = (day: string): string => format(parseISO(day), DATE_DISPLAY_FORMAT);

/** "Mon 24 Nov": a row of the week. */
export const dayHeading = (day: string): string => format(parseISO(day), 'EEE d MMM');

/** "24 Nov – 30 Nov 2026" (the year once, or on both ends when the week spans two). */
export function weekLabel(weekStart: string): string {
  const start = parseISO(weekStart);
  const end = parseISO(addDays(weekStart, 6));
  const sameYear = start.getFullYear() === end.getFullYear();
  return `${format(start, sameYear ? 'd MMM' : 'd MMM yyyy')} – ${format(end, 'd MMM yyyy')}`;
}

/** HH:mm of an instant in the zone. */
export const showTime = (instant: string, timeZone: string): string =>
  localTimeOf(new Date(instant), timeZone);

/** An instant as a datetime-local value (yyyy-MM-ddTHH:mm) on the zone's wall clock. */
export function wallTimeOf(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return `${localDateOf(date, timeZone)}T${localTimeOf(date, timeZone)}`;
}

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const asUtc = (wall: string) => Date.parse(`${wall}:00Z`);

/**
 * The instant (ISO) a datetime-local value names on the zone's wall clock, or null when it is not
 * one. The day's start in the zone plus the time is right unless the clock moved that day: the
 * difference between the wall time asked for and the one that instant shows corrects it.
 */
export function instantOfWallTime(wall: string, timeZone: string): string | null {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [, day, hours, minutes] = match;
  let instant = startOfLocalDay(day!, timeZone).getTime() + (Number(hours) * 60 + Number(minutes)) * 60_000;
  instant += asUtc(wall) - asUtc(wallTimeOf(new Date(instant), timeZone));
  return new Date(instant).toISOString();
}

/**
 * The week the address names (`?week=` a Monday, yyyy-MM-dd) or, when it names none or not a
 * Monday, this week; and a way to move to another one (this week leaves the address without it).
 */
export function useWeekParam(current: string) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const weekStart = asked && ZWeekStart.safeParse(asked).success ? asked : current;
  const goTo = (week: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (week === current) next.delete('week');
      else next.set('week', week);
      return next;
    });
  return { weekStart, goTo };
}
