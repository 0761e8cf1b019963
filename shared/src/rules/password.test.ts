import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { messages } from '../messages';
import { changePasswordError, isComplexPassword } from './password';

const m = messages.changePassword;
const VALID = 'Abcdef1!';

describe('isComplexPassword', () => {
  it('accepts a lowercase letter, an uppercase letter, a digit and a special character', () => {
    expect(isComplexPassword(VALID)).toBe(true);
  });

  it.each([
    ['no lowercase letter', 'ABCDEF1!'],
    ['no uppercase letter', 'abcdef1!'],
    ['no digit', 'Abcdefg!'],
    ['no special character', 'Abcdefg1'],
    ['a special character outside @$#!%*?&', 'Abcdef1^'],
  ])('rejects a password with %s', (_case, password) => {
    expect(isComplexPassword(password)).toBe(false);
  });

  it.each(['@', '$', '#', '!', '%', '*', '?', '&'])('accepts %s as the special character', (special) => {
    expect(isComplexPassword(`Abcdef1${special}`)).toBe(true);
  });
});

describe('changePasswordError', () => {
  const input = { currentPassword: 'old', password: VALID, confirmPassword: VALID };

  it('returns null for a valid change', () => {
    expect(changePasswordError(input)).toBeNull();
  });

  it('requires the current password first', () => {
    expect(changePasswordError({ currentPassword: '', password: '', confirmPassword: '' })).toBe(
      m.currentRequired,
    );
  });

  it('requires the new password', () => {
    expect(changePasswordError({ ...input, password: '' })).toBe(m.newRequired);
  });

  it(`requires at least ${MIN_PASSWORD_LENGTH} characters`, () => {
    expect(changePasswordError({ ...input, password: 'Abcde1!', confirmPassword: 'Abcde1!' })).toBe(
      m.newMinLength,
    );
    expect(changePasswordError({ ...input, password: 'Abcdef1!', confirmPassword: 'Abcdef1!' })).toBeNull();
  });

  it('checks the length before the complexity', () => {
    expect(changePasswordError({ ...input, password: 'abc' })).toBe(m.newMinLength);
  });

  it('requires the complexity rule', () => {
    expect(changePasswordError({ ...input, password: 'abcdefgh', confirmPassword: 'abcdefgh' })).toBe(
      m.newComplexity,
    );
  });

  it('requires the confirmation', () => {
    expect(changePasswordError({ ...input, confirmPassword: '' })).toBe(m.confirmRequired);
  });

  it('requires the confirmation to match', () => {
    expect(changePasswordError({ ...input, confirmPassword: `${VALID}x` })).toBe(m.mustMatch);
  });

  it('quotes the specification messages exactly', () => {
    expect(m.currentRequired).toBe('Current password is required.');
    expect(m.newRequired).toBe('New password is required.');
    expect(m.newMinLength).toBe('New password must be at least 8 characters long.');
    expect(m.newComplexity).toBe(
      'New password must contain at least one lowercase letter, one uppercase letter, one number, and one special character.',
    );
    expect(m.confirmRequired).toBe('Confirm new password is required.');
    expect(m.mustMatch).toBe('Both passwords must match.');
  });
});
