import { z } from 'zod';
import { ACCESS_KEYS, type AccessKey } from '../rules/access';
import { isValidTimeZone } from '../rules/dashboardPeriods';
import { MENU, type MenuItem } from '../rules/menu';
import { defineCall, type CallAccess } from './call';

/** What administration says beyond the specification's catalogue (which has no such screens). */
export const administrationMessages = {
  nameRequired: 'Please enter a name.',
  timeZoneInvalid: 'Please choose a time zone from the list.',
  workplaceExists: 'A workplace with this name already exists.',
  branchExists: 'This workplace already has a branch with this name.',
  positionExists: 'A position with this name already exists.',
  roleExists: 'A role with this name already exists.',
  workplaceInUse: (uses: string) => `This workplace cannot be deleted: ${uses}. Deactivate it instead.`,
  branchInUse: (uses: string) => `This branch cannot be deleted: ${uses}. Deactivate it instead.`,
  positionInUse: (count: number) =>
    `This position cannot be deleted: ${count} employee${count === 1 ? ' holds' : 's hold'} it.`,
  roleInUse: (count: number) =>
    `This role cannot be deleted: ${count} employee${count === 1 ? ' has' : 's have'} it.`,
  ownSystemAccess: 'You cannot remove System Administration access from your own role.',
  /** A role's new keys, or a role given to an employee, beyond the caller's own rights. */
  grantBeyondOwn: 'You cannot give access you do not hold yourself.',
  /** The role, e-mail, username or active state of an account that holds more than the caller. */
  manageBeyondOwn:
    'This employee holds access you do not: only someone who holds all of it can change their role, e-mail, username or account.',
  lastAdmin:
    'This would leave the organisation without an active administrator: at least one active employee must keep System Administration access.',
  logoType: 'The logo must be a PNG, JPEG or WebP image.',
  logoMissing: 'Choose an image file for the logo.',
  ssoIssuerInvalid: 'Please enter the https address of the identity provider (issuer).',
  ssoClientIdRequired: 'Please enter the client ID.',
  ssoSecretRequired: 'Please enter the client secret.',
  saved: 'Saved.',
  deleted: 'Deleted.',
} as const;

/** An administration call: employees whose role has the key. */
const keyed = (key: AccessKey) =>
  ({ callers: ['employee'], accessKeys: [key] }) as const satisfies CallAccess;

const ZName = z.string().trim().min(1, administrationMessages.nameRequired).max(200);
const ZId = z.object({ _id: z.uuid() });

// ---------- Organisation profile and SSO ----------

export const SSO_SETTINGS_PROVIDERS = ['microsoft', 'google'] as const;

export const ZSsoSettings = z.object({
  provider: z.enum(SSO_SETTINGS_PROVIDERS),
  issuer: z.string(),
  clientId: z.string(),
  isEnabled: z.boolean(),
  /** The secret itself is never answered: only whether one is stored. */
  hasClientSecret: z.boolean(),
});

export const ZOrganisationProfile = z.object({
  _id: z.uuid(),
  name: z.string(),
  timeZone: z.string(),
  mailSenderName: z.string().nullable(),
  headerTitle: z.string().nullable(),
  /** The logo's address, with a version so a new logo is not served from a cache. */
  logo: z.string().nullable(),
  sso: z.array(ZSsoSettings),
});
export type TOrganisationProfile = z.output<typeof ZOrganisationProfile>;

export const ZOrganisationProfileUpdate = z.object({
  name: ZName,
  timeZone: z.string().max(100).refine(isValidTimeZone, administrationMessages.timeZoneInvalid),
  mailSenderName: z.string().trim().max(100).nullable().optional(),
  headerTitle: z.string().trim().max(100).nullable().optional(),
});
export type TOrganisationProfileUpdate = z.input<typeof ZOrganisationProfileUpdate>;

export const ZSsoSettingsUpdate = z.object({
  provider: z.enum(SSO_SETTINGS_PROVIDERS),
  issuer: z
    .string()
    .trim()
    .max(500)
    .refine((value) => /^https:\/\/[^\s]+$/i.test(value), administrationMessages.ssoIssuerInvalid),
  clientId: z.string().trim().min(1, administrationMessages.ssoClientIdRequired).max(500),
  /** Write-only; empty or absent keeps the stored secret. */
  clientSecret: z.string().trim().max(2000).optional(),
  isEnabled: z.boolean(),
});
export type TSsoSettingsUpdate = z.input<typeof ZSsoSettingsUpdate>;

