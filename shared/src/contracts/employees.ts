import { z } from 'zod';
import { ACCESS_KEYS } from '../rules/access';
import { updateUsernameError } from '../rules/email';
import { defineCall } from './call';

/** What the employee administration says (the specification draws no such screens). */
export const employeeMessages = {
  firstNameRequired: 'Please enter the first name.',
  lastNameRequired: 'Please enter the last name.',
  usernameRequired: 'Please enter a username.',
  usernameTaken: 'This username is already taken. Choose another one.',
  emailTaken: 'Another employee of the organisation already has this e-mail address.',
  employeeNumberTaken: 'Another employee already has this employee number.',
  emailInvalid: 'Please enter a valid e-mail address.',
  inviteNeedsEmail: 'An invitation is sent by e-mail: enter an e-mail address first.',
  missing: (what: string) => `The chosen ${what} does not exist.`,
  branchOfOtherWorkplace: 'The chosen branch belongs to another workplace.',
  managerCycle: 'An employee cannot report to themselves or to someone who reports to them.',
  deactivateSelf: 'You cannot deactivate your own account.',
  created: 'Employee created.',
  createdInvited: 'Employee created and invited by e-mail.',
  saved: 'Employee saved.',
  savedReinvited: 'Employee saved. The open invitation was sent again, to the new e-mail address.',
  invited: 'Invitation sent.',
  unlocked: 'The account is unlocked.',
  deactivated: 'The employee is deactivated and signed out everywhere.',
  reactivated: 'The employee is active again.',
} as const;

export const EMPLOYEE_STATUSES = ['active', 'invited', 'notInvited', 'locked', 'deactivated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_LABELS: Record<EmployeeStatus, string> = {
  active: 'Active',
  invited: 'Invitation sent',
  notInvited: 'Not invited',
  locked: 'Locked',
  deactivated: 'Deactivated',
};

const access = { callers: ['employee'], accessKeys: ['hrEmployee'] } as const;
const ZId = z.object({ _id: z.uuid() });

export const ZEmployeeListRequest = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  workplaceId: z.uuid().optional(),
  roleId: z.uuid().optional(),
  positionId: z.uuid().optional(),
  /** active and deactivated filter the account; invited: invitation sent and not yet used. */
  status: z.enum(['active', 'invited', 'deactivated']).optional(),
});
export type TEmployeeListRequest = z.input<typeof ZEmployeeListRequest>;

export const ZEmployeeRow = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  position: z.string().nullable(),
  role: z.string().nullable(),
  workplace: z.string().nullable(),
  manager: z.string().nullable(),
  status: z.enum(EMPLOYEE_STATUSES),
});
export type TEmployeeRow = z.output<typeof ZEmployeeRow>;

export const ZEmployeeDetails = ZEmployeeRow.extend({
  positionId: z.uuid().nullable(),
  roleId: z.uuid().nullable(),
  workplaceId: z.uuid().nullable(),
  branchId: z.uuid().nullable(),
  managerEmployeeId: z.uuid().nullable(),
  isSelf: z.boolean(),
  /**
   * The caller holds every right of this employee's role, so may change their role, e-mail,
   * username and active state (holdsAll; the server checks it again on every save).
   */
  mayManage: z.boolean(),
});
export type TEmployeeDetails = z.output<typeof ZEmployeeDetails>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((value) => value || null);

export const ZEmployeeSave = z.object({
  _id: z.uuid().optional(),
  firstName: z.string().trim().min(1, employeeMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, employeeMessages.lastNameRequired).max(100),
  email: optionalText(320).refine(
    (value) => !value || !updateUsernameError(value),
    employeeMessages.emailInvalid,
  ),
  username: z.string().trim().min(1, employeeMessages.usernameRequired).max(320),
  employeeNumber: optionalText(50),
  positionId: z.uuid().nullable().optional(),
  roleId: z.uuid().nullable().optional(),
  workplaceId: z.uuid().nullable().optional(),
  branchId: z.uuid().nullable().optional(),
  managerEmployeeId: z.uuid().nullable().optional(),
  /** On create: mail an invitation to set a password. */
  invite: z.boolean().optional(),
});
export type TEmployeeSave = z.input<typeof ZEmployeeSave>;
export type TEmployeeSaveParsed = z.output<typeof ZEmployeeSave>;

const ZOption = z.object({ _id: z.uuid(), name: z.string() });
export const ZEmployeeFormOptions = z.object({
  positions: z.array(ZOption),
  /** With each role's rights, so the form offers only roles the caller may give (holdsAll). */
  roles: z.array(ZOption.extend({ access: z.array(z.enum(ACCESS_KEYS)), restricted: z.array(z.string()) })),
  workplaces: z.array(ZOption.extend({ branches: z.array(ZOption) })),
});
export type TEmployeeFormOptions = z.output<typeof ZEmployeeFormOptions>;

export const employeeListCall = defineCall({
  method: 'POST',
  path: '/employeeList',
  tags: ['employees'],
  summary: 'A page of the organisation’s employees: search, filters, sorted by name',
  access,
  body: ZEmployeeListRequest,
  response: z.object({ rows: z.array(ZEmployeeRow), total: z.number().int() }),
});

export const employeeDetailsCall = defineCall({
  method: 'POST',
  path: '/employeeDetails',
  tags: ['employees'],
  summary: 'One employee for the edit page',
  access,
  body: ZId,
  response: ZEmployeeDetails,
});

export const employeeFormOptionsCall = defineCall({
  method: 'POST',
  path: '/employeeFormOptions',
  tags: ['employees'],
  summary: 'The positions, roles, workplaces and branches an employee can be given',
  access,
  response: ZEmployeeFormOptions,
});

export const employeeSaveCall = defineCall({
  method: 'POST',
  path: '/employeeSave',
  tags: ['employees'],
  summary:
    'Create an employee with a sign-in account (invited by e-mail when asked), or change one (_id given)',
  access,
  body: ZEmployeeSave,
  response: ZId,
});

export const employeeInviteCall = defineCall({
  method: 'POST',
  path: '/employeeInvite',
  tags: ['employees'],
  summary: 'Send the invitation again; the earlier link stops working',
  access,
  body: ZId,
  response: z.null(),
});

export const employeeUnlockCall = defineCall({
  method: 'POST',
  path: '/employeeUnlock',
  tags: ['employees'],
  summary: 'Lift the lock of an account after too many failed sign-ins',
  access,
  body: ZId,
  response: z.null(),
});

export const employeeDeactivateCall = defineCall({
  method: 'POST',
  path: '/employeeDeactivate',
  tags: ['employees'],
  summary: 'Deactivate an employee: sign-in refused, every session ended at once, history kept',
  access,
  body: ZId,
  response: z.null(),
});

export const employeeReactivateCall = defineCall({
  method: 'POST',
  path: '/employeeReactivate',
  tags: ['employees'],
  summary: 'Make a deactivated employee active again',
  access,
  body: ZId,
  response: z.null(),
});
