import type { TAssignedActionKind } from '@compass/shared';
import { Prisma } from '../../generated/prisma/client';
import { sql, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';

/**
 * Who may see and change an assigned action besides its assignee (assignees.ts, the rule the
 * dashboard lists it by): the action register's readers, and a form's coordinators.
 */

// HR actions — a performance review's agreed actions and the actions of an HR form's submissions —
// are HR matters: the HR Action register shows them to holders of hrForm or hrAdmin, and the Action
// Register (its key) every other action. One rule for the registers' lists and for what their
// dialogs open (the files too).

/** A performance review's agreed action (`task` the Action table's alias). */
export const reviewActionSql = (task: 't' | 'a' = 't'): Sql =>
  sql`${Prisma.raw(task)}."performanceReviewId" IS NOT NULL`;

/** An HR action, a review's or an HR form's: the mark the database keeps (Action_hr_mark). */
export const hrActionSql = (task: 't' | 'a' = 't'): Sql => sql`${Prisma.raw(task)}."isHr"`;
/** An HR form's action. */
export const hrFormActionSql = (task: 't' | 'a' = 't'): Sql =>
  sql`${Prisma.raw(task)}."isHr" AND ${Prisma.raw(task)}."performanceReviewId" IS NULL`;

/** Holders of hrForm or hrAdmin: HR, who keep the HR Action register. */
export const holdsHrActions = (auth: Pick<AuthContext, 'accessKeys'>): boolean =>
  auth.accessKeys.has('hrForm') || auth.accessKeys.has('hrAdmin');

/**
 * Which of the organisation's tasks of `kind` (alias `a`) an employee reads as a register's reader:
 * of the Action table, the HR actions with the HR keys and the others with the Action Register's
 * key; the audit and obligation questions with the Action Register's key alone. Null when none.
 */
export function registerReadSql(auth: AuthContext, kind: TAssignedActionKind): Sql | null {
  if (auth.userType !== 'employee') return null;
  const general = auth.accessKeys.has('actionRegister');
  if (kind !== 'form') return general ? sql`TRUE` : null;
  const hr = holdsHrActions(auth);
  if (hr && general) return sql`TRUE`;
  if (hr) return hrActionSql('a');
  return general ? sql`NOT (${hrActionSql('a')})` : null;
}

/**
 * What a signed-in user may do with a form's action on the external task page: its assignee and
 * the form's first coordinator change it, the other coordinators see it, anyone else nothing.
 */
export function externalTaskAccess(
  auth: AuthContext,
  action: { assigneeEmployeeId: string | null; assigneePersonnelId: string | null },
  coordinators: { employeeId: string }[],
): 'change' | 'view' | null {
  const isAssignee =
    (auth.employeeId !== null && action.assigneeEmployeeId === auth.employeeId) ||
    (auth.personnelId !== null && action.assigneePersonnelId === auth.personnelId);
  const isCoordinator =
    auth.employeeId !== null && coordinators.some((c) => c.employeeId === auth.employeeId);
  if (!isAssignee && !isCoordinator) return null;
  return isAssignee || (auth.employeeId !== null && coordinators[0]?.employeeId === auth.employeeId)
    ? 'change'
    : 'view';
}