export const organisationProfileCall = defineCall({
  method: 'POST',
  path: '/organisationProfile',
  tags: ['administration'],
  summary: "The organisation's profile and SSO settings (never a client secret)",
  access: keyed('system'),
  response: ZOrganisationProfile,
});

export const organisationProfileUpdateCall = defineCall({
  method: 'POST',
  path: '/organisationProfileUpdate',
  tags: ['administration'],
  summary: 'Change the name, time zone, mail sender name and header title',
  access: keyed('system'),
  body: ZOrganisationProfileUpdate,
  response: ZOrganisationProfile,
});

export const organisationLogoUploadCall = defineCall({
  method: 'POST',
  path: '/organisationLogoUpload',
  tags: ['administration'],
  summary: 'Replace the logo (multipart: one PNG, JPEG or WebP file; stored resized to at most 512 px)',
  access: keyed('system'),
  multipart: z.object({}),
  response: ZOrganisationProfile,
});

export const organisationLogoDeleteCall = defineCall({
  method: 'POST',
  path: '/organisationLogoDelete',
  tags: ['administration'],
  summary: 'Remove the logo',
  access: keyed('system'),
  response: ZOrganisationProfile,
});

export const organisationLogoCall = defineCall({
  method: 'GET',
  path: '/organisationLogo/:companyId',
  tags: ['administration'],
  summary: "An organisation's logo (public: it is shown on the product's own pages)",
  access: { callers: 'anyone' },
  params: z.object({ companyId: z.uuid() }),
  query: z.object({ v: z.string().max(40).optional() }),
  response: 'file',
});

/** A logo's version in its address: part of its storage key, so a new logo is not served from a cache. */
export const logoVersion = (logoKey: string) => logoKey.replace(/^.*\//, '').slice(0, 8);

/** The public address of an organisation's logo, versioned by its storage key so a new one is fetched. */
export function organisationLogoPath(companyId: string, logoKey: string | null): string | null {
  if (!logoKey) return null;
  return `/api/organisationLogo/${companyId}?v=${logoVersion(logoKey)}`;
}

export const ssoSettingsUpdateCall = defineCall({
  method: 'POST',
  path: '/ssoSettingsUpdate',
  tags: ['administration'],
  summary: 'Set up Microsoft or Google sign-in; the client secret is stored encrypted and never answered',
  // Who may sign in, and through whom, is identity administration: a token is for data integrations.
  access: { ...keyed('system'), sessionOnly: true },
  body: ZSsoSettingsUpdate,
  response: ZOrganisationProfile,
});

// ---------- Workplaces and branches ----------

export const ZBranchRow = z.object({ _id: z.uuid(), name: z.string(), isActive: z.boolean() });
export const ZWorkplaceRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  isActive: z.boolean(),
  employeeCount: z.number().int(),
  branches: z.array(ZBranchRow),
});
export type TWorkplaceRow = z.output<typeof ZWorkplaceRow>;

export const ZWorkplaceSave = z.object({ _id: z.uuid().optional(), name: ZName, isActive: z.boolean() });
export const ZBranchSave = z.object({
  _id: z.uuid().optional(),
  workplaceId: z.uuid(),
  name: ZName,
  isActive: z.boolean(),
});

export const workplaceListCall = defineCall({
  method: 'POST',
  path: '/workplaceList',
  tags: ['administration'],
  summary: 'Every workplace with its branches and how many employees work there',
  access: keyed('system'),
  response: z.object({ list: z.array(ZWorkplaceRow) }),
});

export const workplaceSaveCall = defineCall({
  method: 'POST',
  path: '/workplaceSave',
  tags: ['administration'],
  summary: 'Create a workplace, or rename and (de)activate one (_id given)',
  access: keyed('system'),
  body: ZWorkplaceSave,
  response: ZId,
});

export const workplaceDeleteCall = defineCall({
  method: 'POST',
  path: '/workplaceDelete',
  tags: ['administration'],
  summary: 'Delete a workplace that nothing uses (409 naming what uses it otherwise)',
  access: keyed('system'),
  body: ZId,
  response: z.null(),
});

export const branchSaveCall = defineCall({
  method: 'POST',
  path: '/branchSave',
  tags: ['administration'],
  summary: 'Create a branch of a workplace, or rename and (de)activate one (_id given)',
  access: keyed('system'),
  body: ZBranchSave,
  response: ZId,
});

