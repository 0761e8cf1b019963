import { personName, yesNo, type TTimesheetPeople, type TTimesheetPersonWeek } from '@compass/shared';
import type { z } from 'zod';
import type { ZTimesheetPeopleRequest } from '@compass/shared';
import { planFor, timestampOf, type Reader } from '../../db/reader';
import { emptySql, join, sql, storedTimestamp, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { employeeSearch, nameOfUser, userNameJson, type UserNameJson } from '../employees';
import { isPayroll, openable } from './policy';
import { entryHoursSql, missedSql, signInDay, sumHours, weekBounds, weekDays, weekIsOver } from './week';

type PeopleRequest = z.output<typeof ZTimesheetPeopleRequest>;

/**
 * The shortest entry whose hours are not 0.00 (entryHoursSql rounds half up: 0.005 h): compared as
 * an interval, the week's records are tested in the index (TimesheetRecord_week_idx) without
 * working out every entry's hours.
 */
const HOURS_ABOVE_ZERO = sql`interval '18 seconds'`;

interface PersonRow {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  workplace: string | null;
  approvedAt: string | null;
  approver: UserNameJson;
}

interface DayRow {
  employeeId: string;
  day: string;
  hours: number;
  missed: number;
}

/**
 * A page of the team's week: the active employees the caller may open, by name, each with their
 * hours of Monday..Sunday. Three statements whatever the page's size: the page (with its
 * approvals), its count, and the page's records of the week grouped by employee and day, read on
 * the (companyId, employeeId, signInAt) index. A status filter tests each candidate's week with
 * EXISTS on the same indexes (and the approvals' unique key) before the page is cut.
 */
export async function timesheetPeople(
  reader: Reader,
  auth: AuthContext,
  request: PeopleRequest,
): Promise<TTimesheetPeople> {
  const timeZone = auth.timeZone;
  const today = callerToday(auth);
  const { start, end } = weekBounds(request.weekStart, timeZone);
  const company = uuid(auth.companyId);
  const week = sql`${request.weekStart}::date`;
  const inWeek = (r: Sql) =>
    sql`${r}."companyId" = ${company} AND ${r}."employeeId" = e.id
      AND ${r}."signInAt" >= ${storedTimestamp(start)} AND ${r}."signInAt" < ${storedTimestamp(end)}`;
  const approved = sql`EXISTS (SELECT 1 FROM "TimesheetApproval" x
    WHERE x."companyId" = ${company} AND x."employeeId" = e.id AND x."weekStart" = ${week})`;
  const where = [openable(auth, sql`e`), sql`e."isActive"`];
  if (request.search)
    where.push(employeeSearch(request.search, (pattern) => [sql`e."employeeNumber" ILIKE ${pattern}`]));
  if (request.workplaceId) where.push(sql`e."workplaceId" = ${uuid(request.workplaceId)}`);
  if (request.status === 'approved') where.push(approved);
  if (request.status === 'toApprove')
    where.push(toApprove(auth, request.weekStart, today, { approved, inWeek }));
  if (request.status === 'missed') where.push(sql`EXISTS (${missedIn(inWeek, timeZone, today)})`);
  const conditions = join(where, ' AND ');
  const plan = planFor(request.search || request.status !== 'all');

  const [people, [counted]] = await Promise.all([
    reader.rows<PersonRow>(
      sql`SELECT e.id, e."firstName", e."lastName", e."employeeNumber", w.name AS workplace,
          a."approvedAt", ${userNameJson(sql`a."approvedById"`, company)} AS approver
        FROM "Employee" e
        LEFT JOIN "Workplace" w ON w.id = e."workplaceId" AND w."companyId" = e."companyId"
        LEFT JOIN "TimesheetApproval" a ON a."companyId" = e."companyId" AND a."employeeId" = e.id
          AND a."weekStart" = ${week}
        WHERE ${conditions}
        ORDER BY e."lastName", e."firstName", e.id
        LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`,
      plan,
    ),
    reader.rows<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM "Employee" e WHERE ${conditions}`,
      plan,
    ),
  ]);
  const days = await weekHours(
    reader,
    auth,
    people.map((person) => person.id),
    { start, end, today },
  );
  const dates = weekDays(request.weekStart);
  return {
    rows: people.map((person): TTimesheetPersonWeek => {
      const mine = days.filter((day) => day.employeeId === person.id);
      const dayHours = dates.map((date) => mine.find((day) => day.day === date)?.hours ?? 0);
      return {
        employeeId: person.id,
        name: personName(person),
        employeeNumber: person.employeeNumber,
        workplace: person.workplace,
        dayHours,
        totalHours: sumHours(dayHours),
        missedClockOuts: mine.reduce((sum, day) => sum + day.missed, 0),
        approved: yesNo(person.approvedAt !== null),
        approvedBy: person.approvedAt ? nameOfUser(person.approver) : null,
        approvedAt: person.approvedAt ? timestampOf(person.approvedAt).toISOString() : null,
      };
    }),
    total: counted?.total ?? 0,
    isPayroll: yesNo(isPayroll(auth)),
  };
}

const missedIn = (inWeek: (r: Sql) => Sql, timeZone: string, today: string) =>
  sql`SELECT 1 FROM "TimesheetRecord" r WHERE ${inWeek(sql`r`)} AND ${missedSql(sql`r`, timeZone, today)}`;

/**
 * The weeks the caller could approve now (decisions.ts): ended, not approved, with hours, without a
 * missed clock-out, and not the caller's own.
 */
function toApprove(
  auth: AuthContext,
  weekStart: string,
  today: string,
  week: { approved: Sql; inWeek: (r: Sql) => Sql },
): Sql {
  if (!weekIsOver(weekStart, today)) return sql`false`;
  return sql`NOT ${week.approved}
    AND EXISTS (SELECT 1 FROM "TimesheetRecord" r WHERE ${week.inWeek(sql`r`)}
      AND r."signOutAt" - r."signInAt" >= ${HOURS_ABOVE_ZERO})
    AND NOT EXISTS (${missedIn(week.inWeek, auth.timeZone, today)})
    ${auth.employeeId ? sql`AND e.id <> ${uuid(auth.employeeId)}` : emptySql}`;
}

/** The week's hours and missed clock-outs of some employees, by employee and organisation day. */
async function weekHours(
  reader: Reader,
  auth: AuthContext,
  employeeIds: string[],
  { start, end, today }: { start: Date; end: Date; today: string },
) {
  if (employeeIds.length === 0) return [];
  const day = signInDay(sql`r`, auth.timeZone);
  const rows = await reader.rows<DayRow>(
    sql`SELECT r."employeeId", to_char(${day}, 'YYYY-MM-DD') AS day,
        coalesce(sum(${entryHoursSql(sql`r`)}), 0)::float8 AS hours,
        (count(*) FILTER (WHERE ${missedSql(sql`r`, auth.timeZone, today)}))::int AS missed
      FROM "TimesheetRecord" r
      WHERE r."companyId" = ${uuid(auth.companyId)} AND r."employeeId" = ANY(${employeeIds}::uuid[])
        AND r."signInAt" >= ${storedTimestamp(start)} AND r."signInAt" < ${storedTimestamp(end)}
      GROUP BY 1, 2`,
  );
  // The day's total to 2 decimals, as the week view rounds it.
  return rows.map((row) => ({ ...row, hours: sumHours([row.hours]) }));
}
