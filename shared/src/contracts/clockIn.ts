import { z } from 'zod';
import { messages } from '../messages';
import { ACCESS, defineCall } from './call';
import { ZYesNo } from './envelope';
import { ZSignature } from './timesheets';

/** A UTC instant on the wire (ISO 8601); the browser shows it in its own time zone. */
const ZInstant = z.iso.datetime({ offset: true });

/** The local day the browser is in: its bounds (00:00:00.000 to 23:59:59.999) and its time zone. */
export const ZClockDay = z.object({
  startDate: ZInstant,
  endDate: ZInstant,
  localTimeZone: z.string().min(1),
});

export const ZClockInEmployeeRequest = z.object({ employeeId: z.uuid() });

/** What the clock-in page shows of the employee whose QR code was scanned (001 sections 2.6, 3). */
export const ZClockInEmployee = z.object({
  _id: z.uuid(),
  companyId: z.uuid(),
  Companies: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  employeeNumber: z.string().nullable(),
  workplace: z.uuid().nullable(),
  Workplaces: z.string().nullable(),
  branch: z.uuid().nullable(),
  Branchs: z.string().nullable(),
});
export type TClockInEmployee = z.infer<typeof ZClockInEmployee>;

export const ZClockRecord = z.object({
  _id: z.uuid(),
  SigninTime: ZInstant,
  SignoutTime: ZInstant.nullable(),
  signinnote: z.string().nullable(),
});
export type TClockRecord = z.infer<typeof ZClockRecord>;

export const ZSignInsTodayRequest = ZClockDay.extend({ companyId: z.uuid(), employeeId: z.uuid() });

/**
 * The employee's records of the day and the clock state: 'yes' while a record is open. An open
 * record from an earlier day (a shift across midnight) also counts, so it can be clocked out.
 */
export const ZSignInsToday = z.object({
  list: z.array(ZClockRecord),
  isSignedIn: ZYesNo,
  openRecord: ZClockRecord.nullable(),
});
export type TSignInsToday = z.infer<typeof ZSignInsToday>;

export const ZClockInRequest = ZSignInsTodayRequest.extend({
  workplace: z.uuid().nullable(),
  branch: z.uuid().nullable(),
  fullName: z.string().min(1).max(200),
  signinnote: z.string().max(1000).optional(),
  /** The signature drawn on the clock-in page (001 section 9's canvases), kept with the record. */
  signature: z.string({ error: messages.clockIn.signatureRequired }).pipe(ZSignature),
});
export type TClockInRequest = z.infer<typeof ZClockInRequest>;

export const ZClockOutRequest = ZSignInsTodayRequest;
export type TClockOutRequest = z.infer<typeof ZClockOutRequest>;

/**
 * The longest a clock-in stays open to be clocked out: an older one is a missed clock-out, which a
 * manager corrects (docs/timesheets-and-visitors.md); a night shift across midnight is shorter.
 */
export const MAX_SHIFT_HOURS = 24;

/** Whether an open record can still be clocked out at `now`. */
export const canClockOut = (signIn: Date, now: Date): boolean =>
  now.getTime() - signIn.getTime() <= MAX_SHIFT_HOURS * 3_600_000;

/** Hours since sign-in (or between sign-in and sign-out), to 2 decimals (001 section 9). */
export function totalHours(signIn: Date, until: Date): number {
  return Math.round(((until.getTime() - signIn.getTime()) / 3_600_000) * 100) / 100;
}

export const clockInEmployeeCall = defineCall({
  method: 'POST',
  path: '/clockInEmployee',
  tags: ['clockIn'],
  summary: 'The employee behind a scanned clock-in QR code',
  access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours },
  body: ZClockInEmployeeRequest,
  response: ZClockInEmployee,
});

export const signInsTodayCall = defineCall({
  method: 'POST',
  path: '/signInsToday',
  tags: ['clockIn'],
  summary: "The employee's clock records of the local day, and whether one is open",
  access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours },
  body: ZSignInsTodayRequest,
  response: ZSignInsToday,
});

export const clockInCall = defineCall({
  method: 'POST',
  path: '/clockIn',
  tags: ['clockIn'],
  summary: 'Clock in: opens a timesheet record (one open record per employee)',
  access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours },
  body: ZClockInRequest,
  response: z.null(),
});

export const clockOutCall = defineCall({
  method: 'POST',
  path: '/clockOut',
  tags: ['clockIn'],
  summary: 'Clock out: closes the open timesheet record',
  access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours },
  body: ZClockOutRequest,
  response: z.null(),
});
