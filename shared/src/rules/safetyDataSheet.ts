import { addYears, format, parseISO } from 'date-fns';

/**
 * A safety data sheet is reviewed at least every five years (the usual rule of the GHS model
 * regulations): one issued more than five years ago, or past its own expiry date, is due.
 */
export const SDS_MAX_AGE_YEARS = 5;

export const SDS_STATUSES = ['missing', 'current', 'due'] as const;
export type SdsStatus = (typeof SDS_STATUSES)[number];
export const SDS_STATUS_LABELS: Record<SdsStatus, string> = {
  missing: 'No SDS',
  current: 'Current',
  due: 'SDS due',
};

/** The last issue day that is still current on `today` (all days 'yyyy-MM-dd'). */
export function oldestCurrentSdsIssue(today: string): string {
  return format(addYears(parseISO(today), -SDS_MAX_AGE_YEARS), 'yyyy-MM-dd');
}

export function sdsStatus(issueDate: string | null, expiryDate: string | null, today: string): SdsStatus {
  if (!issueDate) return 'missing';
  if (issueDate < oldestCurrentSdsIssue(today)) return 'due';
  if (expiryDate && expiryDate < today) return 'due';
  return 'current';
}
