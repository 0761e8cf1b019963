import { describe, expect, it } from 'vitest';
import { taskDueType } from './taskDueType';

describe('taskDueType', () => {
  const today = '2026-11-22';

  it('is due on the day itself', () => {
    expect(taskDueType('2026-11-22', today)).toBe('due');
  });

  it('is overdue from the day after', () => {
    expect(taskDueType('2026-11-21', today)).toBe('overdue');
    expect(taskDueType('2025-12-31', today)).toBe('overdue');
  });

  it('is nodue for a later date or none', () => {
    expect(taskDueType('2026-11-23', today)).toBe('nodue');
    expect(taskDueType('2027-01-01', today)).toBe('nodue');
    expect(taskDueType(null, today)).toBe('nodue');
    expect(taskDueType(undefined, today)).toBe('nodue');
    expect(taskDueType('', today)).toBe('nodue');
  });

  it('reads the day of a longer ISO text', () => {
    expect(taskDueType('2026-11-22T00:00:00.000Z', today)).toBe('due');
  });

  it('compares across month and year ends', () => {
    expect(taskDueType('2026-12-31', '2027-01-01')).toBe('overdue');
    expect(taskDueType('2027-01-01', '2026-12-31')).toBe('nodue');
  });

  it('refuses a malformed today', () => {
    expect(() => taskDueType('2026-11-22', '22/11/2026')).toThrow();
  });
});
