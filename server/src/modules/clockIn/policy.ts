import type { Db } from '../../db/prisma';
import type { AuthContext } from '../../plugins/auth';

/**
 * Who may clock an employee in and out: the employee themself, or a user whose role opens the
 * visitor register (Vismate), which runs the timesheet.
 */
export async function mayClockFor(db: Db, auth: AuthContext, employeeId: string): Promise<boolean> {
  if (auth.employeeId === employeeId) return true;
  const caller = auth.employeeId
    ? await db.employee.findUnique({ where: { id: auth.employeeId }, select: { role: true } })
    : null;
  const access = (caller?.role?.access ?? {}) as Record<string, boolean>;
  return access.vismate === true;
}

/** Another organisation's records look like none. */
export const inCallersOrganisation = (auth: AuthContext, companyId: string): boolean =>
  companyId === auth.companyId;
