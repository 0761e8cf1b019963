/**
 * The TimeSheet and Vismate calls the API benchmark measures (issue 45;
 * docs/timesheets-and-visitors.md), as payroll and the visitor register (scale.admin: hrAdmin and
 * vismate, so everyone's timesheet and every workplace): the team's week (this week, and last week's
 * weeks to approve), the week of the employee with the most entries last week, the register's first
 * page, searched by a name part and of the busiest workplace, who is on site there now, the setup
 * list. The kiosk's calls are not here: they are limited to 60 a minute per address (a kiosk is one
 * device), which a load test would only measure as 429s. Needs seed/scale/timesheetsAndVisitors.ts.
 */
import type pg from 'pg';
import { addDays, dayOfWeek } from '../shared/src/rules/dashboardPeriods';
import type { Case, Ids } from './cases';

/** The rows these cases name. */
export type TimesheetVisitorIds = Pick<Ids, 'timesheetEmployeeId' | 'visitWorkplaceId'>;

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
];

/**
 * The employee with the most entries last week and the workplace with the most visits.
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
  return { timesheetEmployeeId, visitWorkplaceId };
}
