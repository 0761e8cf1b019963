import { displayDay, performanceReviewPagePath, personName } from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import type { PerformanceReview } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import { actionMail, type MailContent } from '../../plugins/mailLayout';

type Tx = Prisma.TransactionClient;

/**
 * What a review's mail tells: started (to the employee, and to the reviewer when someone else
 * started it), the self-assessment submitted (to the reviewer), returned with the reviewer's
 * comment (to the employee), the reviewer's assessment ready to sign (to the employee), and the
 * reminder before its due date (to whoever's step is open).
 */
export type ReviewMailKind = 'started' | 'toReview' | 'selfSubmitted' | 'returned' | 'toSign' | 'reminder';

function wordingOf(kind: ReviewMailKind, title: string, employeeName: string, dueDate: string) {
  return {
    started: {
      subject: `Your performance review: ${title}`,
      what: `Your performance review "${title}" has started. Please write your self-assessment by ${dueDate}.`,
      action: 'Write your self-assessment',
    },
    toReview: {
      subject: `You review ${employeeName}: ${title}`,
      what: `You are the reviewer of ${employeeName}'s performance review "${title}", due ${dueDate}. You assess it once ${employeeName} has submitted their self-assessment.`,
      action: 'Open the review',
    },
    selfSubmitted: {
      subject: `${employeeName}'s self-assessment to review: ${title}`,
      what: `${employeeName} submitted their self-assessment for "${title}". Please write your assessment by ${dueDate}.`,
      action: 'Assess the review',
    },
    returned: {
      subject: `${title}: changes requested`,
      what: `Your reviewer returned your self-assessment for "${title}". Please change it and submit it again by ${dueDate}.`,
      action: 'Open your self-assessment',
    },
    toSign: {
      subject: `${title}: ready to sign`,
      what: `Your reviewer has written their assessment of "${title}". Please read it and sign the review by ${dueDate}.`,
      action: 'Read and sign',
    },
    reminder: {
      subject: `Reminder: ${title} is due on ${dueDate}`,
      what: `The performance review "${title}" of ${employeeName} is due on ${dueDate} and waits for you.`,
      action: 'Open the review',
    },
  }[kind];
}

export function performanceReviewMail(input: {
  kind: ReviewMailKind;
  /** The one the mail goes to. */
  name: string;
  title: string;
  employeeName: string;
  /** dd/MM/yyyy */
  dueDate: string;
  /** The reviewer's comment of a return. */
  note: string | null;
  link: string;
}): MailContent {
  return actionMail({
    ...wordingOf(input.kind, input.title, input.employeeName, input.dueDate),
    title: 'Performance review',
    name: input.name,
    note: input.note ? `What to change: ${input.note}` : null,
    link: input.link,
  });
}

/**
 * Tells one side of a review (`to`) about it, in the change's transaction. Returns whether a mail
 * was queued (none for someone without an e-mail address).
 */
export async function mailAboutReview(
  tx: Tx,
  mail: MailQueue,
  publicUrl: string,
  review: PerformanceReview,
  to: 'employee' | 'reviewer',
  kind: ReviewMailKind,
  note: string | null = null,
): Promise<boolean> {
  const { companyId } = review;
  const recipientId = to === 'employee' ? review.employeeId : review.reviewerEmployeeId;
  const people = await tx.employee.findMany({
    where: { companyId, id: { in: [review.employeeId, recipientId] } },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      email: true,
      user: { select: { id: true, email: true } },
    },
  });
  const recipient = people.find((person) => person.id === recipientId);
  const employee = people.find((person) => person.id === review.employeeId);
  const address = recipient?.email ?? recipient?.user?.email;
  if (!recipient || !address || !employee) return false;
  const page = performanceReviewPagePath({ _id: review.id, employeeId: review.employeeId });
  const result = await mail.enqueue(tx, {
    companyId,
    to: address,
    userId: recipient.user?.id ?? null,
    category: 'performanceReview',
    content: performanceReviewMail({
      kind,
      name: personName(recipient),
      title: review.title,
      employeeName: personName(employee),
      dueDate: displayDay(dayOf(review.dueDate)),
      note,
      link: `${publicUrl.replace(/\/$/, '')}${page}`,
    }),
  });
  return result.queued;
}