export const branchDeleteCall = defineCall({
  method: 'POST',
  path: '/branchDelete',
  tags: ['administration'],
  summary: 'Delete a branch that nothing uses (409 naming what uses it otherwise)',
  access: keyed('system'),
  body: ZId,
  response: z.null(),
});

// ---------- Positions ----------

export const ZPositionRow = z.object({ _id: z.uuid(), name: z.string(), employeeCount: z.number().int() });
export type TPositionRow = z.output<typeof ZPositionRow>;

export const positionListCall = defineCall({
  method: 'POST',
  path: '/positionList',
  tags: ['administration'],
  summary: 'Every position with how many employees hold it',
  access: keyed('hrPosition'),
  response: z.object({ list: z.array(ZPositionRow) }),
});

export const positionSaveCall = defineCall({
  method: 'POST',
  path: '/positionSave',
  tags: ['administration'],
  summary: 'Create a position, or rename one (_id given)',
  access: keyed('hrPosition'),
  body: z.object({ _id: z.uuid().optional(), name: ZName }),
  response: ZId,
});

export const positionDeleteCall = defineCall({
  method: 'POST',
  path: '/positionDelete',
  tags: ['administration'],
  summary: 'Delete a position no employee holds',
  access: keyed('hrPosition'),
  body: ZId,
  response: z.null(),
});

// ---------- Roles and their access keys ----------

export const ZAccessKey = z.enum(ACCESS_KEYS, {
  error: (issue) => `Unknown access key: ${String(issue.input)}`,
});

export const ZRoleRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  access: z.array(ZAccessKey),
  memberCount: z.number().int(),
});
export type TRoleRow = z.output<typeof ZRoleRow>;

export const ZRoleSave = z.object({
  _id: z.uuid().optional(),
  name: ZName,
  access: z.array(ZAccessKey).max(ACCESS_KEYS.length),
});
export type TRoleSave = z.input<typeof ZRoleSave>;

export const roleListCall = defineCall({
  method: 'POST',
  path: '/roleList',
  tags: ['administration'],
  summary: 'Every role with its access keys and how many employees have it',
  access: keyed('system'),
  response: z.object({ list: z.array(ZRoleRow) }),
});

export const roleSaveCall = defineCall({
  method: 'POST',
  path: '/roleSave',
  tags: ['administration'],
  summary:
    "Create a role, or change one's name and access keys (_id given); takes effect on its members' next call",
  access: keyed('system'),
  body: ZRoleSave,
  response: ZId,
});

export const roleDeleteCall = defineCall({
  method: 'POST',
  path: '/roleDelete',
  tags: ['administration'],
  summary: 'Delete a role no employee has',
  access: keyed('system'),
  body: ZId,
  response: z.null(),
});

/** One group of the access-key grid: the keys a navigation group uses, in menu order. */
export interface AccessKeyGroup {
  label: string;
  keys: AccessKey[];
}

/**
 * The access keys grouped as the navigation groups them (000 section 2.6), so the role editor's
 * grid reads like the menu; a key no menu item names falls in 'Other'.
 */
export function accessKeyGroups(menu: MenuItem[] = MENU): AccessKeyGroup[] {
  const own = (item: MenuItem): AccessKey[] =>
    item.access ? (Array.isArray(item.access) ? item.access : [item.access]) : [];
  const keysOf = (item: MenuItem): AccessKey[] => [...own(item), ...(item.children ?? []).flatMap(keysOf)];
  // Quick Add only repeats the keys of the areas it shortcuts to.
  const areas = menu.filter((entry) => entry.id !== 'quickAdd');
  // An area's own key is its group's, even when another area's entry also asks for it (Form
  // Submission › Templates needs `system` too); the other keys go to the first area naming them.
  const owner = new Map<AccessKey, MenuItem>();
  for (const item of areas) for (const key of own(item)) if (!owner.has(key)) owner.set(key, item);
  for (const item of areas) for (const key of keysOf(item)) if (!owner.has(key)) owner.set(key, item);
  const groups: AccessKeyGroup[] = areas.flatMap((item) => {
    const keys = [...new Set(keysOf(item))].filter((key) => owner.get(key) === item);
    return keys.length > 0 ? [{ label: item.label, keys }] : [];
  });
  const rest = ACCESS_KEYS.filter((key) => !owner.has(key));
  if (rest.length > 0) groups.push({ label: 'Other', keys: rest });
  return groups;
}

/** The label of an access key in the role editor: its words, as the menu would say them. */
export function accessKeyLabel(key: AccessKey): string {
  const words = key.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
