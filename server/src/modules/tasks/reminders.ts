import { frequencyLabel, personName } from '@compass/shared';
import { dateOf, dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid } from '../../db/sql';
import type { MailQueue } from '../../plugins/mail';
import { taskOverdueDigestMail, taskReminderMail } from '../mail';
import { responsibleOf } from './policy';

type Tx = Prisma.TransactionClient;

/** The reminder goes out this many days before the due day (and on it, if the job was not run). */
export const TASK_REMINDER_DAYS_BEFORE_DUE = 3;
/** The most occurrences one overdue digest lists; the rest are counted. */
const DIGEST_LIST_LIMIT = 50;
/** Each job run works at most this many reminders; the next run takes the rest. */
const REMINDER_BATCH = 500;

/**
 * The task mails (docs/tasks.md): the reminder before the due day and the daily overdue digest,
 * each claimed in the database in the transaction that queues its mail, so two job runners (or a
 * restart) never send one twice.
 */
export class TaskReminders {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly settings: { publicUrl: string; productName: string },
  ) {}

  /** The job queue's `task-reminders` job: the reminders, then the overdue digest. */
  async sendAll(now: Date): Promise<{ reminders: number; digests: number }> {
    return { reminders: await this.sendReminders(now), digests: await this.sendOverdueDigest(now) };
  }

  /**
   * The reminder before the due day: each open occurrence due within
   * TASK_REMINDER_DAYS_BEFORE_DUE days of its organisation's today, once. The row is claimed
   * (reminderSentAt) in the transaction that queues the mail: a second runner's claim waits for
   * the first's commit and then finds it taken. Answers how many mails were queued.
   */
  async sendReminders(now: Date): Promise<number> {
    const at = now.toISOString();
    const due = await this.db.$queryRaw<{ id: string; companyId: string; timeZone: string }[]>(sql`
      SELECT t.id, t."companyId", c."timeZone"
      FROM "ScheduledTask" t JOIN "Company" c ON c.id = t."companyId"
      WHERE t."sectionType" = 'reminder' AND t."completedAt" IS NULL AND t."reminderSentAt" IS NULL
        AND t."dueDate" >= (${at}::timestamptz AT TIME ZONE c."timeZone")::date
        AND t."dueDate" <= (${at}::timestamptz AT TIME ZONE c."timeZone")::date + ${TASK_REMINDER_DAYS_BEFORE_DUE}::int
      ORDER BY t."dueDate"
      LIMIT ${REMINDER_BATCH}`);
    let queued = 0;
    for (const row of due) {
      queued += await this.db.$transaction(async (tx) => {
        const claimed = await tx.scheduledTask.updateMany({
          where: { id: row.id, companyId: row.companyId, completedAt: null, reminderSentAt: null },
          data: { reminderSentAt: now },
        });
        if (claimed.count !== 1) return 0;
        const task = await tx.scheduledTask.findUniqueOrThrow({ where: { id: row.id } });
        const recipient = await recipientOf(tx, task.companyId, responsibleOf(task));
        if (!recipient) return 0;
        const result = await this.mail.enqueue(tx, {
          companyId: task.companyId,
          to: recipient.email,
          userId: recipient.userId,
          category: 'taskReminder',
          content: taskReminderMail({
            productName: this.settings.productName,
            name: recipient.name,
            title: task.title,
            detail: task.detail ?? '',
            dueDate: dayOf(task.dueDate),
            frequency: task.frequency ? frequencyLabel(task.frequency) : null,
            link: this.link(task.id),
          }),
        });
        return result.queued ? 1 : 0;
      });
    }
    return queued;
  }

  /**
   * The overdue digest: one mail a day (the organisation's day) to each person with open
   * occurrences due before today, listing them. The TaskOverdueDigest row for the person and day
   * is inserted in the transaction that queues the mail; a second runner's insert waits for it and
   * then conflicts, so it sends nothing. Answers how many mails were queued.
   */
  async sendOverdueDigest(now: Date): Promise<number> {
    const at = now.toISOString();
    const people = await this.db.$queryRaw<{ companyId: string; employeeId: string; day: string }[]>(sql`
      SELECT DISTINCT t."companyId", COALESCE(t."assignForEmployeeId", t."taskOwnerEmployeeId") AS "employeeId",
        ((${at}::timestamptz AT TIME ZONE c."timeZone")::date)::text AS day
      FROM "ScheduledTask" t JOIN "Company" c ON c.id = t."companyId"
      WHERE t."sectionType" = 'reminder' AND t."completedAt" IS NULL
        AND COALESCE(t."assignForEmployeeId", t."taskOwnerEmployeeId") IS NOT NULL
        AND t."dueDate" < (${at}::timestamptz AT TIME ZONE c."timeZone")::date
        AND NOT EXISTS (SELECT 1 FROM "TaskOverdueDigest" d
          WHERE d."companyId" = t."companyId"
            AND d."employeeId" = COALESCE(t."assignForEmployeeId", t."taskOwnerEmployeeId")
            AND d.day = (${at}::timestamptz AT TIME ZONE c."timeZone")::date)`);
    let queued = 0;
    for (const person of people) {
      queued += await this.db.$transaction(async (tx) => {
        const claimed = await tx.$executeRaw(sql`
          INSERT INTO "TaskOverdueDigest" ("companyId", "employeeId", day)
          VALUES (${uuid(person.companyId)}, ${uuid(person.employeeId)}, ${person.day}::date)
          ON CONFLICT DO NOTHING`);
        if (claimed !== 1) return 0;
        const recipient = await recipientOf(tx, person.companyId, person.employeeId);
        if (!recipient) return 0;
        const overdue = {
          companyId: person.companyId,
          sectionType: 'reminder' as const,
          completedAt: null,
          dueDate: { lt: dateOf(person.day) },
          OR: [
            { assignForEmployeeId: person.employeeId },
            { assignForEmployeeId: null, taskOwnerEmployeeId: person.employeeId },
          ],
        };
        const [tasks, total] = await Promise.all([
          tx.scheduledTask.findMany({
            where: overdue,
            orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
            take: DIGEST_LIST_LIMIT,
          }),
          tx.scheduledTask.count({ where: overdue }),
        ]);
        if (tasks.length === 0) return 0;
        const result = await this.mail.enqueue(tx, {
          companyId: person.companyId,
          to: recipient.email,
          userId: recipient.userId,
          category: 'taskOverdueDigest',
          content: taskOverdueDigestMail({
            productName: this.settings.productName,
            name: recipient.name,
            tasks: tasks.map((task) => ({
              title: task.title,
              dueDate: dayOf(task.dueDate),
              link: this.link(task.id),
            })),
            more: total - tasks.length,
            listLink: `${this.base()}/task/reminders`,
          }),
        });
        return result.queued ? 1 : 0;
      });
    }
    return queued;
  }

  private base() {
    return this.settings.publicUrl.replace(/\/$/, '');
  }

  private link(id: string) {
    return `${this.base()}/task/form/signoff/${id}`;
  }
}

/** The e-mail address and account of an active employee of the organisation, if they have both. */
async function recipientOf(tx: Tx, companyId: string, employeeId: string | null) {
  if (!employeeId) return null;
  const employee = await tx.employee.findFirst({
    where: { id: employeeId, companyId, isActive: true },
    select: { firstName: true, lastName: true, email: true, user: { select: { id: true, email: true } } },
  });
  const email = employee?.email ?? employee?.user?.email;
  if (!employee || !email) return null;
  return { email, userId: employee.user?.id ?? null, name: personName(employee) };
}
