import { z } from 'zod';
import { ACCESS_KEYS } from '../rules/access';
import { ZDay } from '../rules/day';
import { isEmailAddress, updateUsernameError } from '../rules/email';
import { ACCESS, defineCall } from './call';

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
  // Minting sign-in links and lifting sign-in locks is identity administration, not a token's.
  access: { ...access, sessionOnly: true },
  body: ZId,
  response: z.null(),
});

export const employeeUnlockCall = defineCall({
  method: 'POST',
  path: '/employeeUnlock',
  tags: ['employees'],
  summary: 'Lift the lock of an account after too many failed sign-ins',
  access: { ...access, sessionOnly: true },
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

export const EMERGENCY_CONTACTS_MAX = 3;
/** The ages a date of birth may give: a working person, not a typing slip (14: the youngest work permits). */
export const EMPLOYEE_AGE_YEARS = { min: 14, max: 120 } as const;

/** What the private part of an employee's record says (docs/human-resources.md, "Private information and Profile"). */
export const privateInfoMessages = {
  dateOfBirthRange: `A date of birth makes the employee ${EMPLOYEE_AGE_YEARS.min} to ${EMPLOYEE_AGE_YEARS.max} years old.`,
  personalEmailInvalid: 'Please enter a valid personal e-mail address.',
  phoneInvalid: 'Please enter a phone number: 6 to 15 digits, with spaces, + ( ) - allowed.',
  contactNameRequired: 'Please enter the emergency contact’s name.',
  contactPhoneRequired: 'Please enter the emergency contact’s phone number.',
  tooManyContacts: `Up to ${EMERGENCY_CONTACTS_MAX} emergency contacts.`,
  stale: 'Someone else changed this information since you opened it. Reload it and try again.',
  saved: 'Private information saved.',
  notYours: 'Private information is seen only by the employee and HR.',
  keptByHr: 'HR keeps your private information: ask them to change it.',
} as const;

/** The day `years` years before `day` (29 February: 1 March in a common year). */
function yearsBefore(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** Why a date of birth is refused on `today` (the organisation's day), or null: the age must be 14 to 120. */
export function dateOfBirthProblem(dateOfBirth: string, today: string): string | null {
  const youngest = yearsBefore(today, EMPLOYEE_AGE_YEARS.min);
  const oldest = yearsBefore(today, EMPLOYEE_AGE_YEARS.max + 1);
  return dateOfBirth <= youngest && dateOfBirth > oldest ? null : privateInfoMessages.dateOfBirthRange;
}

/** A phone number as people type it: digits with spaces, dots, dashes, brackets and a leading +; 6 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return /^\+?[\d\s().-]+$/.test(value.trim()) && digits >= 6 && digits <= 15;
}

const optionalPhone = optionalText(40).refine(
  (value) => !value || isPhoneNumber(value),
  privateInfoMessages.phoneInvalid,
);

export const ZEmergencyContact = z.object({
  name: z.string().trim().min(1, privateInfoMessages.contactNameRequired).max(100),
  relationship: optionalText(50),
  phone: z
    .string()
    .trim()
    .min(1, privateInfoMessages.contactPhoneRequired)
    .max(40)
    .refine(isPhoneNumber, privateInfoMessages.phoneInvalid),
});
export type TEmergencyContact = z.output<typeof ZEmergencyContact>;

/** The private part's fields as they are changed; the server checks the date of birth's range on its day. */
export const ZPrivateInfoFields = z.object({
  dateOfBirth: ZDay.nullable()
    .optional()
    .transform((value) => value ?? null),
  address: optionalText(500),
  personalPhone: optionalPhone,
  personalEmail: optionalText(320).refine(
    (value) => !value || isEmailAddress(value),
    privateInfoMessages.personalEmailInvalid,
  ),
  emergencyContacts: z
    .array(ZEmergencyContact)
    .max(EMERGENCY_CONTACTS_MAX, privateInfoMessages.tooManyContacts)
    .default([]),
});

export const ZEmployeePrivateInfoSave = ZPrivateInfoFields.extend({
  employeeId: z.uuid(),
  /** The version read: 0 when nothing was saved yet. Someone else's save since is a 409 (stale_version). */
  version: z.number().int().min(0).max(1_000_000_000),
});
export type TEmployeePrivateInfoSave = z.input<typeof ZEmployeePrivateInfoSave>;
export type TEmployeePrivateInfoSaveParsed = z.output<typeof ZEmployeePrivateInfoSave>;

export const ZEmployeePrivateInfo = z.object({
  employeeId: z.uuid(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  personalPhone: z.string().nullable(),
  personalEmail: z.string().nullable(),
  emergencyContacts: z.array(ZEmergencyContact),
  /** 0: nothing saved yet. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  /** Who saved it last. */
  updatedBy: z.string().nullable(),
  /** The caller may change it (HR with hrEmployeePrivateInfo, or the employee with hrProfileEdit). */
  mayEdit: z.boolean(),
});
export type TEmployeePrivateInfo = z.output<typeof ZEmployeePrivateInfo>;

/** The employee's own Profile: the profile menu's link and the private-information notice's. */
export const profilePagePath = (employeeId: string): string => `/human-resource/employee/edit/${employeeId}`;

/** The caller's own record as their Profile shows it (HR keeps it; read-only there). */
export const ZEmployeeProfile = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  employeeNumber: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  position: z.string().nullable(),
  workplace: z.string().nullable(),
  branch: z.string().nullable(),
  manager: z.string().nullable(),
});
export type TEmployeeProfile = z.output<typeof ZEmployeeProfile>;

export const employeeProfileCall = defineCall({
  method: 'POST',
  path: '/employeeProfile',
  tags: ['employees'],
  summary: 'The signed-in employee’s own record for their Profile',
  access: ACCESS.employee,
  response: ZEmployeeProfile,
});

export const employeePrivateInfoCall = defineCall({
  method: 'POST',
  path: '/employeePrivateInfo',
  tags: ['employees'],
  summary: 'The private part of an employee’s record (empty until first saved): HR and the employee themself',
  access: ACCESS.employee,
  body: z.object({ employeeId: z.uuid() }),
  response: ZEmployeePrivateInfo,
});

export const employeePrivateInfoSaveCall = defineCall({
  method: 'POST',
  path: '/employeePrivateInfoSave',
  tags: ['employees'],
  summary:
    'Change the private part of an employee’s record: HR with hrEmployeePrivateInfo, the employee with hrProfileEdit',
  access: ACCESS.employee,
  body: ZEmployeePrivateInfoSave,
  response: z.object({ version: z.number().int() }),
});
