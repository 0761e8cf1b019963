import { actionRegisterMessages as say, type TActionKind } from '@compass/shared';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

// Who may see and change the register's actions. Its route access admits the roles with the Action
// Register key; to them the register shows every action of their organisation, and reassigns the
// open ones.

/** The organisation's actions among `ids`: another organisation's action is no action (404). */
export const organisationActions = (auth: Pick<AuthContext, 'companyId'>, ids: string[]) => ({
  id: { in: ids },
  companyId: auth.companyId,
});

/** The caller's own action: they are its assignee. */
export const isAssignee = (auth: Pick<AuthContext, 'employeeId'>, action: { assigneeEmployeeId: string }) =>
  action.assigneeEmployeeId === auth.employeeId;

/** A document's actions are given to employees only. */
export function refuseAssigneeOfKind(kind: TActionKind, assigneeType: 'internal' | 'external'): void {
  if (kind === 'document' && assigneeType === 'external')
    throw badRequest(say.documentToEmployee, [{ field: 'assignee', message: say.documentToEmployee }]);
}

/** Every action named is the organisation's (else 404) and still open (else 409). */
export function refuseUnreassignable(found: { isComplete: boolean }[], named: number): void {
  if (found.length !== named) throw notFound(say.notFound);
  if (found.some((row) => row.isComplete)) throw conflict(say.completed);
}
