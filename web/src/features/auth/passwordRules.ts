import { messages, MIN_PASSWORD_LENGTH } from '@compass/shared';

/** The reset-password checks of 000 section 5, in order; null when valid. */
export function resetPasswordError(password: string, confirmPassword: string): string | null {
  const m = messages.resetPassword;
  if (!password || !confirmPassword) return m.bothRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return m.minLength;
  if (password !== confirmPassword) return m.mustMatch;
  return null;
}
