import { z } from 'zod';
import { messages } from '../messages';
import { resetPasswordError } from '../rules/password';
import { ACCESS, defineCall } from './call';

export const ZForgotPasswordRequest = z.object({
  username: z.string().trim().min(1, messages.forgotPassword.usernameRequired).max(320),
});
export type TForgotPasswordRequest = z.input<typeof ZForgotPasswordRequest>;

/** The token comes from the e-mailed link /reset-password/{token}. */
export const ZResetPasswordRequest = z
  .object({
    token: z.string().max(200),
    password: z.string().max(1000),
    confirmPassword: z.string().max(1000),
  })
  .superRefine((input, ctx) => {
    const message = resetPasswordError(input.password, input.confirmPassword);
    if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
  });
export type TResetPasswordRequest = z.input<typeof ZResetPasswordRequest>;

export const forgotPasswordCall = defineCall({
  method: 'POST',
  path: '/forgotPassword',
  tags: ['password'],
  summary: 'E-mail a password reset link; the same answer whether or not the account exists',
  access: ACCESS.anyone,
  body: ZForgotPasswordRequest,
  response: z.null(),
});

export const resetPasswordCall = defineCall({
  method: 'POST',
  path: '/resetPassword',
  tags: ['password'],
  summary: 'Set a new password with the token of a reset link; every session of the user is revoked',
  access: ACCESS.anyone,
  body: ZResetPasswordRequest,
  response: z.null(),
});

export const ZPasswordLinkRequest = z.object({ token: z.string().max(200) });

/** What the set-password page shows about the link it was opened with. */
export const ZPasswordLink = z.object({
  /** reset: a forgot-password link; invitation: the first password of a new account. */
  purpose: z.enum(['reset', 'invitation']),
  name: z.string(),
  username: z.string(),
  companyName: z.string(),
});
export type TPasswordLink = z.output<typeof ZPasswordLink>;

export const passwordLinkCall = defineCall({
  method: 'POST',
  path: '/passwordLink',
  tags: ['password'],
  summary: 'What a reset or invitation link is for (400 when it is used up, expired or unknown)',
  access: ACCESS.anyone,
  body: ZPasswordLinkRequest,
  response: ZPasswordLink,
});
