import type { Db } from '../../db/prisma';
import type { AuthContext } from '../../plugins/auth';

/**
 * Who may clock an employee in and out: the employee themself, or a user whose role opens the
 * visitor register (Vismate), which runs the timesheet. The key must be one the caller holds in
 * this call (an API token's keys are fewer than its maker's role's) and still the role's now.
 */
export async function mayClockFor(db: Db, auth: AuthContext, employeeId: string): Promise<boolean> {
  if (auth.employeeId === employeeId) return true;
  if (!auth.employeeId || !auth.accessKeys.has('vismate')) return false;
  const caller = await db.employee.findUnique({ where: { id: auth.employeeId }, select: { role: true } });
  const access = (caller?.role?.access ?? {}) as Record<string, boolean>;
  return access.vismate === true;
}

/** Another organisation's records look like none. */
export const inCallersOrganisation = (auth: AuthContext, companyId: string): boolean =>
  companyId === auth.companyId;
