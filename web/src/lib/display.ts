import { DATE_DISPLAY_FORMAT } from '@compass/shared';
import { format, parseISO } from 'date-fns';

/** An instant as the screens show it: dd/MM/yyyy HH:mm in the reader's clock; '—' for none. */
export function displayInstant(instant: string | null): string {
  return instant ? format(parseISO(instant), `${DATE_DISPLAY_FORMAT} HH:mm`) : '—';
}
