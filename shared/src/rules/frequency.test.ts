import { describe, expect, it } from 'vitest';
import { frequencyLabel, nextDueDay } from './frequency';

describe('nextDueDay', () => {
  it.each([
    ['2026-01-15', 'fiveYears', '2031-01-15'],
    ['2026-01-15', 'years', '2027-01-15'],
    ['2024-02-29', 'years', '2025-02-28'],
    ['2026-01-31', 'months', '2026-02-28'],
    ['2026-11-30', 'quarterly', '2027-02-28'],
    ['2026-05-31', 'halfYear', '2026-11-30'],
    ['2026-12-25', 'fortnight', '2027-01-08'],
    ['2026-11-27', 'weekDays', '2026-11-30'],
    ['2026-12-31', 'days', '2027-01-01'],
  ] as const)('%s + %s = %s', (from, unit, expected) => {
    expect(nextDueDay(from, unit)).toBe(expected);
  });

  it('refuses a day that is not yyyy-MM-dd', () => {
    expect(() => nextDueDay('25/11/2026', 'days')).toThrow();
  });
});

describe('frequencyLabel', () => {
  it('reads as the specification writes it', () => {
    expect(frequencyLabel('biYear')).toBe('2 Years');
    expect(frequencyLabel('weekDays')).toBe('Weekdays');
  });
});
