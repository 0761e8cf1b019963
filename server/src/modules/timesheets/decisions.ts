import { localDateOf, startOfLocalDay, timesheetMessages as say } from '@compass/shared';
import type { z } from 'zod';
import type { ZTimesheetEntryCorrect, ZTimesheetWeekDecision } from '@compass/shared';
import { dateOf } from '../../db/days';
import { isUniqueViolation } from '../../db/errors';
import type { Db, Prisma } from '../../db/prisma';
import { sql } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { decidableEmployee } from './policy';
import { buildWeek, mondayOf, weekBounds, weekIsOver } from './week';
import type { EntryTimes } from './weekView';

type Correction = z.output<typeof ZTimesheetEntryCorrect>;
type WeekDecision = z.output<typeof ZTimesheetWeekDecision>;

const MAX_ENTRY_MS = 24 * 3_600_000;

/**
 * Corrections and approvals of one employee's timesheet take this lock first, so an approval never
 * counts hours a correction is changing, and a correction never lands in a week approved meanwhile.
 */
const lockTimesheet = (tx: Prisma.TransactionClient, employeeId: string) =>
  tx.$executeRaw(sql`SELECT pg_advisory_xact_lock(hashtext(${`timesheet:${employeeId}`}))`);

const approvalOf = (tx: Prisma.TransactionClient, companyId: string, employeeId: string, weekStart: string) =>
  tx.timesheetApproval.findUnique({
    where: { companyId_employeeId_weekStart: { companyId, employeeId, weekStart: dateOf(weekStart) } },
  });

/**
 * A change-log row of the timesheet, in the shape the week's history reads (weekView.ts) and the
 * demo seed writes: a correction's { reason, before, after } times, a decision's { weekStart }.
 * Not recordChange's [from, to] pairs: a correction keeps both times even where one is unchanged.
 */
const logChange = (
  tx: Prisma.TransactionClient,
  auth: AuthContext,
  entity: { type: 'timesheetRecord' | 'timesheetWeek'; id: string },
  action: 'corrected' | 'approved' | 'unapproved',
  changes: Prisma.InputJsonObject,
) =>
  tx.changeLog.create({
    data: {
      companyId: auth.companyId,
      entityType: entity.type,
      entityId: entity.id,
      userId: auth.userId,
      action,
      changes,
    },
  });

const timesOf = (record: { signInAt: Date; signOutAt: Date | null }): EntryTimes => ({
  signInAt: record.signInAt.toISOString(),
  signOutAt: record.signOutAt?.toISOString() ?? null,
});

/**
 * A manager or payroll corrects an entry's times, with a reason kept in the change log. The week of
 * its current sign-in must not be approved, and the new times stay in that week, last at most 24
 * hours, end by now and overlap no other entry of the employee.
 */
