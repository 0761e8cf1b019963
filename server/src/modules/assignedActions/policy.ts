import type { AuthContext } from '../../plugins/auth';

/**
 * Who may see and change an assigned action besides its assignee (assignees.ts, the rule the
 * dashboard lists it by): the action register's readers, and a form's coordinators.
 */

/** An employee whose role holds the action register's key: reads any action of the organisation. */
export const registerReader = (auth: AuthContext) =>
  auth.userType === 'employee' && auth.accessKeys.has('actionRegister');

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
