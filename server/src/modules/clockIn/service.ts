import {
  canClockOut,
  isValidTimeZone,
  MAX_SHIFT_HOURS,
  messages,
  personName,
  type TClockInEmployee,
  type TClockInRequest,
  type TClockOutRequest,
  type TClockRecord,
  type TSignInsToday,
  yesNo,
} from '@compass/shared';
import { isUniqueViolation } from '../../db/errors';
import type { Db } from '../../db/prisma';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { inCallersOrganisation, mayClockFor } from './policy';
import type { AuthContext } from '../../plugins/auth';

/** A local day is 24 hours, give or take a daylight-saving change. */
const MAX_DAY_MS = 25 * 3_600_000;

interface DayBounds {
  startDate: string;
  endDate: string;
  localTimeZone: string;
}

function dayOf(bounds: DayBounds): { start: Date; end: Date } {
  const start = new Date(bounds.startDate);
  const end = new Date(bounds.endDate);
  const span = end.getTime() - start.getTime();
  if (!isValidTimeZone(bounds.localTimeZone)) throw badRequest('localTimeZone is not a known time zone.');
  if (span <= 0 || span > MAX_DAY_MS) throw badRequest('startDate and endDate must span one local day.');
  return { start, end };
}

const toRecord = (row: { id: string; signInAt: Date; signOutAt: Date | null; signInNote: string | null }) =>
  ({
    _id: row.id,
    SigninTime: row.signInAt.toISOString(),
    SignoutTime: row.signOutAt?.toISOString() ?? null,
    signinnote: row.signInNote,
  }) satisfies TClockRecord;

/** Clock-in and clock-out by QR code (001 section 2.6), on the timesheet records. */
export class ClockInService {
  constructor(private readonly db: Db) {}

  /** The employee behind a scanned code, in the caller's organisation, if the caller may clock them (policy.ts). */
  private async employeeFor(auth: AuthContext, employeeId: string) {
    const employee = await this.db.employee.findFirst({
      where: { id: employeeId, companyId: auth.companyId, isActive: true },
      include: { company: { select: { name: true } } },
    });
    if (!employee) throw notFound(messages.clockIn.notFound);
    if (!(await mayClockFor(this.db, auth, employeeId))) throw forbidden(messages.clockIn.notYours);
    return employee;
  }

  async employee(auth: AuthContext, employeeId: string): Promise<TClockInEmployee> {
    const employee = await this.employeeFor(auth, employeeId);
    const [workplace, branch] = await Promise.all([
      employee.workplaceId ? this.db.workplace.findUnique({ where: { id: employee.workplaceId } }) : null,
      employee.branchId ? this.db.branch.findUnique({ where: { id: employee.branchId } }) : null,
    ]);
    return {
      _id: employee.id,
      companyId: employee.companyId,
      Companies: employee.company.name,
      firstName: employee.firstName,
      lastName: employee.lastName,
      employeeNumber: employee.employeeNumber,
      workplace: employee.workplaceId,
      Workplaces: workplace?.name ?? null,
      branch: employee.branchId,
      Branchs: branch?.name ?? null,
    };
  }

  private checkCompany(auth: AuthContext, companyId: string): void {
    if (!inCallersOrganisation(auth, companyId)) throw notFound(messages.clockIn.notFound);
  }

  /** The day's records and whether a record is open (an open one from before today counts too). */
  async signInsToday(
    auth: AuthContext,
    input: DayBounds & { companyId: string; employeeId: string },
  ): Promise<TSignInsToday> {
    this.checkCompany(auth, input.companyId);
    const employee = await this.employeeFor(auth, input.employeeId);
    const { start, end } = dayOf(input);
    const [rows, open] = await Promise.all([
      this.db.timesheetRecord.findMany({
        where: { companyId: employee.companyId, employeeId: employee.id, signInAt: { gte: start, lte: end } },
        orderBy: { signInAt: 'asc' },
      }),
      this.db.timesheetRecord.findFirst({
        where: { companyId: employee.companyId, employeeId: employee.id, signOutAt: null },
      }),
    ]);
    return { list: rows.map(toRecord), isSignedIn: yesNo(open !== null), openRecord: open && toRecord(open) };
  }

  async clockIn(auth: AuthContext, input: TClockInRequest): Promise<void> {
    this.checkCompany(auth, input.companyId);
    const employee = await this.employeeFor(auth, input.employeeId);
    dayOf(input);
    const [workplace, branch] = await Promise.all([
      input.workplace
        ? this.db.workplace.findFirst({ where: { id: input.workplace, companyId: employee.companyId } })
        : null,
      input.branch
        ? this.db.branch.findFirst({
            where: {
              id: input.branch,
              companyId: employee.companyId,
              workplaceId: input.workplace ?? undefined,
            },
          })
        : null,
    ]);
    if (input.workplace && !workplace) throw badRequest(messages.submission.workplaceRequired);
    if (input.branch && !branch) throw badRequest(messages.submission.branchRequired);
    try {
      await this.db.timesheetRecord.create({
        data: {
          companyId: employee.companyId,
          employeeId: employee.id,
          workplaceId: workplace?.id ?? null,
          branchId: branch?.id ?? null,
          // The name on record is the employee's own, whatever the client sent.
          fullName: personName(employee),
          signInNote: input.signinnote?.trim() || null,
          signature: input.signature,
          signInAt: new Date(),
        },
      });
    } catch (error) {
      // The partial unique index allows one open record per employee: a double tap lands here.
      if (isUniqueViolation(error)) throw conflict(messages.clockIn.alreadyClockedIn);
      throw error;
    }
  }

  async clockOut(auth: AuthContext, input: TClockOutRequest): Promise<void> {
    this.checkCompany(auth, input.companyId);
    const employee = await this.employeeFor(auth, input.employeeId);
    dayOf(input);
    const now = new Date();
    const open = { companyId: employee.companyId, employeeId: employee.id, signOutAt: null };
    // A record open longer than a shift is a missed clock-out: a manager corrects it, a late tap
    // must not close it with days of hours.
    const closed = await this.db.timesheetRecord.updateMany({
      where: { ...open, signInAt: { gte: new Date(now.getTime() - MAX_SHIFT_HOURS * 3_600_000) } },
      data: { signOutAt: now },
    });
    if (closed.count > 0) return;
    const stale = await this.db.timesheetRecord.findFirst({ where: open, select: { signInAt: true } });
    if (stale && !canClockOut(stale.signInAt, now)) throw conflict(messages.clockIn.missedClockOut);
    throw new AppError(409, messages.clockIn.notClockedIn);
  }
}
