import { COMPETENCY_EXPIRING_DAYS, displayDay, personName } from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import { sql } from '../../db/sql';
import { sendDueReminders, type DueRow } from '../../plugins/dueReminders';
import type { MailQueue } from '../../plugins/mail';
import { competencyExpiryMail } from '../mail';

type Tx = Prisma.TransactionClient;

/**
 * The competencies' expiry reminders (docs/human-resources.md, "Expiry reminders"): one mail per
 * latest record when it comes within COMPETENCY_EXPIRING_DAYS of its expiry, to the employee with
 * a copy to their manager. The record is claimed (reminderSentAt) in the transaction that queues
 * the mail, so two job runners (or a restart) never send one twice. A renewal is a new record: it
 * is reminded of in its own time; the records it replaced are no longer the latest and never are.
 */
export class CompetencyReminders {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly settings: { publicUrl: string },
  ) {}

  /** Answers how many mails were queued. */
  send(now: Date = new Date()): Promise<number> {
    return sendDueReminders(
      this.db,
      {
        table: 'CompetencyRecord',
        dueDay: 'expiresOn',
        days: COMPETENCY_EXPIRING_DAYS,
        open: sql`r."isLatest"
          AND EXISTS (SELECT 1 FROM "Competency" c WHERE c.id = r."competencyId" AND c."isActive")`,
        remind: (tx, row) => this.remind(tx, row),
      },
      now,
    );
  }

  private async remind(tx: Tx, row: DueRow): Promise<number> {
    const record = await tx.competencyRecord.findUniqueOrThrow({
      where: { id: row.id },
      include: { competency: { select: { name: true } } },
    });
    const employee = await recipientOf(tx, row.companyId, record.employeeId);
    // Without an address the employee is reminded on the dashboard only (their manager too).
    if (!employee?.email) return 0;
    const manager = employee.managerEmployeeId
      ? await recipientOf(tx, row.companyId, employee.managerEmployeeId)
      : null;
    const result = await this.mail.enqueue(tx, {
      companyId: row.companyId,
      to: employee.email,
      cc: manager?.email ? [manager.email] : undefined,
      userId: employee.userId,
      category: 'competencyExpiry',
      content: competencyExpiryMail({
        name: employee.name,
        competency: record.competency.name,
        expiresOn: displayDay(dayOf(record.expiresOn)!),
        managerName: manager?.email ? manager.name : null,
        link: `${this.settings.publicUrl.replace(/\/$/, '')}/human-resource/employee/competency/${record.employeeId}`,
      }),
    });
    return result.queued ? 1 : 0;
  }
}

/** An active employee of the organisation: their name, address (if any), account and manager. */
async function recipientOf(tx: Tx, companyId: string, employeeId: string) {
  const employee = await tx.employee.findFirst({
    where: { id: employeeId, companyId, isActive: true },
    select: {
      firstName: true,
      lastName: true,
      email: true,
      managerEmployeeId: true,
      user: { select: { id: true, email: true } },
    },
  });
  if (!employee) return null;
  return {
    name: personName(employee),
    email: employee.email ?? employee.user?.email ?? null,
    userId: employee.user?.id ?? null,
    managerEmployeeId: employee.managerEmployeeId,
  };
}
