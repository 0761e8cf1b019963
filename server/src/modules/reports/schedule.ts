import {
  mayRunReport,
  personName,
  REPORT_SCHEDULE_LABELS,
  savedReportPath,
  type ReportSchedule,
  type TReportFilters,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { AppError } from '../../errors';
import type { MailQueue } from '../../plugins/mail';
import { actionMail } from '../../plugins/mailLayout';
import { allowedKeys } from '../administration';
import { publicLink } from '../qrCodes';
import { renderReportFile } from './exports';
import { isReportId, nextSendAt } from './saved';
import type { ReportService } from './service';
import type { ReportMeta } from './source';

interface Claimed {
  id: string;
  companyId: string;
  ownerEmployeeId: string;
  name: string;
  report: string;
  groupBy: string;
  filters: unknown;
  schedule: ReportSchedule;
}

/**
 * The report mailed to its owner, as the owner would run it now. Null when the owner may not be
 * mailed it: gone, inactive, without an e-mail address or an account, no longer holding the
 * report's keys, or the saved grouping or filters no longer valid for the report.
 */
async function mailOf(db: Db, reports: Pick<ReportService, 'fullTable'>, saved: Claimed) {
  const owner = await db.employee.findFirst({
    where: { id: saved.ownerEmployeeId, companyId: saved.companyId, isActive: true },
    select: {
      firstName: true,
      lastName: true,
      email: true,
      role: { select: { access: true } },
      user: { select: { id: true, isActive: true } },
      company: { select: { timeZone: true } },
    },
  });
  if (!owner?.email || !owner.user?.isActive || !isReportId(saved.report)) return null;
  const report = saved.report;
  // The keys as the auth plugin reads a role's map: the rights the owner would sign in with now.
  const viewer = {
    companyId: saved.companyId,
    employeeId: saved.ownerEmployeeId,
    accessKeys: new Set(allowedKeys(owner.role?.access)),
    timeZone: owner.company.timeZone,
  };
  if (!mayRunReport(viewer.accessKeys, report)) return null;
  try {
    const { table, meta } = await reports.fullTable(viewer, {
      report,
      by: saved.groupBy,
      filters: saved.filters as TReportFilters,
    });
    const file = await renderReportFile(table, meta, 'pdf');
    return { owner, userId: owner.user.id, to: owner.email, meta, file };
  } catch (error) {
    // A 400 or 403 of the checks: the saved run is no longer one the owner may make.
    if (error instanceof AppError && error.statusCode < 500) return null;
    throw error;
  }
}

function scheduledMail(saved: Claimed, name: string, meta: ReportMeta, link: string) {
  const when = REPORT_SCHEDULE_LABELS[saved.schedule];
  return actionMail({
    subject: meta.periodLabel ? `${saved.name} — ${meta.periodLabel}` : saved.name,
    title: saved.name,
    name,
    what:
      `Your saved report "${saved.name}" is attached as a PDF: ${meta.title} by ` +
      `${meta.groupingLabel.toLowerCase()}${meta.periodLabel ? `, ${meta.periodLabel}` : ''}.`,
    note: meta.filtersText.length ? `Filters: ${meta.filtersText.join('; ')}` : null,
    action: 'Open the report',
    link,
    after:
      `It is sent ${when.charAt(0).toLowerCase()}${when.slice(1)}. To stop it, open the ` +
      'report, choose Save report and set "E-mail it to me" to Not sent.',
  });
}

/**
 * Mails the saved reports that are due (the five-minute jobs: 07:00 is not on the hour everywhere).
 * Each is claimed in a transaction of its own, moving its nextSendAt on only while it is still the
 * one read, so two processes never send the same one twice; the mail is then queued, with
 * lastSentAt, in a second one. A report whose owner may no longer have it is claimed and not sent.
 * One that fails is due again at the next run and does not hold back the others: the first failure
 * is thrown once they are done. Returns how many were mailed.
 */
export async function sendDueReports(
  db: Db,
  mail: MailQueue,
  reports: Pick<ReportService, 'fullTable'>,
  settings: { publicUrl: string },
  now: Date = new Date(),
): Promise<number> {
  const due = await db.savedReport.findMany({
    where: { schedule: { not: 'none' }, nextSendAt: { lte: now } },
    select: { id: true, companyId: true, nextSendAt: true, schedule: true },
    orderBy: { nextSendAt: 'asc' },
  });
  const companies = await db.company.findMany({
    where: { id: { in: [...new Set(due.map((row) => row.companyId))] } },
    select: { id: true, timeZone: true },
  });
  const zoneOf = new Map(companies.map((company) => [company.id, company.timeZone]));
  let sent = 0;
  const failures: unknown[] = [];
  for (const row of due) {
    const next = nextSendAt(row.schedule, zoneOf.get(row.companyId)!, now);
    const [saved] = await db.savedReport.updateManyAndReturn({
      where: { id: row.id, nextSendAt: row.nextSendAt },
      data: { nextSendAt: next },
    });
    if (!saved) continue;
    const link = publicLink(settings.publicUrl, savedReportPath(saved.id));
    try {
      if (await sendOne(db, mail, reports, saved, link, now)) sent++;
    } catch (error) {
      failures.push(error);
      // A passing failure must not lose the period's mail: due again, unless its owner changed it meanwhile.
      await db.savedReport
        .updateMany({ where: { id: saved.id, nextSendAt: next }, data: { nextSendAt: row.nextSendAt } })
        .catch((restoreError: unknown) => failures.push(restoreError));
    }
  }
  if (failures.length) throw failures[0];
  return sent;
}

/** Queues the claimed report's mail with its PDF and stamps it sent; false when the owner is not to be mailed it. */
async function sendOne(
  db: Db,
  mail: MailQueue,
  reports: Pick<ReportService, 'fullTable'>,
  saved: Claimed,
  link: string,
  now: Date,
): Promise<boolean> {
  const made = await mailOf(db, reports, saved);
  if (!made) return false;
  return db.$transaction(async (tx) => {
    const queued = await mail.enqueue(tx, {
      companyId: saved.companyId,
      to: made.to,
      userId: made.userId,
      category: 'scheduledReport',
      content: scheduledMail(saved, personName(made.owner), made.meta, link),
      attachments: [
        {
          filename: made.file.fileName,
          contentType: made.file.contentType,
          contentBase64: Buffer.from(made.file.body).toString('base64'),
        },
      ],
    });
    // An owner who unsubscribed from optional mail is not sent it.
    if (!queued.queued) return false;
    await tx.savedReport.update({ where: { id: saved.id }, data: { lastSentAt: now } });
    return true;
  });
}
