import { DEFAULT_TIME_ZONE, displayDay, formNumberLabel, localDateOf, personName } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import type { MailQueue, OutgoingMail } from '../../plugins/mail';
import { submissionClosedMail, submissionSubmittedMail, type SubmissionMailFacts } from '../mail';

/**
 * The e-mail notifications of a form submission, by the template's emailNotification codes
 * (001 section 9):
 *   1  a copy to each copied employee (emailCcEmployeeIds) when a draft is submitted
 *   2  a copy to each copied employee when the form is closed (the PDF attached)
 *   3  the reporter (who recorded the form) receives the copy when a draft is submitted
 *   4  the reporter is notified when the form is closed (the PDF attached)
 * The reporter is the recording employee; for supplier forms the recording personnel member, or
 * the supplier company's contact address; qr forms have a guest reporter and no reporter mail.
 * Every mail is queued through the caller's transaction (the mail outbox), so it exists exactly
 * when the change that caused it commits.
 */
export const EMAIL_CODES = { submitCopy: 1, closeCopy: 2, submitReporter: 3, closeReporter: 4 } as const;

export interface NotificationOptions {
  publicUrl: string;
  productName: string;
}

export interface SubmissionRef {
  companyId: string;
  submissionId: string;
}

/** The stored PDF of a closed submission, attached to the close mails. */
export interface ClosedPdf {
  filename: string;
  storageKey: string;
}

interface Recipient {
  name: string;
  email: string;
  userId: string | null;
}

interface Audience {
  codes: Set<number>;
  facts: Omit<SubmissionMailFacts, 'name' | 'productName'>;
  copied: Recipient[];
  reporter: Recipient | null;
}

/** An instant as dd/MM/yyyy of its calendar day in a time zone. */
export const displayDate = (date: Date, timeZone = DEFAULT_TIME_ZONE) =>
  displayDay(localDateOf(date, timeZone));

