import { describe, expect, it } from 'vitest';
import { oldestCurrentSdsIssue, sdsStatus } from './safetyDataSheet';

describe('the safety data sheet rule', () => {
  const today = '2026-11-25';
  it('is due once its issue date is more than five years old', () => {
    expect(oldestCurrentSdsIssue(today)).toBe('2021-11-25');
    expect(sdsStatus('2021-11-25', null, today)).toBe('current');
    expect(sdsStatus('2021-11-24', null, today)).toBe('due');
    expect(sdsStatus('2024-02-29', '2030-01-01', today)).toBe('current');
  });
  it('is due past its own expiry, and missing without an issue date', () => {
    expect(sdsStatus('2025-01-01', '2026-11-24', today)).toBe('due');
    expect(sdsStatus('2025-01-01', '2026-11-25', today)).toBe('current');
    expect(sdsStatus(null, null, today)).toBe('missing');
  });
  it('counts five years from a leap day to the last day of February', () => {
    expect(oldestCurrentSdsIssue('2029-02-28')).toBe('2024-02-28');
  });
});
