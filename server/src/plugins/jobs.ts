import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';

/** The queue of the scheduled tasks' reminders and overdue digest. */
export const TASK_REMINDERS_JOB = 'task-reminders';
/** Every 15 minutes: a reminder or digest goes out within a quarter of an hour of becoming due. */
const TASK_REMINDERS_CRON = '*/15 * * * *';
/**
 * The hourly reminders the areas add (supplier forms and documents, competency expiries); the queue
 * keeps its first name, under which its schedule is stored.
 */
export const SUPPLIER_REMINDERS_JOB = 'supplier-reminders';
const SUPPLIER_REMINDERS_CRON = '0 * * * *';
/** The report rollups' refresh (modules/reports/rollups.ts): report figures are at most 5 minutes old. */
export const REPORT_ROLLUPS_JOB = 'report-rollups';
const REPORT_ROLLUPS_CRON = '*/5 * * * *';

/** The advisory lock under which a process makes the queues (createQueuesInTurn). */
const QUEUES_LOCK = 'compass:job-queues';

/**
 * Runs `create` while this process holds the queues' lock, so processes make the queues one at a time.
 * pg-boss 10 makes a queue (a partition of its job table, with foreign keys to its queue table) under
 * no lock of its own: API processes that started together deadlocked there, and one of them exited
 * (seen with three at once, scripts/cluster.test.ts). After the first, a process finds them made.
 * The lock is a transaction's, held while pg-boss works on its own connections: it goes with the
 * transaction whatever `create` does, and a pooler in transaction mode keeps it on one connection.
 */
async function createQueuesInTurn(connectionString: string, create: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL lock_timeout = '60s'");
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [QUEUES_LOCK]);
    await create();
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

export interface JobWork {
  /** The reminders before the due day and the overdue digest (modules/tasks). */
  taskReminders: () => Promise<unknown>;
  /** Supplier forms' and documents' due and expiry reminders, hourly. */
  hourlyReminders: () => Promise<unknown>;
  /** The report rollups' refresh, every five minutes. */
  reportRollups: () => Promise<unknown>;
}

/**
 * The job queue (pg-boss, in its own `pgboss` schema of the product's database): its scheduler
 * puts a `task-reminders` job on the queue every 15 minutes, a `supplier-reminders` job every
 * hour and a `report-rollups` job every 5 minutes, and this process works them. With
 * several processes pg-boss hands each scheduled job to one worker; the work itself never sends a
 * mail twice even when run twice (each claims its row in the database, docs/tasks.md). Started by
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
  const jobs = [
    [TASK_REMINDERS_JOB, TASK_REMINDERS_CRON, work.taskReminders],
    [SUPPLIER_REMINDERS_JOB, SUPPLIER_REMINDERS_CRON, work.hourlyReminders],
    [REPORT_ROLLUPS_JOB, REPORT_ROLLUPS_CRON, work.reportRollups],
  ] as const;
  await createQueuesInTurn(connectionString, async () => {
    for (const [name, cron] of jobs) {
      await boss.createQueue(name);
      await boss.schedule(name, cron);
    }
  });
  for (const [name, , run] of jobs) {
    await boss.work(name, async () => {
      await run();
    });
  }
  return { stop: () => boss.stop({ graceful: true, wait: true }) };
}
