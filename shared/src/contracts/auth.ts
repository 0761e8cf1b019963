import { z } from 'zod';
import { messages } from '../messages';
import { ACCESS_KEYS, type AccessKey } from '../rules/access';
import { ACCESS, defineCall } from './call';
import { ZYesNo } from './envelope';

export const ZUserType = z.enum(['employee', 'supplier', 'company']);
export const ZSignInMethod = z.enum(['password', 'microsoft', 'google']);

export const ZSignInRequest = z.object({
  // Missing or not text reads like empty: the login page's own messages, not a type error.
  username: z
    .string({ error: messages.login.usernameRequired })
    .trim()
    .min(1, messages.login.usernameRequired),
  password: z.string({ error: messages.login.passwordRequired }).min(1, messages.login.passwordRequired),
  appType: z.literal('web').default('web'),
  /** Sent by the switch flow in external-party mode (a password sign-in like any other). */
  externalParty: z.boolean().optional(),
});
export type TSignInRequest = z.input<typeof ZSignInRequest>;

export const ZSignInResponse = z.object({
  _id: z.uuid(),
  authToken: z.string(),
  hasAssociatedAccounts: z.boolean(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

export const ZAccessMap = z.object({
  ...(Object.fromEntries(ACCESS_KEYS.map((key) => [key, ZYesNo])) as Record<AccessKey, typeof ZYesNo>),
  supplierPortal: ZYesNo,
  supplierAccess: ZYesNo,
});

export const ZAccount = z.object({
  _id: z.uuid(),
  email: z.string().nullable(),
  name: z.string(),
  companyName: z.string(),
  logo: z.string().nullable(),
  userType: ZUserType,
});
export type TAccount = z.infer<typeof ZAccount>;

/** The user permissions profile of 000 section 3. */
export const ZPermissions = z.object({
  userId: z.uuid(),
  companyId: z.uuid(),
  userType: ZUserType,
  supplierId: z.uuid().nullable(),
  personnelId: z.uuid().nullable(),
  employeeId: z.uuid().nullable(),
  name: z.string(),
  username: z.string(),
  profileImage: z.string().nullable(),
  companyLogo: z.string().nullable(),
  companyName: z.string(),
  HeaderTitle: z.string(),
  signInMethod: ZSignInMethod,
  isForceUpdatePassword: ZYesNo,
  /**
   * 'yes' when the pending forced change is the account's first choice of a password: it still has
   * the initial one it was created with (an organisation file's), so the screens welcome the user
   * instead of calling the password expired.
   */
  isInitialPassword: ZYesNo,
  authToken: z.string(),
  associatedEmployees: z.array(ZAccount),
  associatedExternalParties: z.array(ZAccount),
  accessRestriction: z.array(z.object({ keyField: z.string(), isAccess: ZYesNo })),
  access: ZAccessMap,
});
export type TPermissions = z.infer<typeof ZPermissions>;

export const ZAccountsResponse = z.object({
  accounts: z.object({ employees: z.array(ZAccount), externalParties: z.array(ZAccount) }),
  loggedInUser: z.uuid(),
});
export type TAccountsResponse = z.infer<typeof ZAccountsResponse>;

export const ZSwitchSignInResponse = z.object({ authToken: z.string() });

/** What the client needs before sign-in: names and which sign-in methods are offered. */
export const ZAppConfiguration = z.object({
  productName: z.string(),
  homeSiteUrl: z.string(),
  helpCentreUrl: z.string(),
  sso: z.object({ microsoft: z.boolean(), google: z.boolean() }),
});
export type TAppConfiguration = z.infer<typeof ZAppConfiguration>;

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string(),
  password: z.string(),
  confirmPassword: z.string(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const signInCall = defineCall({
  method: 'POST',
  path: '/signIn',
  tags: ['auth'],
  summary: 'Sign in with username (or e-mail) and password',
  access: ACCESS.anyone,
  body: ZSignInRequest,
  response: ZSignInResponse,
});

export const switchSignInCall = defineCall({
  method: 'GET',
  path: '/signIn/switch/:id',
  tags: ['auth'],
  summary: 'Switch to an associated account without a password (from an employee account)',
  // Switching back to an associated account is a way out of a company whose portal is off. It makes
  // a session of another account: an API token may not (it would leave the token's keys behind).
  access: { callers: ACCESS.signedIn.callers, withPortalOff: true, sessionOnly: true },
  params: z.object({ id: z.uuid() }),
  response: ZSwitchSignInResponse,
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/logout',
  tags: ['auth'],
  summary: 'Revoke the current session',
  access: ACCESS.session,
  response: z.null(),
});

export const permissionsCall = defineCall({
  method: 'GET',
  path: '/permissions',
  tags: ['auth'],
  summary: 'The permissions profile of the signed-in user',
  access: ACCESS.session,
  response: ZPermissions,
});

export const accountsCall = defineCall({
  method: 'GET',
  path: '/accounts/:id',
  tags: ['auth'],
  summary: "The caller's associated accounts",
  // The maker's accounts in other organisations are not the integration's business.
  access: { ...ACCESS.signedIn, sessionOnly: true },
  params: z.object({ id: z.uuid() }),
  response: ZAccountsResponse,
});

export const changePasswordCall = defineCall({
  method: 'POST',
  path: '/changePassword',
  tags: ['auth'],
  summary: 'Change the password; every session of the user is revoked',
  access: { callers: ACCESS.signedIn.callers, duringPasswordChange: true, sessionOnly: true },
  body: ZChangePasswordRequest,
  response: z.null(),
});
