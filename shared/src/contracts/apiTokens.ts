import { z } from 'zod';
import { ACCESS_KEYS } from '../rules/access';
import { defineCall } from './call';

/**
 * API tokens for integrations (docs/integrations.md). An organisation's administrator makes a token
 * for a system that calls the API: it acts as the administrator who made it, limited to the access
 * keys chosen for it (never more than that person holds at the time of the call), until it expires
 * or is revoked. The token is shown once; the server keeps its SHA-256 only. A call sends it as
 * `Authorization: Bearer <token>`.
 */

export const apiTokenMessages = {
  nameRequired: 'Please name the token.',
  nameTooLong: 'A token name has at most 100 characters.',
  nameTaken: 'An active token already has this name.',
  keysRequired: 'Choose at least one area the token may use.',
  keyNotHeld: 'You cannot give a token access you do not have yourself.',
  tooMany: 'An organisation has at most 50 active tokens. Revoke one first.',
  created: 'Token created. Copy it now: it will not be shown again.',
  revoked: 'Token revoked.',
  alreadyRevoked: 'This token is already revoked.',
  notFound: 'This token does not exist.',
  invalid: 'This API token is not valid, has expired or was revoked.',
  sessionRequired: 'This call needs a person signed in; an API token cannot make it.',
} as const;
const say = apiTokenMessages;

/** How long a new token lasts, in days. */
export const API_TOKEN_LIFETIMES = [30, 90, 180, 365] as const;
export const API_TOKEN_DEFAULT_LIFETIME = 90;
/** Active (neither expired nor revoked) tokens one organisation may hold. */
export const API_TOKEN_MAX_ACTIVE = 50;
/** Every token starts with this, so a leaked one is recognised by secret scanners and by people. */
export const API_TOKEN_PREFIX = 'cmp_';

export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenState = (typeof API_TOKEN_STATES)[number];
export const API_TOKEN_STATE_LABELS: Record<ApiTokenState, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};

export const ZApiToken = z.object({
  _id: z.uuid(),
  name: z.string(),
  /** The token's first characters (`cmp_` and 6 more), to tell tokens apart. */
  prefix: z.string(),
  accessKeys: z.array(z.enum(ACCESS_KEYS)),
  state: z.enum(API_TOKEN_STATES),
  /** The administrator it acts as. */
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZApiTokenCreate = z.object({
  name: z.string({ error: say.nameRequired }).trim().min(1, say.nameRequired).max(100, say.nameTooLong),
  accessKeys: z
    .array(z.enum(ACCESS_KEYS), { error: say.keysRequired })
    .min(1, say.keysRequired)
    .max(ACCESS_KEYS.length),
  expiresInDays: z
    .union(API_TOKEN_LIFETIMES.map((days) => z.literal(days)))
    .default(API_TOKEN_DEFAULT_LIFETIME),
});
export type TApiTokenCreate = z.input<typeof ZApiTokenCreate>;

const tags = ['integrations'];
/** Managing tokens needs the administration key and a person signed in. */
const access = { callers: ['employee'], accessKeys: ['system'], sessionOnly: true } as const;

export const apiTokenListCall = defineCall({
  method: 'GET',
  path: '/apiTokenList',
  tags,
  summary: "The organisation's API tokens, newest first, active ones before the others",
  access,
  response: z.object({ items: z.array(ZApiToken) }),
});

export const apiTokenCreateCall = defineCall({
  method: 'POST',
  path: '/apiTokenCreate',
  tags,
  summary:
    'Makes an API token limited to the chosen access keys; the answer is the only time the token is shown',
  access,
  body: ZApiTokenCreate,
  response: z.object({ token: z.string(), apiToken: ZApiToken }),
});

export const apiTokenRevokeCall = defineCall({
  method: 'POST',
  path: '/apiTokenRevoke',
  tags,
  summary: 'Revokes an API token at once, on every API process',
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.null(),
});
