import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/** The queue of the scheduled tasks' reminders and overdue digest. */
export const TASK_REMINDERS_JOB = 'task-reminders';
/** Every 15 minutes: a reminder or digest goes out within a quarter of an hour of becoming due. */
const TASK_REMINDERS_CRON = '*/15 * * * *';

export interface JobWork {
  /** The reminders before the due day and the overdue digest (modules/tasks). */
  taskReminders: () => Promise<unknown>;
}

/**
 * The job queue (pg-boss, in its own `pgboss` schema of the product's database): its scheduler
 * puts a `task-reminders` job on the queue every 15 minutes, and this process works it. With
 * several processes pg-boss hands each scheduled job to one worker; the work itself never sends a
 * mail twice even when run twice (the claims are in the database, docs/tasks.md). Started by
 * server.ts only: the tests start it when they test it.
 */
export async function startJobs(
  connectionString: string,
  work: JobWork,
  log: FastifyBaseLogger,
): Promise<{ stop: () => Promise<void> }> {
  const boss = new PgBoss({ connectionString, max: 2 });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(TASK_REMINDERS_JOB);
  await boss.schedule(TASK_REMINDERS_JOB, TASK_REMINDERS_CRON);
  await boss.work(TASK_REMINDERS_JOB, async () => {
    await work.taskReminders();
  });
  return { stop: () => boss.stop({ graceful: true, wait: true }) };
}
