import type { AuthContext } from '../../plugins/auth';
import { Prisma } from '../../generated/prisma/client';
import { sql, uuid, type Sql } from '../../db/sql';

/**
 * Whose assigned actions (form tasks, audit and obligation questions) a signed-in caller opens,
 * saves and completes: an employee's and a person's own; a supplier company's own account its
 * people's, on their behalf (it is the supplier's administrator; the change log names the account
 * that did it: docs/external-parties.md). The dashboard lists the same (dashboard/sources.ts).
 */
export type ActionAssignee = { employeeId: string } | { personnelId: string } | { supplierId: string };

export function actionAssigneeOf(
  auth: Pick<AuthContext, 'employeeId' | 'personnelId' | 'supplierId'>,
): ActionAssignee | null {
  if (auth.employeeId) return { employeeId: auth.employeeId };
  if (auth.personnelId) return { personnelId: auth.personnelId };
  if (auth.supplierId) return { supplierId: auth.supplierId };
  return null;
}

/** The rule as SQL over a task (`task` its alias) of the organisation, of any of the three task tables. */
export function assignedToSql(companyId: string, assignee: ActionAssignee, task: 't' | 'a' = 't'): Sql {
  const t = Prisma.raw(task);
  if ('employeeId' in assignee) return sql`${t}."assigneeEmployeeId" = ${uuid(assignee.employeeId)}`;
  if ('personnelId' in assignee) return sql`${t}."assigneePersonnelId" = ${uuid(assignee.personnelId)}`;
  return sql`${t}."assigneePersonnelId" IN (SELECT p.id FROM "Personnel" p
    WHERE p."companyId" = ${uuid(companyId)} AND p."supplierId" = ${uuid(assignee.supplierId)})`;
}
