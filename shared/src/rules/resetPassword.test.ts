import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { resetPasswordError } from './password';

const m = messages.resetPassword;

describe('resetPasswordError', () => {
  it.each([
    ['', '', m.bothRequired],
    ['Abcdefgh', '', m.bothRequired],
    ['', 'Abcdefgh', m.bothRequired],
    ['short', 'short', m.minLength],
    ['short', 'different', m.minLength],
    ['Abcdefgh', 'Abcdefgx', m.mustMatch],
  ])('checks (%j, %j) in the order of the screen', (password, confirmPassword, message) => {
    expect(resetPasswordError(password, confirmPassword)).toBe(message);
  });

  it('accepts two equal passwords of 8 characters', () => {
    expect(resetPasswordError('abcdefgh', 'abcdefgh')).toBeNull();
  });
});
