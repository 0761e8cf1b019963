import type { ScheduledTask } from '../../generated/prisma/client';
import { sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';

// Whose a scheduled task is and who may sign it off: the task key lets a role see the schedule
// (its route access); these say who the task is for, on the dashboard, in the mails and in its page.

/** Who does the task: its assignee, else its owner. */
export const responsibleOf = (task: ScheduledTask) => task.assignForEmployeeId ?? task.taskOwnerEmployeeId;

/** The assignee and the owner sign off; nobody else (the key only lets others see the schedule). */
export const mayComplete = (auth: AuthContext, task: ScheduledTask) =>
  auth.employeeId !== null &&
  (auth.employeeId === task.assignForEmployeeId || auth.employeeId === task.taskOwnerEmployeeId);

/**
 * The tasks `responsibleOf` gives the employee, in SQL over the task `t`: two disjoint conditions
 * (assigned to them; assigned to nobody and owned by them), each one index range in due-date order
 * where one OR would need a bitmap scan, the heap and a sort of every open task.
 */
export const responsibleSql = (employeeId: string): Sql[] => [
  sql`t."assignForEmployeeId" = ${uuid(employeeId)}`,
  sql`t."assignForEmployeeId" IS NULL AND t."taskOwnerEmployeeId" = ${uuid(employeeId)}`,
];

/** Submissions of a form that the caller (an employee) created, recorded or coordinates. */
export const ownSubmissions = (auth: AuthContext, templateId: string) => ({
  companyId: auth.companyId,
  templateId,
  participants: { some: { companyId: auth.companyId, participantId: auth.employeeId! } },
});
