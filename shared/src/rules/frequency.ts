import {
  addBusinessDays,
  addDays,
  addMonths,
  addWeeks,
  addYears,
  format,
  isWeekend,
  parseISO,
} from 'date-fns';
import { FREQUENCY_UNITS } from '../constants';

export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number]['key'];

export const FREQUENCY_KEYS = FREQUENCY_UNITS.map((unit) => unit.key) as [FrequencyUnit, ...FrequencyUnit[]];

/** `count` steps of each unit from a day. */
const STEPS: Record<FrequencyUnit, (day: Date, count: number) => Date> = {
  fiveYears: (day, count) => addYears(day, 5 * count),
  fourYears: (day, count) => addYears(day, 4 * count),
  threeYears: (day, count) => addYears(day, 3 * count),
  biYear: (day, count) => addYears(day, 2 * count),
  years: (day, count) => addYears(day, count),
  halfYear: (day, count) => addMonths(day, 6 * count),
  quarterly: (day, count) => addMonths(day, 3 * count),
  biMonth: (day, count) => addMonths(day, 2 * count),
  months: (day, count) => addMonths(day, count),
  fortnight: (day, count) => addWeeks(day, 2 * count),
  weeks: (day, count) => addWeeks(day, count),
  weekDays: (day, count) => addBusinessDays(day, count),
  days: (day, count) => addDays(day, count),
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The next due day of recurring work (a register review, a scheduled task) one frequency after
 * `from`, both calendar days 'yyyy-MM-dd'. Month steps keep the day of the month where it exists
 * and fall back to the month's last day (31 January + 1 month = 28 or 29 February).
 */
export function nextDueDay(from: string, unit: FrequencyUnit): string {
  return occurrenceDay(from, unit, 1);
}

/**
 * The due day of occurrence `index` of a schedule whose first occurrence (index 0) is `first`.
 * Every occurrence is counted from the first, never from the one before, so a schedule anchored
 * to the 31st or to 29 February comes back to it (31 Jan, 28 Feb, 31 Mar…) instead of drifting
 * to the shortest month's day. Weekday schedules step over Saturdays and Sundays; a `first` that
 * falls on a weekend is for the caller to refuse (`isWeekendDay`). Calendar days only: the process's
 * time zone and its daylight-saving changes never move a day.
 */
export function occurrenceDay(first: string, unit: FrequencyUnit, index: number): string {
  if (!ISO_DAY.test(first)) throw new Error(`first must be yyyy-MM-dd, got ${first}`);
  if (!Number.isInteger(index) || index < 0)
    throw new Error(`index must be a whole number ≥ 0, got ${index}`);
  return format(STEPS[unit](parseISO(first), index), 'yyyy-MM-dd');
}

/** Whether a calendar day 'yyyy-MM-dd' is a Saturday or a Sunday. */
export function isWeekendDay(day: string): boolean {
  return isWeekend(parseISO(day));
}

/** The label a user reads for a frequency ('Quarterly', '5 Years'). */
export function frequencyLabel(unit: FrequencyUnit): string {
  return FREQUENCY_UNITS.find((entry) => entry.key === unit)?.label ?? unit;
}