export async function correctEntry(
  db: Db,
  auth: AuthContext,
  input: Correction,
  now = new Date(),
): Promise<void> {
  const signInAt = new Date(input.SigninTime);
  const signOutAt = new Date(input.SignoutTime);
  if (signOutAt <= signInAt) throw badRequest(say.signOutBeforeSignIn);
  if (signOutAt.getTime() - signInAt.getTime() > MAX_ENTRY_MS) throw badRequest(say.entryTooLong);
  if (signOutAt > now) throw badRequest(say.entryInFuture);
  const { companyId, timeZone } = auth;
  const found = await db.timesheetRecord.findFirst({
    where: { id: input._id, companyId },
    select: { employeeId: true },
  });
  if (!found) throw notFound();
  await decidableEmployee(db, auth, found.employeeId);
  await db.$transaction(async (tx) => {
    await lockTimesheet(tx, found.employeeId);
    // Read again under the lock: the times a racing correction left are the ones to check.
    const record = await tx.timesheetRecord.findFirstOrThrow({
      where: { id: input._id, companyId },
      select: { id: true, employeeId: true, signInAt: true, signOutAt: true },
    });
    const weekStart = mondayOf(localDateOf(record.signInAt, timeZone));
    if (await approvalOf(tx, companyId, record.employeeId, weekStart)) throw conflict(say.weekApproved);
    if (mondayOf(localDateOf(signInAt, timeZone)) !== weekStart) throw badRequest(say.entryOutsideWeek);
    const startOfToday = startOfLocalDay(callerToday(auth, now), timeZone);
    const overlapping = await tx.timesheetRecord.count({
      where: {
        companyId,
        employeeId: record.employeeId,
        id: { not: record.id },
        signInAt: { lt: signOutAt },
        OR: [
          { signOutAt: { gt: signInAt } },
          // An open entry: one begun inside the new times, or one still running today.
          { signOutAt: null, signInAt: { gte: signInAt } },
          { signOutAt: null, signInAt: { gte: startOfToday } },
        ],
      },
    });
    if (overlapping > 0) throw badRequest(say.entryOverlaps);
    await tx.timesheetRecord.update({
      where: { id: record.id },
      data: { signInAt, signOutAt, correctedAt: now },
    });
    await logChange(tx, auth, { type: 'timesheetRecord', id: record.id }, 'corrected', {
      reason: input.reason,
      before: { ...timesOf(record) },
      after: { ...timesOf({ signInAt, signOutAt }) },
    });
  });
}

/**
 * Approves an ended week without open entries and with hours, keeping its hours for payroll. The
 * unique (companyId, employeeId, weekStart) index turns a second approval into alreadyApproved.
 */
export async function approveWeek(
  db: Db,
  auth: AuthContext,
  input: WeekDecision,
  now = new Date(),
): Promise<void> {
  const { companyId, timeZone } = auth;
  const employee = await decidableEmployee(db, auth, input.employeeId);
  const today = callerToday(auth, now);
  if (!weekIsOver(input.weekStart, today)) throw conflict(say.weekNotOver);
  const { start, end } = weekBounds(input.weekStart, timeZone);
  try {
    await db.$transaction(async (tx) => {
      await lockTimesheet(tx, employee.id);
      const records = await tx.timesheetRecord.findMany({
        where: { companyId, employeeId: employee.id, signInAt: { gte: start, lt: end } },
        select: { id: true, signInAt: true, signOutAt: true, correctedAt: true },
      });
      // Only the times count here: the week's names, notes and signatures are not read.
      const week = buildWeek(
        records.map((record) => ({
          ...record,
          signInNote: null,
          signature: null,
          workplace: null,
          branch: null,
        })),
        input.weekStart,
        timeZone,
        today,
      );
      if (week.openEntries > 0) throw conflict(say.missedClockOuts);
      if (week.totalHours <= 0) throw conflict(say.emptyWeek);
      await tx.timesheetApproval.create({
        data: {
          companyId,
          employeeId: employee.id,
          weekStart: dateOf(input.weekStart),
          dayHours: week.dayHours,
          totalHours: week.totalHours,
          approvedById: auth.userId,
          approvedAt: now,
        },
      });
      await logChange(tx, auth, { type: 'timesheetWeek', id: employee.id }, 'approved', {
        weekStart: input.weekStart,
        totalHours: week.totalHours,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(say.alreadyApproved);
    throw error;
  }
}

/** Withdraws a week's approval, so its entries can be corrected again. */
export async function unapproveWeek(db: Db, auth: AuthContext, input: WeekDecision): Promise<void> {
  const { companyId } = auth;
  const employee = await decidableEmployee(db, auth, input.employeeId);
  await db.$transaction(async (tx) => {
    await lockTimesheet(tx, employee.id);
    const approval = await approvalOf(tx, companyId, employee.id, input.weekStart);
    if (!approval) throw conflict(say.notApproved);
    await tx.timesheetApproval.delete({ where: { id: approval.id } });
    await logChange(tx, auth, { type: 'timesheetWeek', id: employee.id }, 'unapproved', {
      weekStart: input.weekStart,
      totalHours: approval.totalHours.toNumber(),
    });
  });
}
