import { z } from 'zod';
import { ACCESS, defineCall } from './call';

/** The single sign-on providers Compass offers (one settings row per organisation each). */
export const SSO_PROVIDERS = ['microsoft', 'google'] as const;
export const ZSsoProvider = z.enum(SSO_PROVIDERS);
export type TSsoProvider = z.infer<typeof ZSsoProvider>;

export const SSO_PROVIDER_LABELS: Record<TSsoProvider, string> = {
  microsoft: 'Microsoft',
  google: 'Google',
};

export const ZSsoProviderParams = z.object({ provider: ZSsoProvider });

/** GET sso/configuration/{provider}: the organisation (optional) and where to go after sign-in. */
export const ZSsoConfigurationQuery = z.object({
  companyId: z.uuid().optional(),
  /** A path inside the application; carried through the provider and handed back to /login/task. */
  returnUrl: z.string().max(2000).optional(),
});
export type TSsoConfigurationQuery = z.infer<typeof ZSsoConfigurationQuery>;

export const ZSsoConfigurationResponse = z.object({ redirectUrl: z.url() });
export type TSsoConfigurationResponse = z.infer<typeof ZSsoConfigurationResponse>;

/** GET configuration: the optional organisation whose SSO providers are reported. */
export const ZAppConfigurationQuery = z.object({ companyId: z.uuid().optional() });

/** Messages of the SSO flow (not in the specification; shown by the login page). */
export const ssoMessages = {
  notSetUp: (provider: TSsoProvider) => `${SSO_PROVIDER_LABELS[provider]} sign-in is not set up.`,
  unavailable: (provider: TSsoProvider) =>
    `${SSO_PROVIDER_LABELS[provider]} sign-in is not available right now. Please try again later.`,
  expired: 'Your sign-in took too long or was started in another browser. Please try again.',
  cancelled: (provider: TSsoProvider) => `${SSO_PROVIDER_LABELS[provider]} sign-in was cancelled.`,
  failed: (provider: TSsoProvider) => `${SSO_PROVIDER_LABELS[provider]} sign-in failed. Please try again.`,
  noEmail: (provider: TSsoProvider) =>
    `Your ${SSO_PROVIDER_LABELS[provider]} account did not share a verified e-mail address.`,
  unknownUser: (email: string) =>
    `There is no active account for ${email} in this organisation. Please contact your administrator.`,
  ambiguousUser: (email: string) =>
    `More than one account uses ${email}. Please sign in with your username and password.`,
} as const;

export const ssoConfigurationCall = defineCall({
  method: 'GET',
  path: '/sso/configuration/:provider',
  tags: ['sso'],
  summary: "Start Microsoft or Google sign-in: the provider's authorization URL",
  description:
    'Without companyId, the one organisation that has the provider enabled. Sets the signed, ' +
    'HttpOnly sso_state cookie (10 minutes) that the callback checks.',
  access: ACCESS.anyone,
  params: ZSsoProviderParams,
  query: ZSsoConfigurationQuery,
  response: ZSsoConfigurationResponse,
});

/** The provider sends the browser here: no client calls it. */
export const ssoCallbackCall = defineCall({
  method: 'GET',
  path: '/sso/callback/:provider',
  tags: ['sso'],
  summary: "The provider's redirect back: opens a session and redirects to the web client",
  description:
    '302 to /login/task?token=… (with hasAssociatedAccounts=yes and returnUrl when they apply), ' +
    'or to /login with a short-lived `message` cookie saying why sign-in failed.',
  access: ACCESS.anyone,
  params: ZSsoProviderParams,
  response: 'redirect',
});
