import { messages } from '../messages';

/** The e-mail pattern of supplier usernames (000 section 5 does not show one: this is ours). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The e-mail checks of the update-username screen (000 section 5); null when valid. */
export function updateUsernameError(email: string): string | null {
  if (!email.trim()) return messages.updateUsername.emailRequired;
  if (!isEmailAddress(email)) return messages.updateUsername.emailInvalid;
  return null;
}
