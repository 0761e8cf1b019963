import { describe, expect, it } from 'vitest';
import {
  addDays,
  dashboardPeriod,
  dayOfWeek,
  dueBucket,
  isValidTimeZone,
  lastDayOfMonth,
  localDateOf,
  periodContainsDay,
  periodContainsInstant,
  startOfLocalDay,
} from './dashboardPeriods';

const SYDNEY = 'Australia/Sydney';

describe('time zones', () => {
  it('accepts IANA zones and refuses anything else', () => {
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone(SYDNEY)).toBe(true);
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone("UTC'; DROP TABLE x")).toBe(false);
  });

  it('gives the local calendar day of an instant', () => {
    // 2026-11-21 14:00 UTC is 2026-11-22 01:00 in Sydney (AEDT, +11).
    const instant = new Date('2026-11-21T14:00:00Z');
    expect(localDateOf(instant, 'UTC')).toBe('2026-11-21');
    expect(localDateOf(instant, SYDNEY)).toBe('2026-11-22');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-11-21');
  });

  it('finds the first instant of a local day, across daylight saving', () => {
    expect(startOfLocalDay('2026-11-22', SYDNEY).toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(startOfLocalDay('2026-06-01', SYDNEY).toISOString()).toBe('2026-05-31T14:00:00.000Z');
    // Sydney daylight saving starts 2026-10-04 at 02:00; ends 2026-04-05 at 03:00.
    expect(startOfLocalDay('2026-10-04', SYDNEY).toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(startOfLocalDay('2026-10-05', SYDNEY).toISOString()).toBe('2026-10-04T13:00:00.000Z');
    expect(startOfLocalDay('2026-04-05', SYDNEY).toISOString()).toBe('2026-04-04T13:00:00.000Z');
    expect(startOfLocalDay('2026-04-06', SYDNEY).toISOString()).toBe('2026-04-05T14:00:00.000Z');
    expect(startOfLocalDay('2026-11-22', 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // Santiago skips midnight when daylight saving starts (2026-09-06 00:00 -> 01:00).
    const santiago = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDateOf(santiago, 'America/Santiago')).toBe('2026-09-06');
    expect(localDateOf(new Date(santiago.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('does day arithmetic on calendar days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-28')).toBe(6);
    expect(lastDayOfMonth('2026-02-10')).toBe('2026-02-28');
    expect(lastDayOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(lastDayOfMonth('2026-12-01')).toBe('2026-12-31');
  });
});

describe('dashboardPeriod', () => {
  // Wednesday 2026-11-25 10:00 in Sydney.
  const now = new Date('2026-11-24T23:00:00Z');

  it('today is the local day', () => {
    const period = dashboardPeriod('today', now, SYDNEY);
    expect(period).toMatchObject({ today: '2026-11-25', startDay: '2026-11-25', endDay: '2026-11-25' });
    expect(period.start.toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-11-25T13:00:00.000Z');
    // In UTC the same instant is still Tuesday.
    expect(dashboardPeriod('today', now, 'UTC').today).toBe('2026-11-24');
  });

  it('a week runs from Sunday to Saturday', () => {
    const period = dashboardPeriod('week', now, SYDNEY);
    expect(period).toMatchObject({ startDay: '2026-11-22', endDay: '2026-11-28' });
    expect(dayOfWeek(period.startDay)).toBe(0);
    expect(dayOfWeek(period.endDay)).toBe(6);
  });

  it('Saturday 23:59 local is in the week, Sunday 00:00 local is not', () => {
    const period = dashboardPeriod('week', now, SYDNEY);
    const saturdayLate = new Date('2026-11-28T12:59:00Z'); // 23:59 AEDT on Saturday 28th
    const sundayMidnight = new Date('2026-11-28T13:00:00Z'); // 00:00 AEDT on Sunday 29th
    expect(localDateOf(saturdayLate, SYDNEY)).toBe('2026-11-28');
    expect(periodContainsInstant(period, saturdayLate)).toBe(true);
    expect(periodContainsInstant(period, sundayMidnight)).toBe(false);
    expect(periodContainsDay(period, '2026-11-28')).toBe(true);
    expect(periodContainsDay(period, '2026-11-29')).toBe(false);
    // The Sunday that starts the week is in it from its first instant; the Saturday before is not.
    expect(periodContainsInstant(period, new Date('2026-11-21T13:00:00Z'))).toBe(true);
    expect(periodContainsInstant(period, new Date('2026-11-21T12:59:59Z'))).toBe(false);
    expect(periodContainsDay(period, '2026-11-21')).toBe(false);
  });

  it('on Sunday the week starts that day, on Saturday it ends that day', () => {
    const sunday = dashboardPeriod('week', new Date('2026-11-21T13:30:00Z'), SYDNEY);
    expect(sunday).toMatchObject({ today: '2026-11-22', startDay: '2026-11-22', endDay: '2026-11-28' });
    const saturday = dashboardPeriod('week', new Date('2026-11-28T12:30:00Z'), SYDNEY);
    expect(saturday).toMatchObject({ today: '2026-11-28', startDay: '2026-11-22', endDay: '2026-11-28' });
  });

  it('a week can span two months and two years', () => {
    expect(dashboardPeriod('week', new Date('2026-12-31T12:00:00Z'), 'UTC')).toMatchObject({
      startDay: '2026-12-27',
      endDay: '2027-01-02',
    });
  });

  it('a month is the calendar month, its last day included', () => {
    const period = dashboardPeriod('month', now, SYDNEY);
    expect(period).toMatchObject({ startDay: '2026-11-01', endDay: '2026-11-30' });
    expect(periodContainsDay(period, '2026-11-30')).toBe(true);
    expect(periodContainsDay(period, '2026-12-01')).toBe(false);
    expect(periodContainsDay(period, '2026-10-31')).toBe(false);
    expect(periodContainsInstant(period, new Date('2026-11-30T12:59:59Z'))).toBe(true); // 23:59:59 on the 30th
    expect(periodContainsInstant(period, new Date('2026-11-30T13:00:00Z'))).toBe(false); // 1 Dec 00:00
    expect(period.start.toISOString()).toBe('2026-10-31T13:00:00.000Z');
  });

  it('the month follows the local day, not UTC', () => {
    // 2026-01-31 14:00 UTC is already 1 February in Sydney.
    const instant = new Date('2026-01-31T14:00:00Z');
    expect(dashboardPeriod('month', instant, 'UTC')).toMatchObject({
      startDay: '2026-01-01',
      endDay: '2026-01-31',
    });
    expect(dashboardPeriod('month', instant, SYDNEY)).toMatchObject({
      startDay: '2026-02-01',
      endDay: '2026-02-28',
    });
  });

  it('refuses an unknown zone', () => {
    expect(() => dashboardPeriod('today', now, 'Nowhere/Land')).toThrow();
  });
});

describe('dueBucket', () => {
  it('splits into due (past), today and upcoming', () => {
    expect(dueBucket('2026-11-24', '2026-11-25')).toBe('due');
    expect(dueBucket('2026-11-25', '2026-11-25')).toBe('today');
    expect(dueBucket('2026-11-26', '2026-11-25')).toBe('upcoming');
  });
});

describe('localDateOf', () => {
  it("gives the day Intl's parts give, across zones, daylight-saving changes and years", () => {
    const zones = [
      'UTC',
      'Australia/Sydney',
      'America/New_York',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'Europe/London',
    ];
    // One formatter a zone: making one a call took seconds on a loaded machine (the test timed out).
    const formatters = new Map(
      zones.map((timeZone) => [
        timeZone,
        new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      ]),
    );
    const oracle = (instant: Date, timeZone: string) => {
      const parts = Object.fromEntries(
        formatters
          .get(timeZone)!
          .formatToParts(instant)
          .map((part) => [part.type, part.value]),
      );
      return `${parts.year!.padStart(4, '0')}-${parts.month}-${parts.day}`;
    };
    // Every 3 h 7 min over two years: each zone's changes of offset and of year fall in between.
    const mismatches: string[] = [];
    for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2027, 0, 1); time += 187 * 60_000) {
      const instant = new Date(time);
      for (const zone of zones) {
        const day = localDateOf(instant, zone);
        if (day !== oracle(instant, zone)) mismatches.push(`${instant.toISOString()} ${zone} ${day}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(localDateOf(new Date('0099-06-30T23:30:00Z'), 'UTC')).toBe('0099-06-30');
  });
});

describe('the first years of the calendar', () => {
  it('counts the years 1–99 as themselves, not as 19xx', () => {
    expect(addDays('0001-01-01', 7)).toBe('0001-01-08');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(dayOfWeek('0001-01-01')).toBe(1);
    expect(lastDayOfMonth('0004-02-10')).toBe('0004-02-29');
    expect(startOfLocalDay('0001-01-08', 'UTC').toISOString()).toBe('0001-01-08T00:00:00.000Z');
  });
});
