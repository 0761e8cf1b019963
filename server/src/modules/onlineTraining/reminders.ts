import type { Db } from '../../db/prisma';
import { sql } from '../../db/sql';
import { sendDueReminders } from '../../plugins/dueReminders';
import { mailAboutTraining, type Mailing } from './mails';

/**
 * An open course is reminded of this many days before its complete-by day (that day included): as
 * an HR form and a supplier's requested document are, so one habit covers them all.
 */
export const TRAINING_REMINDER_DAYS = 3;

/**
 * The reminder before an online training's complete-by day (docs/online-training.md,
 * "Reminders"): once per assignment, while it is the trainee's to take (assigned), when it comes
 * within TRAINING_REMINDER_DAYS of its complete-by day. One assigned within the window was just
 * told by its assignment mail: it is reminded of a day later at the earliest. A trainee who does
 * not sign in gets a new link, as with the assignment mail. The assignment is claimed
 * (reminderSentAt) in the transaction that queues the mail, so two job runners never send one
 * twice. Answers how many mails were queued.
 */
export function sendTrainingReminders(
  db: Db,
  { mail, publicUrl }: Mailing,
  now: Date = new Date(),
): Promise<number> {
  return sendDueReminders(
    db,
    {
      table: 'OnlineTrainingAssignment',
      dueDay: 'completeBy',
      days: TRAINING_REMINDER_DAYS,
      open: sql`r.status = 'assigned' AND r."cancelledAt" IS NULL
        AND r."createdAt" <= (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') - interval '1 day'`,
      remind: async (tx, row) => {
        const assignment = await tx.onlineTrainingAssignment.findUniqueOrThrow({ where: { id: row.id } });
        return (await mailAboutTraining(tx, mail, publicUrl, assignment, { kind: 'reminder' })) ? 1 : 0;
      },
    },
    now,
  );
}
