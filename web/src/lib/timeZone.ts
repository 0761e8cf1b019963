import { localDateOf } from '@compass/shared';

/** The browser's IANA time zone: "today", due days and the chart periods are the user's local days. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Today in the browser's time zone, yyyy-MM-dd (the server checks against the organisation's). */
export const browserToday = () => localDateOf(new Date(), browserTimeZone());
