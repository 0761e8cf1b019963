import { FORM_NUMBER_PREFIX } from '../constants';

/** A person's name as every screen, mail and PDF shows it: first then last; '' for nobody. */
export function personName(person: { firstName: string; lastName: string } | null | undefined): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : '';
}

/** A submission's number as shown: 'FS 1042', or `draft` while it has none. */
export function formNumberLabel(number: number | null, draft = 'Draft'): string {
  return number === null ? draft : `${FORM_NUMBER_PREFIX}${number}`;
}

/** The wire's `formatedNumber` (spelled so on the wire only): 'FS 1042', or '(Draft)' while it has no number. */
export const formattedNumber = (number: number | null): string => formNumberLabel(number, '(Draft)');

/**
 * A wire day 'yyyy-MM-dd' (or the day of an ISO instant) as dd/MM/yyyy, the display format
 * everywhere (000 section 9); anything that is not a real calendar day is shown unchanged.
 */
export function displayDay(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real = date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return real ? `${day}/${month}/${year}` : value;
}

/** A file's size for people: 912 B, 48 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
