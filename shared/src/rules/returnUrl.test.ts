import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnUrl';
import { RETURN_URL_BYPASSES } from './returnUrlBypasses';

describe('safeReturnPath', () => {
  it.each([
    '/dashboard',
    '/form-submission/update/abc?companyId=1&tab=2',
    '/form-submission/update/abc#actions',
    '/a/%2F%2Fevil.example',
  ])('keeps the application path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it('gives the parser-normalised path', () => {
    expect(safeReturnPath('/a/../dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/a b')).toBe('/a%20b');
  });

  it.each([
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    ' /evil.example',
    'javascript:alert(1)',
    '/javascript:alert(1)'.slice(1),
    'http:/evil.example',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it.each(RETURN_URL_BYPASSES)('refuses the known bypass %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('keeps only what stays a path of this application once normalised', () => {
    // A browser opens the result against the page's own address: it must not name a host there.
    for (const value of [...RETURN_URL_BYPASSES, '/a/../dashboard', '/./x/./y', '/%2e%2e/dashboard']) {
      const path = safeReturnPath(value);
      if (path === null) continue;
      expect(new URL(path, 'https://app.example/login').origin).toBe('https://app.example');
      expect(safeReturnPath(path)).toBe(path);
    }
  });

  it('refuses nothing and null', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