async function audienceOf(tx: Prisma.TransactionClient, ref: SubmissionRef, options: NotificationOptions) {
  const submission = await tx.formSubmission.findFirst({
    where: { id: ref.submissionId, companyId: ref.companyId },
    select: {
      id: true,
      number: true,
      formType: true,
      formDescription: true,
      recordedByEmployeeId: true,
      recordedByPersonnelId: true,
      supplierId: true,
      template: { select: { name: true, emailNotification: true, emailCcEmployeeIds: true } },
      coordinators: { where: { position: 0 }, select: { employeeId: true } },
    },
  });
  if (!submission) throw new Error(`submission ${ref.submissionId} not found for notifications`);
  const codes = new Set(submission.template.emailNotification);
  const employeeSelect = {
    firstName: true,
    lastName: true,
    email: true,
    user: { select: { id: true } },
  } as const;
  const coordinatorId = submission.coordinators[0]?.employeeId;
  const coordinator = coordinatorId
    ? await tx.employee.findFirst({
        where: { id: coordinatorId, companyId: ref.companyId },
        select: { firstName: true, lastName: true },
      })
    : null;
  const copiedRows = submission.template.emailCcEmployeeIds.length
    ? await tx.employee.findMany({
        where: {
          companyId: ref.companyId,
          id: { in: submission.template.emailCcEmployeeIds },
          isActive: true,
          email: { not: null },
        },
        select: employeeSelect,
        orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
      })
    : [];
  const copied = copiedRows.map((row) => ({
    name: personName(row),
    email: row.email!,
    userId: row.user?.id ?? null,
  }));

  let reporter: Recipient | null = null;
  if (submission.formType === 'supplier') {
    const personnel = submission.recordedByPersonnelId
      ? await tx.personnel.findFirst({
          where: { id: submission.recordedByPersonnelId, companyId: ref.companyId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        })
      : null;
    if (personnel?.email) {
      reporter = { name: personName(personnel), email: personnel.email, userId: personnel.user?.id ?? null };
    } else if (submission.supplierId) {
      const supplier = await tx.supplierCompany.findFirst({
        where: { id: submission.supplierId, companyId: ref.companyId },
        select: { name: true, email: true },
      });
      if (supplier?.email) reporter = { name: supplier.name, email: supplier.email, userId: null };
    }
  } else if (submission.formType !== 'qr' && submission.recordedByEmployeeId) {
    const employee = await tx.employee.findFirst({
      where: { id: submission.recordedByEmployeeId, companyId: ref.companyId },
      select: employeeSelect,
    });
    if (employee?.email)
      reporter = { name: personName(employee), email: employee.email, userId: employee.user?.id ?? null };
  }

  const audience: Audience = {
    codes,
    facts: {
      templateName: submission.template.name,
      formNumber: formNumberLabel(submission.number),
      formDescription: submission.formDescription,
      coordinator: coordinator ? personName(coordinator) : '',
      link: `${options.publicUrl.replace(/\/$/, '')}/form-submission/record/${ref.companyId}/${submission.id}`,
    },
    copied,
    reporter,
  };
  return audience;
}

/** Who gets which mail: the reporter once, as reporter, even when also on the copy list. */
function recipients(audience: Audience, copyCode: number, reporterCode: number) {
  const list: { recipient: Recipient; reporter: boolean }[] = [];
  const reporter = audience.codes.has(reporterCode) ? audience.reporter : null;
  if (reporter) list.push({ recipient: reporter, reporter: true });
  if (audience.codes.has(copyCode)) {
    const reporterEmail = reporter?.email.toLowerCase();
    for (const recipient of audience.copied)
      if (recipient.email.toLowerCase() !== reporterEmail) list.push({ recipient, reporter: false });
  }
  return list;
}

/** What differs between the submit and close mails: their category, content and attachments. */
type ComposeMail = (
  facts: SubmissionMailFacts & { reporter: boolean },
) => Pick<OutgoingMail, 'category' | 'content' | 'attachments'>;

/**
 * Queues one optional mail to each recipient of a code pair (see `recipients`) inside the caller's
 * transaction. Returns how many mails were queued (unsubscribed users get none).
 */
async function queueToAudience(
  tx: Prisma.TransactionClient,
  mail: MailQueue,
  options: NotificationOptions,
  ref: SubmissionRef,
  codes: { copy: number; reporter: number },
  compose: ComposeMail,
): Promise<number> {
  const audience = await audienceOf(tx, ref, options);
  let queued = 0;
  for (const { recipient, reporter } of recipients(audience, codes.copy, codes.reporter)) {
    const result = await mail.enqueue(tx, {
      companyId: ref.companyId,
      to: recipient.email,
      userId: recipient.userId,
      ...compose({ ...audience.facts, productName: options.productName, name: recipient.name, reporter }),
    });
    if (result.queued) queued += 1;
  }
  return queued;
}

/**
 * Codes 1 and 3: queues the copy e-mails of a submission whose draft was just submitted, inside
 * the caller's transaction (call it after writing the submit, with the same `tx`). Returns how many
 * mails were queued.
 */
export function queueSubmittedNotifications(
  tx: Prisma.TransactionClient,
  mail: MailQueue,
  options: NotificationOptions,
  ref: SubmissionRef,
): Promise<number> {
  const codes = { copy: EMAIL_CODES.submitCopy, reporter: EMAIL_CODES.submitReporter };
  return queueToAudience(tx, mail, options, ref, codes, (facts) => ({
    category: facts.reporter ? 'submissionSubmittedReporter' : 'submissionSubmittedCopy',
    content: submissionSubmittedMail(facts),
  }));
}

/**
 * Codes 2 and 4: queues the close e-mails, each with the closed form's PDF attached, inside the
 * close transaction. Returns how many mails were queued.
 */
export function queueClosedNotifications(
  tx: Prisma.TransactionClient,
  mail: MailQueue,
  options: NotificationOptions,
  ref: SubmissionRef,
  closed: { closedAt: Date; timeZone: string; pdf: ClosedPdf },
): Promise<number> {
  const codes = { copy: EMAIL_CODES.closeCopy, reporter: EMAIL_CODES.closeReporter };
  return queueToAudience(tx, mail, options, ref, codes, (facts) => ({
    category: facts.reporter ? 'submissionClosedReporter' : 'submissionClosedCopy',
    content: submissionClosedMail({ ...facts, closedOn: displayDate(closed.closedAt, closed.timeZone) }),
    attachments: [
      { filename: closed.pdf.filename, contentType: 'application/pdf', storageKey: closed.pdf.storageKey },
    ],
  }));
}

/**
 * The data of a submission's webhook events (submitted, closed): its ids, its template's name, its
 * number and the path of its page, read in the transaction that submits or closes it.
 */
export async function submissionWebhookData(tx: Prisma.TransactionClient, ref: SubmissionRef) {
  const submission = await tx.formSubmission.findFirstOrThrow({
    where: { id: ref.submissionId, companyId: ref.companyId },
    select: { number: true, formType: true, closedAt: true, template: { select: { id: true, name: true } } },
  });
  return {
    submissionId: ref.submissionId,
    formNumber: formNumberLabel(submission.number),
    formType: submission.formType,
    templateId: submission.template.id,
    templateName: submission.template.name,
    closedAt: submission.closedAt?.toISOString() ?? null,
    path: `/form-submission/record/${ref.companyId}/${ref.submissionId}`,
  };
}
