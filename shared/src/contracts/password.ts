import { z } from 'zod';
import { messages } from '../messages';
import { resetPasswordError } from '../rules/password';

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
