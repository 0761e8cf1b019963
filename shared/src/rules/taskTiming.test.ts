import { describe, expect, it } from 'vitest';
import { dashboardPeriod } from './dashboardPeriods';
import { MY_TASKS_PERIOD, splitByTiming, taskTiming } from './taskTiming';

// Saturday 28 November 2026, 22:00 UTC: already Sunday 29 November in Sydney.
const NOW = new Date('2026-11-28T22:00:00Z');
const today = dashboardPeriod('today', NOW, 'UTC');
const week = dashboardPeriod('week', NOW, 'UTC');

describe('taskTiming', () => {
  it('is overdue before today, due on it, scheduled after it (today period)', () => {
    expect(taskTiming('2026-11-27', today)).toBe('overdue');
    expect(taskTiming('2020-01-01', today)).toBe('overdue');
    expect(taskTiming('2026-11-28', today)).toBe('due');
    expect(taskTiming('2026-11-29', today)).toBe('scheduled');
    expect(taskTiming('2031-06-30', today)).toBe('scheduled');
  });

  it('counts the rest of a longer period as due, and a day earlier in it as overdue', () => {
    // The week of 28 November 2026 runs from Sunday 22 to Saturday 28.
    expect(taskTiming('2026-11-23', week)).toBe('overdue');
    expect(taskTiming('2026-11-28', week)).toBe('due');
    expect(taskTiming('2026-11-29', week)).toBe('scheduled');
    const month = dashboardPeriod('month', new Date('2026-11-10T12:00:00Z'), 'UTC');
    expect(taskTiming('2026-11-30', month)).toBe('due');
    expect(taskTiming('2026-12-01', month)).toBe('scheduled');
  });

  it("judges by the user's local day", () => {
    const sydney = dashboardPeriod(MY_TASKS_PERIOD, NOW, 'Australia/Sydney');
    expect(taskTiming('2026-11-28', sydney)).toBe('overdue');
    expect(taskTiming('2026-11-29', sydney)).toBe('due');
  });

  it('reads the day of a longer ISO text', () => {
    expect(taskTiming('2026-11-28T00:00:00.000Z', today)).toBe('due');
    expect(taskTiming('2026-11-29T00:00:00.000Z', today)).toBe('scheduled');
  });
});

describe('splitByTiming', () => {
  const item = (name: string, due: string) => ({ name, due });
  const names = (items: Array<{ name: string }>) => items.map((entry) => entry.name);

  it('orders by due day, overdue first, and puts what is due after the period apart', () => {
    const split = splitByTiming(
      [
        item('risk review 2031', '2031-03-01'),
        item('due today', '2026-11-28'),
        item('next week reminder', '2026-12-04'),
        item('overdue', '2026-11-20'),
        item('tomorrow', '2026-11-29'),
      ],
      (entry) => entry.due,
      today,
    );
    expect(names(split.now)).toEqual(['overdue', 'due today']);
    expect(names(split.later)).toEqual(['tomorrow', 'next week reminder', 'risk review 2031']);
  });

  it('keeps the given order of items due on the same day', () => {
    const split = splitByTiming(
      [item('b', '2026-11-28'), item('a', '2026-11-28'), item('c', '2026-11-01')],
      (entry) => entry.due,
      today,
    );
    expect(names(split.now)).toEqual(['c', 'b', 'a']);
    expect(split.later).toEqual([]);
  });

  it('follows the period: a week keeps the rest of the week now', () => {
    const split = splitByTiming(
      [item('sunday', '2026-11-29'), item('saturday', '2026-11-28')],
      (entry) => entry.due,
      dashboardPeriod('week', new Date('2026-11-23T09:00:00Z'), 'UTC'),
    );
    expect(names(split.now)).toEqual(['saturday']);
    expect(names(split.later)).toEqual(['sunday']);
  });

  it('leaves the input as it was', () => {
    const input = [item('later', '2027-01-01'), item('overdue', '2026-01-01')];
    splitByTiming(input, (entry) => entry.due, today);
    expect(names(input)).toEqual(['later', 'overdue']);
  });
});
