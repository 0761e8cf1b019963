import { z } from 'zod';

export const DAY_MESSAGE = 'Dates are sent as yyyy-MM-dd and must exist on the calendar';
/**
 * A calendar day on the wire, 'yyyy-MM-dd'. Only days that exist (leap years included): 2026-02-30
 * is refused rather than rolled over to March by the database.
 */
export const ZDay = z.iso
  .date(DAY_MESSAGE)
  // The database's dates start at year 1: 0000-01-01 has the calendar's shape but no day there.
  .refine((value) => !value.startsWith('0000'), DAY_MESSAGE);
