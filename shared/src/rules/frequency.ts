import { addBusinessDays, addDays, addMonths, addWeeks, addYears, format, parseISO } from 'date-fns';
import { FREQUENCY_UNITS } from '../constants';

export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number]['key'];

export const FREQUENCY_KEYS = FREQUENCY_UNITS.map((unit) => unit.key) as [FrequencyUnit, ...FrequencyUnit[]];

const STEP: Record<FrequencyUnit, (day: Date) => Date> = {
  fiveYears: (day) => addYears(day, 5),
  fourYears: (day) => addYears(day, 4),
  threeYears: (day) => addYears(day, 3),
  biYear: (day) => addYears(day, 2),
  years: (day) => addYears(day, 1),
  halfYear: (day) => addMonths(day, 6),
  quarterly: (day) => addMonths(day, 3),
  biMonth: (day) => addMonths(day, 2),
  months: (day) => addMonths(day, 1),
  fortnight: (day) => addWeeks(day, 2),
  weeks: (day) => addWeeks(day, 1),
  weekDays: (day) => addBusinessDays(day, 1),
  days: (day) => addDays(day, 1),
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The next due day of recurring work (a register review, a scheduled task) one frequency after
 * `from`, both calendar days 'yyyy-MM-dd'. Month steps keep the day of the month where it exists
 * and fall back to the month's last day (31 January + 1 month = 28 or 29 February).
 */
export function nextDueDay(from: string, unit: FrequencyUnit): string {
  if (!ISO_DAY.test(from)) throw new Error(`from must be yyyy-MM-dd, got ${from}`);
  return format(STEP[unit](parseISO(from)), 'yyyy-MM-dd');
}

/** The label a user reads for a frequency ('Quarterly', '5 Years'). */
export function frequencyLabel(unit: FrequencyUnit): string {
  return FREQUENCY_UNITS.find((entry) => entry.key === unit)?.label ?? unit;
}
