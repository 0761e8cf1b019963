/** How a due date stands against today: due today, past it, or not yet due (or no due date). */
export type TaskDueType = 'nodue' | 'due' | 'overdue';

export const TASK_DUE_TYPES = ['nodue', 'due', 'overdue'] as const satisfies readonly TaskDueType[];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The due type of a work item (the `taskDueDateType` of the dashboard and the forms): 'due' when
 * the due date is today, 'overdue' when it has passed, 'nodue' when it is later or missing.
 * Both dates are calendar days 'yyyy-MM-dd' in the user's time zone (see localDateOf in
 * dashboardPeriods), so the comparison is a plain string comparison.
 */
export function taskDueType(dueDate: string | null | undefined, today: string): TaskDueType {
  if (!ISO_DAY.test(today)) throw new Error(`today must be yyyy-MM-dd, got ${today}`);
  if (!dueDate) return 'nodue';
  const day = dueDate.slice(0, 10);
  if (!ISO_DAY.test(day)) return 'nodue';
  if (day === today) return 'due';
  return day < today ? 'overdue' : 'nodue';
}
