import { z } from 'zod';

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
