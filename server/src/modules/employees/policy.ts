import { employeeMessages as say, privateInfoMessages } from '@compass/shared';
import { conflict, forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import {
  mayManageHolderOf,
  requireMayGive,
  requireMayManageHolderOf,
  type OrganisationRights,
} from '../administration';

// Who may change an employee's record and account: the organisation's rights rules
// (administration/policy.ts) applied to the employee's role.

/** Whether the caller manages the employee's account: it holds every right of the employee's role. */
export const mayManage = (rights: OrganisationRights, employee: { roleId: string | null }): boolean =>
  mayManageHolderOf(rights, employee.roleId);

/** What a save changes that the rights rules weigh. */
export interface EmployeeChange {
  role: boolean;
  email: boolean;
  username: boolean;
}

/**
 * A stored employee's role, sign-in e-mail or username changes only when the caller manages them;
 * a role is given only when the caller holds all its rights.
 */
export function requireMaySave(
  rights: OrganisationRights,
  before: { roleId: string | null } | null,
  change: EmployeeChange,
  roleId: string | null,
): void {
  if (before && (change.role || change.email || change.username))
    requireMayManageHolderOf(rights, before.roleId);
  if (change.role) requireMayGive(rights, rights.ofRole(roleId));
}

/** Nobody deactivates themselves. */
export function refuseSelfDeactivation(auth: AuthContext, employeeId: string, active: boolean): void {
  if (!active && employeeId === auth.employeeId) throw conflict(say.deactivateSelf);
}

/** Reactivating gives the account its role's rights back; deactivating takes a stronger one's away. */
export function requireMaySetActive(rights: OrganisationRights, employee: { roleId: string | null }): void {
  requireMayManageHolderOf(rights, employee.roleId);
}

/** What the caller may do with an employee's private information (docs/human-resources.md). */
export interface PrivateInfoRights {
  read: boolean;
  edit: boolean;
}

/**
 * The private part of the record (date of birth, address, personal contacts): HR with
 * hrEmployeePrivateInfo reads and changes anyone's in the organisation; the employee reads their
 * own always and changes it with hrProfileEdit. Nobody else, whatever other HR key they hold.
 * The employee is one of the caller's organisation (the caller looked them up there first).
 */
export function privateInfoRights(auth: AuthContext, employeeId: string): PrivateInfoRights {
  if (auth.userType !== 'employee' || !auth.employeeId) return { read: false, edit: false };
  if (auth.accessKeys.has('hrEmployeePrivateInfo')) return { read: true, edit: true };
  if (employeeId === auth.employeeId) return { read: true, edit: auth.accessKeys.has('hrProfileEdit') };
  return { read: false, edit: false };
}

/**
 * The caller may name `reviewerId` to review HR content (an HR form's answers, a performance
 * review's assessments) of employees whose line managers are `managerIds`. The reviewer reads that
 * content, so naming one is granting it: only a caller with hrEmployeePrivateInfo (who reads it
 * anyway) names anyone; any other caller names only each employee's line manager, whom the
 * organisation's reporting lines already make their reviewer.
 */
export const namesReviewer = (
  auth: Pick<AuthContext, 'accessKeys'>,
  reviewerId: string,
  managerIds: readonly (string | null)[],
): boolean => auth.accessKeys.has('hrEmployeePrivateInfo') || managerIds.every((id) => id === reviewerId);

/** Refuses a caller who may not read (or, with `edit`, change) the employee's private information. */
export function requirePrivateInfo(auth: AuthContext, employeeId: string, need: keyof PrivateInfoRights) {
  const rights = privateInfoRights(auth, employeeId);
  if (!rights[need])
    throw forbidden(rights.read ? privateInfoMessages.keptByHr : privateInfoMessages.notYours);
  return rights;
}
