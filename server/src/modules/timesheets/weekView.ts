import { addDays, localTimeOf, personName, yesNo, type TTimesheetWeek } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { timestampOf, type Reader } from '../../db/reader';
import { sql, storedTimestamp, uuid } from '../../db/sql';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';
import { mayDecide, openEmployee } from './policy';
import { buildWeek, weekBounds, type WeekRecord } from './week';

/** An entry's times as a correction's change-log row keeps them (decisions.ts), before and after. */
export interface EntryTimes {
  signInAt: string;
  signOutAt: string | null;
}

/** A record as the reader hands it over: its timestamps as text. */
type StoredRecord = Omit<WeekRecord, 'signInAt' | 'signOutAt' | 'correctedAt'> & {
  signInAt: string;
  signOutAt: string | null;
  correctedAt: string | null;
};

interface LogRow {
  action: 'corrected' | 'approved' | 'unapproved';
  createdAt: string;
  /** decisions.ts logChange: { reason, before, after } or { weekStart, totalHours? }. */
  changes: { reason?: string; before?: EntryTimes; after?: EntryTimes; totalHours?: number };
  user: UserNameJson;
}

/** One employee's week (the caller's own when no employee is named), with its approval and log. */
export async function timesheetWeek(
  db: Db,
  reader: Reader,
  auth: AuthContext,
  input: { employeeId?: string | undefined; weekStart: string },
): Promise<TTimesheetWeek> {
  const employeeId = input.employeeId ?? auth.employeeId;
  if (!employeeId) throw notFound();
  const employee = await openEmployee(db, auth, employeeId);
  const company = uuid(auth.companyId);
  const { weekStart } = input;
  const timeZone = auth.timeZone;
  const { start, end } = weekBounds(weekStart, timeZone);
  const [records, approvals] = await Promise.all([
    reader.rows<StoredRecord>(
      sql`SELECT r.id, r."signInAt", r."signOutAt", r."signInNote", r.signature, r."correctedAt",
          w.name AS workplace, b.name AS branch
        FROM "TimesheetRecord" r
        LEFT JOIN "Workplace" w ON w.id = r."workplaceId" AND w."companyId" = r."companyId"
        LEFT JOIN "Branch" b ON b.id = r."branchId" AND b."companyId" = r."companyId"
        WHERE r."companyId" = ${company} AND r."employeeId" = ${uuid(employee.id)}
          AND r."signInAt" >= ${storedTimestamp(start)} AND r."signInAt" < ${storedTimestamp(end)}
        ORDER BY r."signInAt"`,
    ),
    reader.rows<{ approvedAt: string; totalHours: number; approver: UserNameJson }>(
      sql`SELECT a."approvedAt", a."totalHours"::float8 AS "totalHours",
          ${userNameJson(sql`a."approvedById"`, company)} AS approver
        FROM "TimesheetApproval" a
        WHERE a."companyId" = ${company} AND a."employeeId" = ${uuid(employee.id)} AND a."weekStart" = ${weekStart}::date`,
    ),
  ]);
  const built = buildWeek(
    records.map((record) => ({
      ...record,
      signInAt: timestampOf(record.signInAt),
      signOutAt: record.signOutAt ? timestampOf(record.signOutAt) : null,
      correctedAt: record.correctedAt ? timestampOf(record.correctedAt) : null,
    })),
    weekStart,
    timeZone,
    callerToday(auth),
  );
  const approval = approvals[0];
  const decides = mayDecide(auth, employee);
  return {
    employee: {
      _id: employee.id,
      name: personName(employee),
      employeeNumber: employee.employeeNumber,
      manager: employee.manager ? personName(employee.manager) : null,
    },
    weekStart,
    weekEnd: addDays(weekStart, 6),
    timeZone,
    days: built.days,
    totalHours: built.totalHours,
    missedClockOuts: built.missedClockOuts,
    approval: approval
      ? {
          approvedBy: nameOfUser(approval.approver) ?? '',
          approvedAt: timestampOf(approval.approvedAt).toISOString(),
          totalHours: approval.totalHours,
        }
      : null,
    mayCorrect: yesNo(decides && !approval),
    mayApprove: yesNo(decides),
    log: await weekLog(
      reader,
      auth,
      employee.id,
      weekStart,
      records.map((record) => record.id),
    ),
  };
}

/**
 * The week's corrections (change-log rows of its records) and its approvals and withdrawals (rows
 * of 'timesheetWeek' for the employee naming the week), oldest first; both on the change log's
 * (companyId, entityType, entityId, createdAt) index.
 */
async function weekLog(
  reader: Reader,
  auth: AuthContext,
  employeeId: string,
  weekStart: string,
  recordIds: string[],
): Promise<TTimesheetWeek['log']> {
  const company = uuid(auth.companyId);
  const rows = await reader.rows<LogRow>(
    sql`SELECT c.action, c."createdAt", c.changes, ${userNameJson(sql`c."userId"`, company)} AS "user"
      FROM "ChangeLog" c
      WHERE c."companyId" = ${company} AND (
        (c."entityType" = 'timesheetRecord' AND c."entityId" = ANY(${recordIds}::uuid[]))
        OR (c."entityType" = 'timesheetWeek' AND c."entityId" = ${uuid(employeeId)}
          AND c.changes ->> 'weekStart' = ${weekStart}))
      ORDER BY c."createdAt", c.id`,
  );
  return rows.map((row) => ({
    at: timestampOf(row.createdAt).toISOString(),
    by: nameOfUser(row.user) ?? '',
    action: row.action,
    detail: logDetail(row, auth.timeZone),
  }));
}

const span = (times: EntryTimes, timeZone: string) =>
  `${localTimeOf(new Date(times.signInAt), timeZone)}–${times.signOutAt ? localTimeOf(new Date(times.signOutAt), timeZone) : ''}`;

/** A correction: "<reason> (08:00–16:30 → 08:00–17:00)"; a decision: the week's hours when kept. */
function logDetail({ action, changes }: LogRow, timeZone: string): string {
  if (action === 'corrected') {
    const { reason = '', before, after } = changes;
    return before && after ? `${reason} (${span(before, timeZone)} → ${span(after, timeZone)})` : reason;
  }
  return typeof changes.totalHours === 'number' ? `${changes.totalHours.toFixed(2)} hours` : '';
}
