import {
  addDays,
  localDateOf,
  localTimeOf,
  personName,
  TIMESHEET_EXPORT_MAX_DAYS,
  timesheetMessages as say,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZTimesheetExportQuery } from '@compass/shared';
import { timestampOf, type Reader } from '../../db/reader';
import { emptySql, sql, uuid } from '../../db/sql';
import { badRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import { xlsxOf } from '../../plugins/xlsx';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';
import { openable } from './policy';

type ExportQuery = z.output<typeof ZTimesheetExportQuery>;

interface ApprovedWeek {
  employeeNumber: string | null;
  firstName: string;
  lastName: string;
  workplace: string | null;
  weekStart: string;
  dayHours: number[];
  totalHours: number;
  approver: UserNameJson;
  approvedAt: string;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The payroll file's columns, the same in the CSV and the XLSX file; times in the organisation's zone. */
const payrollColumns = (timeZone: string): CsvColumn<ApprovedWeek>[] => [
  { header: 'Employee number', value: (row) => row.employeeNumber },
  { header: 'Employee', value: (row) => personName(row) },
  { header: 'Workplace', value: (row) => row.workplace },
  { header: 'Week starting', value: (row) => row.weekStart },
  ...DAY_NAMES.map((header, index) => ({ header, value: (row: ApprovedWeek) => row.dayHours[index] ?? 0 })),
  { header: 'Total hours', value: (row) => row.totalHours },
  { header: 'Approved by', value: (row) => nameOfUser(row.approver) },
  {
    header: 'Approved at',
    value: (row) => {
      const at = timestampOf(row.approvedAt);
      return `${localDateOf(at, timeZone)} ${localTimeOf(at, timeZone)}`;
    },
  },
];

/**
 * Payroll: the approved weeks starting in [from, to] (at most 92 days) of the employees the caller
 * may open, read on the approvals' (companyId, weekStart) index. Only approved hours: a week not
 * approved is not in the file. Not cut short: payroll needs every approved week of the period.
 */
export async function payrollFile(reader: Reader, auth: AuthContext, query: ExportQuery) {
  if (query.to < query.from) throw badRequest(say.periodReversed);
  if (addDays(query.from, TIMESHEET_EXPORT_MAX_DAYS - 1) < query.to) throw badRequest(say.periodTooLong);
  const company = uuid(auth.companyId);
  const rows = await reader.rows<ApprovedWeek>(
    sql`SELECT e."employeeNumber", e."firstName", e."lastName", w.name AS workplace,
        to_char(a."weekStart", 'YYYY-MM-DD') AS "weekStart", a."dayHours"::float8[] AS "dayHours",
        a."totalHours"::float8 AS "totalHours", ${userNameJson(sql`a."approvedById"`, company)} AS approver,
        a."approvedAt"
      FROM "TimesheetApproval" a
      JOIN "Employee" e ON e.id = a."employeeId" AND e."companyId" = a."companyId"
      LEFT JOIN "Workplace" w ON w.id = e."workplaceId" AND w."companyId" = e."companyId"
      WHERE a."companyId" = ${company} AND a."weekStart" BETWEEN ${query.from}::date AND ${query.to}::date
        AND ${openable(auth, sql`e`)}
        ${query.workplaceId ? sql`AND e."workplaceId" = ${uuid(query.workplaceId)}` : emptySql}
      ORDER BY a."weekStart", e."lastName", e."firstName", e.id`,
    { export: true },
  );
  const fileName = `timesheets-${query.from}-${query.to}.${query.format}`;
  const columns = payrollColumns(auth.timeZone);
  const body = query.format === 'xlsx' ? xlsxOf(columns, rows, 'Timesheets') : csvOf(columns, rows);
  return { body, fileName };
}
