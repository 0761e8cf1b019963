import { MIN_PASSWORD_LENGTH } from '../constants';
import { messages } from '../messages';

/** A lowercase letter, an uppercase letter, a digit and one of @$#!%*?& (000 section 5). */
const COMPLEXITY = [/[a-z]/, /[A-Z]/, /\d/, /[@$#!%*?&]/];

export function isComplexPassword(password: string): boolean {
  return COMPLEXITY.every((pattern) => pattern.test(password));
}

export interface ChangePasswordInput {
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** The change-password messages in the order the screen checks them; null when valid. */
export function changePasswordError(input: ChangePasswordInput): string | null {
  const m = messages.changePassword;
  if (!input.currentPassword) return m.currentRequired;
  if (!input.password) return m.newRequired;
  if (input.password.length < MIN_PASSWORD_LENGTH) return m.newMinLength;
  if (!isComplexPassword(input.password)) return m.newComplexity;
  if (!input.confirmPassword) return m.confirmRequired;
  if (input.password !== input.confirmPassword) return m.mustMatch;
  return null;
}

/** The reset-password messages of 000 section 5, in the order the screen checks them; null when valid. */
export function resetPasswordError(password: string, confirmPassword: string): string | null {
  const m = messages.resetPassword;
  if (!password || !confirmPassword) return m.bothRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return m.minLength;
  if (password !== confirmPassword) return m.mustMatch;
  return null;
}
