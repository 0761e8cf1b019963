import { timesheetMessages as say } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

/** Holders of hrAdmin run payroll: they open everyone's timesheet and export it. */
export const isPayroll = (auth: Pick<AuthContext, 'accessKeys'>): boolean => auth.accessKeys.has('hrAdmin');

/**
 * THE rule of who sees whose timesheet, on the employee `e`: the caller's own, their direct reports
 * (managerEmployeeId), everyone of the organisation for payroll. The team list, the week, the
 * decisions and the export all read through it.
 */
export function openable(auth: AuthContext, e: Sql): Sql {
  const company = sql`${e}."companyId" = ${uuid(auth.companyId)}`;
  if (isPayroll(auth)) return company;
  if (!auth.employeeId) return sql`false`;
  const me = uuid(auth.employeeId);
  return sql`(${company} AND (${e}.id = ${me} OR ${e}."managerEmployeeId" = ${me}))`;
}

/** Correcting and approving: a manager of the employee or payroll, never on the caller's own week. */
export const mayDecide = (
  auth: AuthContext,
  employee: { id: string; managerEmployeeId: string | null },
): boolean =>
  employee.id !== auth.employeeId &&
  (isPayroll(auth) || (auth.employeeId !== null && employee.managerEmployeeId === auth.employeeId));

export interface OpenedEmployee {
  id: string;
  firstName: string;
  lastName: string;
  employeeNumber: string | null;
  managerEmployeeId: string | null;
  /** The manager's name, read with the employee (the week's heading shows it). */
  manager: { firstName: string; lastName: string } | null;
}

/** The employee if the caller may open their timesheet; anyone else (another organisation's too) is not found. */
export async function openEmployee(
  client: Db | Prisma.TransactionClient,
  auth: AuthContext,
  employeeId: string,
): Promise<OpenedEmployee> {
  const [employee] = await client.$queryRaw<OpenedEmployee[]>(
    sql`SELECT e.id, e."firstName", e."lastName", e."employeeNumber", e."managerEmployeeId",
        (SELECT json_build_object('firstName', m."firstName", 'lastName', m."lastName") FROM "Employee" m
          WHERE m.id = e."managerEmployeeId" AND m."companyId" = e."companyId") AS manager
      FROM "Employee" e WHERE e.id = ${uuid(employeeId)} AND ${openable(auth, sql`e`)}`,
  );
  if (!employee) throw notFound();
  return employee;
}

/** openEmployee for a correction or a decision on the week: the caller's own is refused. */
export async function decidableEmployee(
  client: Db | Prisma.TransactionClient,
  auth: AuthContext,
  employeeId: string,
): Promise<OpenedEmployee> {
  const employee = await openEmployee(client, auth, employeeId);
  if (!mayDecide(auth, employee)) throw forbidden(say.notYourOwn);
  return employee;
}
