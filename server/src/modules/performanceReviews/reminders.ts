import type { Db, Prisma } from '../../db/prisma';
import { sql } from '../../db/sql';
import { sendDueReminders, type DueRow } from '../../plugins/dueReminders';
import type { MailQueue } from '../../plugins/mail';
import { mailAboutReview } from './mails';

/** A review is reminded of this many days before its due date (its due day included). */
export const REVIEW_REMINDER_DAYS = 3;

/**
 * The reminder before a review's due date (docs/human-resources.md, "Performance reviews"): once per
 * review, when it comes within REVIEW_REMINDER_DAYS of its due date, to whoever's step is open — the
 * employee at the self-assessment, the reviewer at theirs, each side not yet signed at sign-off. The
 * review is claimed (reminderSentAt) in the transaction that queues the mail, so two job runners
 * never send one twice.
 */
export class PerformanceReviewReminders {
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
        table: 'PerformanceReview',
        dueDay: 'dueDate',
        days: REVIEW_REMINDER_DAYS,
        open: sql`r.status IN ('selfAssessment', 'managerAssessment', 'signOff')`,
        remind: (tx, row) => this.remind(tx, row),
      },
      now,
    );
  }

  private async remind(tx: Prisma.TransactionClient, row: DueRow): Promise<number> {
    const review = await tx.performanceReview.findUniqueOrThrow({ where: { id: row.id } });
    const sides: ('employee' | 'reviewer')[] =
      review.status === 'selfAssessment'
        ? ['employee']
        : review.status === 'managerAssessment'
          ? ['reviewer']
          : [
              ...(review.employeeSignedAt ? [] : ['employee' as const]),
              ...(review.reviewerSignedAt ? [] : ['reviewer' as const]),
            ];
    let queued = 0;
    for (const side of sides)
      if (await mailAboutReview(tx, this.mail, this.publicUrl, review, side, 'reminder')) queued += 1;
    return queued;
  }
}
