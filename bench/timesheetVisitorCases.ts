/**
 * The TimeSheet and Vismate calls the API benchmark measures (issue 45;
 * docs/timesheets-and-visitors.md), as payroll and the visitor register (scale.admin: hrAdmin and
 * vismate, so everyone's timesheet and every workplace): the team's week (this week, and last week's
 * weeks to approve), the week of the employee with the most entries last week, the register's first
 * page, searched by a name part and of the busiest workplace, who is on site there now, the setup
 * list; and the kiosk's sign-out search, through a kiosk link of that workplace made here (never by
 * the seed: a token in the repository would be a secret). Needs seed/scale/timesheetsAndVisitors.ts.
 */
import type pg from 'pg';
import { hashToken } from '../server/src/plugins/auth';
import { addDays, dayOfWeek } from '../shared/src/rules/dashboardPeriods';
import type { Case, Ids } from './cases';

/** The rows these cases name. */
export type TimesheetVisitorIds = Pick<Ids, 'timesheetEmployeeId' | 'visitWorkplaceId' | 'kioskToken'>;

/** A POST case of the call its name starts with (`visitList: searched` calls /api/visitList). */
const call = (name: string, body: Case['body'] = () => ({})): Case => {
  const path = `/api/${name.split(':')[0]}`;
  return { name, who: 'admin', method: 'POST', path: () => path, body };
};

/** This week's Monday, weeks back, in Scale Holdings' time zone (UTC), as the bench runs. */
function monday(weeksBack: number): string {
  const today = new Date().toISOString().slice(0, 10);
  return addDays(today, -((dayOfWeek(today) + 6) % 7) - 7 * weeksBack);
}

export const TIMESHEET_VISITOR_CASES: Case[] = [
  call('timesheetPeople: this week', () => ({ weekStart: monday(0) })),
  call('timesheetPeople: last week, to approve', () => ({ weekStart: monday(1), status: 'toApprove' })),
  call('timesheetWeek: the busiest employee, last week', (ids) => ({
    employeeId: ids.timesheetEmployeeId,
    weekStart: monday(1),
  })),
  call('visitList'),
  // One last name in fifty ("Mitchell"): the trigram index of the name and company, not a scan.
  call('visitList: searched', () => ({ search: 'mitch' })),
  call('visitList: the busiest workplace', (ids) => ({ workplaceId: ids.visitWorkplaceId })),
  call('onSiteNow: the busiest workplace', (ids) => ({ workplaceId: ids.visitWorkplaceId })),
  call('visitorSetupList'),
  {
    // The link in the query decides alone (the session header is not read on a link route).
    name: 'visitorKioskOnSite: searched, at the kiosk',
    who: 'admin',
    method: 'POST',
    path: (ids) => `/api/visitorKioskOnSite?authtoken=${encodeURIComponent(ids.kioskToken)}`,
    body: () => ({ search: 'an' }),
  },
];

/**
 * The employee with the most entries last week, the workplace with the most visits, and a link of
 * that workplace's kiosk: a known token whose hash is stored (again, unrevoked) on every run.
 */
export async function timesheetVisitorIdsOf(
  client: pg.ClientBase,
  companyId: string,
): Promise<TimesheetVisitorIds> {
  const one = async (text: string, values: unknown[]) => {
    const row = (await client.query<{ id: string }>(text, values)).rows[0];
    if (!row) throw new Error(`The scale seed lacks: ${text}`);
    return row.id;
  };
  const lastWeek = monday(1);
  const timesheetEmployeeId = await one(
    `SELECT "employeeId" AS id FROM "TimesheetRecord"
     WHERE "companyId" = $1 AND "signInAt" >= $2::date AND "signInAt" < $2::date + 7
     GROUP BY "employeeId" ORDER BY count(*) DESC, "employeeId" LIMIT 1`,
    [companyId, lastWeek],
  );
  const visitWorkplaceId = await one(
    `SELECT "workplaceId" AS id FROM "Visit" WHERE "companyId" = $1
     GROUP BY "workplaceId" ORDER BY count(*) DESC, "workplaceId" LIMIT 1`,
    [companyId],
  );
  const kioskId = await one(
    `SELECT id FROM "VisitorKiosk" WHERE "companyId" = $1 AND "workplaceId" = $2 AND "revokedAt" IS NULL
     ORDER BY "createdAt" DESC, id LIMIT 1`,
    [companyId, visitWorkplaceId],
  );
  const kioskToken = `bench-kiosk-${kioskId}`;
  await client.query(
    `INSERT INTO "LinkToken" (id, "companyId", "tokenHash", "resourceType", "resourceId", operations, "expiresAt")
     VALUES (gen_random_uuid(), $1, $2, 'visitorKiosk', $3, ARRAY['read', 'update'], now() + interval '5 years')
     ON CONFLICT ("tokenHash") DO UPDATE SET "revokedAt" = NULL, "expiresAt" = excluded."expiresAt"`,
    [companyId, hashToken(kioskToken), kioskId],
  );
  return { timesheetEmployeeId, visitWorkplaceId, kioskToken };
}
