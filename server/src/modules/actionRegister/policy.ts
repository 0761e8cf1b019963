import { actionRegisterMessages as say, type ActionRegisterKind, type TActionKind } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { holdsHrActions, hrActionSql } from '../assignedActions';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

// Who may see and change the registers' actions: the HR actions rule (which actions are HR matters,
// and who reads them) is the assigned actions' (assignedActions/policy.ts), so the registers' lists
// and what their dialogs open agree. Each register reassigns its open ones.

/**
 * Refuses whom the register is not for: HR Action needs hrForm or hrAdmin (403); the Action
 * Register's key is on its calls.
 */
export function requireRegister(auth: AuthContext, register: ActionRegisterKind): void {
  if (register === 'hr' && !holdsHrActions(auth)) throw forbidden();
}

/** The organisation's actions among `ids`: another organisation's action is no action (404). */
export const organisationActions = (auth: Pick<AuthContext, 'companyId'>, ids: string[]) => ({
  id: { in: ids },
  companyId: auth.companyId,
});

/**
 * Which of the organisation's `ids` in the Action table are the register's: the others are not found
 * there (404), as another organisation's. Only the Action table holds HR actions.
 */
export async function actionsOfRegister(
  client: Pick<Prisma.TransactionClient, '$queryRaw'>,
  auth: Pick<AuthContext, 'companyId'>,
  register: ActionRegisterKind,
  ids: string[],
): Promise<string[]> {
  const rule: Sql = register === 'hr' ? hrActionSql() : sql`NOT (${hrActionSql()})`;
  const rows = await client.$queryRaw<{ id: string }[]>(sql`SELECT t.id FROM "Action" t
    WHERE t.id = ANY(${ids}::uuid[]) AND t."companyId" = ${uuid(auth.companyId)} AND ${rule}`);
  return rows.map((row) => row.id);
}

/** The kinds of action a register holds: HR actions are all in the Action table (`form`). */
export const holdsKind = (register: ActionRegisterKind, kind: TActionKind) =>
  register === 'general' || kind === 'form';

/** The caller's own action: they are its assignee. */
export const isAssignee = (auth: Pick<AuthContext, 'employeeId'>, action: { assigneeEmployeeId: string }) =>
  action.assigneeEmployeeId === auth.employeeId;

/** A document's actions, and every HR action, are given to employees only. */
export function refuseAssignee(
  register: ActionRegisterKind,
  kind: TActionKind,
  assigneeType: 'internal' | 'external',
): void {
  if (assigneeType === 'internal') return;
  if (register === 'hr')
    throw badRequest(say.hrToEmployee, [{ field: 'assignee', message: say.hrToEmployee }]);
  if (kind === 'document')
    throw badRequest(say.documentToEmployee, [{ field: 'assignee', message: say.documentToEmployee }]);
}

/** Every action named is the organisation's (else 404) and still open (else 409). */
export function refuseUnreassignable(found: { isComplete: boolean }[], named: number): void {
  if (found.length !== named) throw notFound(say.notFound);
  if (found.some((row) => row.isComplete)) throw conflict(say.completed);
}
