import type { Db, Prisma } from '../../db/prisma';
import { sql } from '../../db/sql';
import { sendDueReminders, type DueRow } from '../../plugins/dueReminders';
import type { MailQueue } from '../../plugins/mail';
import { mailAboutAssignment } from './mails';

/**
 * An open HR form is reminded of this many days before its due date (its due day included): as a
 * supplier's requested document and a performance review are, so one habit covers them all. A
 * form takes minutes to fill in or review, and a reminder much earlier would often follow its
 * assignment mail within days.
 */
export const HR_FORM_REMINDER_DAYS = 3;

/**
 * The reminder before an HR form's due date (docs/human-resources.md, "HR forms"): once per
 * assignment, when it comes within HR_FORM_REMINDER_DAYS of its due date, to the employee while it
 * is theirs to fill in, to the reviewer once it is submitted. One assigned within the window was
 * just told by its assignment mail: it is reminded of a day later at the earliest. The assignment
 * is claimed (reminderSentAt) in the transaction that queues the mail, so two job runners never
 * send one twice.
 */
export class HrFormReminders {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly publicUrl: string,
  ) {}

  /** Answers how many mails were queued. */
  send(now: Date = new Date()): Promise<number> {
    return sendDueReminders(
      this.db,
      {
        table: 'HrFormAssignment',
        dueDay: 'dueDate',
        days: HR_FORM_REMINDER_DAYS,
        open: sql`r.status IN ('assigned', 'submitted') AND r."cancelledAt" IS NULL
          AND r."sectionType" <> 'performanceReview'
          AND r."createdAt" <= (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') - interval '1 day'`,
        remind: (tx, row) => this.remind(tx, row),
      },
      now,
    );
  }

  private async remind(tx: Prisma.TransactionClient, row: DueRow): Promise<number> {
    const assignment = await tx.hrFormAssignment.findUniqueOrThrow({ where: { id: row.id } });
    return (await mailAboutAssignment(tx, this.mail, this.publicUrl, assignment, 'reminder')) ? 1 : 0;
  }
}
