import { z } from 'zod';
import { updateUsernameError } from '../rules/email';
import { ZUserType } from './auth';
import { ACCESS, defineCall } from './call';

/** An e-mail address checked by the same rule as the update-username screen; trimmed. */
export const ZUsernameEmail = z
  .string()
  .max(320)
  .superRefine((value, ctx) => {
    const message = updateUsernameError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => value.trim());

/** A supplier SSO user whose username is not an e-mail address gives one (000 sections 2.4, 4). */
export const ZUpdateUsernameRequest = z.object({
  userType: ZUserType.nullable().optional(),
  supplierId: z.uuid().nullable().optional(),
  personnelId: z.uuid().nullable().optional(),
  email: ZUsernameEmail,
});
export type TUpdateUsernameRequest = z.input<typeof ZUpdateUsernameRequest>;

/** authtoken is the token of the link /unsubscribe/{token}, not a session token. */
export const ZUnsubscribeRequest = z.object({
  authtoken: z.string().max(200),
  reason: z.string().trim().max(2000).optional().default(''),
});
export type TUnsubscribeRequest = z.input<typeof ZUnsubscribeRequest>;

export const updateUsernameCall = defineCall({
  method: 'POST',
  path: '/updateUsername',
  tags: ['account'],
  summary: "An external-party user's e-mail address becomes the username (SSO users without one)",
  // The account's own sign-in name: a person's to change, not a token's.
  access: { ...ACCESS.signedIn, sessionOnly: true },
  body: ZUpdateUsernameRequest,
  response: z.null(),
});

export const unsubscribeCall = defineCall({
  method: 'POST',
  path: '/unsubscribe',
  tags: ['account'],
  summary: 'Stop optional e-mails with the token of an unsubscribe link; answers the notification text',
  access: ACCESS.anyone,
  body: ZUnsubscribeRequest,
  response: z.string(),
});
