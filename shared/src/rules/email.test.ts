import { describe, expect, it } from 'vitest';
import { ZUpdateUsernameRequest } from '../contracts/account';
import { messages } from '../messages';
import { isEmailAddress, updateUsernameError } from './email';

const m = messages.updateUsername;

describe('updateUsernameError', () => {
  it.each([
    ['', m.emailRequired],
    ['  ', m.emailRequired],
    ['name', m.emailInvalid],
    ['name@host', m.emailInvalid],
    ['a b@host.example', m.emailInvalid],
  ])('answers %j with the specification message', (email, message) => {
    expect(updateUsernameError(email)).toBe(message);
  });

  it('accepts an address (surrounding spaces ignored)', () => {
    expect(updateUsernameError(' liam@acme.example ')).toBeNull();
    expect(isEmailAddress('liam@acme.example')).toBe(true);
  });

  it('is the rule of the server contract too', () => {
    const parsed = ZUpdateUsernameRequest.safeParse({ email: 'name@host' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(m.emailInvalid);
    expect(ZUpdateUsernameRequest.parse({ email: ' liam@acme.example ' }).email).toBe('liam@acme.example');
  });
});
