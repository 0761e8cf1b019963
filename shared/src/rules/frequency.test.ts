import { describe, expect, it, vi } from 'vitest';
import { frequencyLabel, isWeekendDay, nextDueDay, occurrenceDay } from './frequency';

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

describe('occurrenceDay', () => {
  it('comes back to the 31st after a short month', () => {
    const days = [0, 1, 2, 3, 4].map((index) => occurrenceDay('2027-01-31', 'months', index));
    expect(days).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
  });

  it('comes back to 29 February in leap years only', () => {
    const days = [0, 1, 2, 3, 4].map((index) => occurrenceDay('2024-02-29', 'years', index));
    expect(days).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(occurrenceDay('2024-02-29', 'fourYears', 1)).toBe('2028-02-29');
  });

  it('steps over weekends for weekday schedules', () => {
    const days = [0, 1, 2, 3].map((index) => occurrenceDay('2026-11-26', 'weekDays', index));
    expect(days).toEqual(['2026-11-26', '2026-11-27', '2026-11-30', '2026-12-01']);
    expect(isWeekendDay('2026-11-28')).toBe(true);
    expect(isWeekendDay('2026-11-30')).toBe(false);
  });

  it.each([
    ['fiveYears', 2, '2036-08-31'],
    ['fourYears', 1, '2030-08-31'],
    ['threeYears', 1, '2029-08-31'],
    ['biYear', 1, '2028-08-31'],
    ['years', 1, '2027-08-31'],
    ['halfYear', 1, '2027-02-28'],
    ['quarterly', 2, '2027-02-28'],
    ['biMonth', 3, '2027-02-28'],
    ['months', 6, '2027-02-28'],
    ['fortnight', 2, '2026-09-28'],
    ['weeks', 3, '2026-09-21'],
    ['weekDays', 5, '2026-09-07'],
    ['days', 1, '2026-09-01'],
  ] as const)('31 August 2026, %s, occurrence %i = %s', (unit, index, expected) => {
    expect(occurrenceDay('2026-08-31', unit, index)).toBe(expected);
  });

  it.each(['Europe/London', 'Australia/Sydney', 'America/New_York'])(
    'does not move a day across daylight-saving changes in %s',
    (zone) => {
      vi.stubEnv('TZ', zone);
      try {
        expect(occurrenceDay('2026-03-28', 'days', 1)).toBe('2026-03-29');
        expect(occurrenceDay('2026-03-29', 'days', 1)).toBe('2026-03-30');
        expect(occurrenceDay('2026-10-03', 'days', 2)).toBe('2026-10-05');
        expect(occurrenceDay('2026-10-25', 'weeks', 1)).toBe('2026-11-01');
        expect(occurrenceDay('2026-03-08', 'weekDays', 1)).toBe('2026-03-09');
      } finally {
        vi.unstubAllEnvs();
      }
    },
  );

  it('refuses a negative or fractional occurrence', () => {
    expect(() => occurrenceDay('2026-01-01', 'days', -1)).toThrow();
    expect(() => occurrenceDay('2026-01-01', 'days', 1.5)).toThrow();
  });
});
