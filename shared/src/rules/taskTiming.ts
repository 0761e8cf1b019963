/**
 * Now or later on My Tasks (issue 40): work past its due day or due within the dashboard's period
 * is work to do now; work due after the period is scheduled, listed apart under "Later".
 */
import type { DashboardPeriod, DashboardPeriodKey } from './dashboardPeriods';

/** Past the due day, due within the period (today included), or due after the period. */
export type TaskTiming = 'overdue' | 'due' | 'scheduled';

/**
 * The period My Tasks judges by: the dashboard's default, today (000 section 4). It matches the
 * due markers (taskDueType) and the pie chart's Today / Upcoming / Due.
 */
export const MY_TASKS_PERIOD: DashboardPeriodKey = 'today';

/** How a due day ('yyyy-MM-dd', or a longer ISO text) stands against the period. */
export function taskTiming(dueDate: string, period: DashboardPeriod): TaskTiming {
  const day = dueDate.slice(0, 10);
  if (day < period.today) return 'overdue';
  return day <= period.endDay ? 'due' : 'scheduled';
}

export interface TimedItems<T> {
  /** Overdue, then due within the period; by due day. */
  now: T[];
  /** Due after the period; by due day. */
  later: T[];
}

/**
 * A section's items by due day (a stable sort: items of one day keep the order they came in),
 * split into the work due now and the work scheduled for later.
 */
export function splitByTiming<T>(
  items: readonly T[],
  dueOf: (item: T) => string,
  period: DashboardPeriod,
): TimedItems<T> {
  const byDue = items
    .map((item) => ({ item, day: dueOf(item).slice(0, 10) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const split: TimedItems<T> = { now: [], later: [] };
  for (const { item, day } of byDue) {
    (taskTiming(day, period) === 'scheduled' ? split.later : split.now).push(item);
  }
  return split;
}
