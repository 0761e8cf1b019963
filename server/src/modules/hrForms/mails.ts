import { displayDay, hrFormPagePath, personName } from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import type { HrFormAssignment } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import { button, paragraph, type MailContent } from '../../plugins/mailLayout';
import { hrFormMail } from '../mail';

type Tx = Prisma.TransactionClient;

/** The reminder before the due date, to whoever's step is open (hrForms/reminders.ts). */
function reminderMail(input: {
  toReviewer: boolean;
  name: string;
  formName: string;
  employeeName: string;
  dueDate: string;
  link: string;
}): MailContent {
  const { formName, dueDate } = input;
  const what = input.toReviewer
    ? `${input.employeeName}'s HR form "${formName}" is due on ${dueDate} and waits for your review.`
    : `The HR form "${formName}" is due on ${dueDate} and waits for you to fill it in and submit it.`;
  const action = input.toReviewer ? 'Review the form' : 'Fill in the form';
  const intro = `Hello ${input.name},`;
  return {
    subject: `Reminder: ${formName} is due on ${dueDate}`,
    title: 'An HR form due soon',
    text: [intro, '', what, '', `${action}: ${input.link}`].join('\n'),
    bodyHtml: [paragraph(intro), paragraph(what), button(action, input.link)].join('\n'),
  };
}

/**
 * Tells one person about an assignment: its employee when it is assigned or returned (the comment
 * as the note), its reviewer when it is submitted; a reminder goes to the employee while it is
 * assigned, to the reviewer once submitted, and never to someone who has left. Returns whether a
 * mail was queued (none for someone without an e-mail address).
 */
export async function mailAboutAssignment(
  tx: Tx,
  mail: MailQueue,
  publicUrl: string,
  assignment: HrFormAssignment,
  kind: 'assigned' | 'returned' | 'submitted' | 'reminder',
): Promise<boolean> {
  const { companyId } = assignment;
  const toReviewer = kind === 'submitted' || (kind === 'reminder' && assignment.status === 'submitted');
  const recipientId = toReviewer ? assignment.reviewerEmployeeId : assignment.employeeId;
  if (!recipientId) return false;
  const [template, people] = await Promise.all([
    tx.formTemplate.findFirstOrThrow({
      where: { id: assignment.formTemplateId, companyId },
      select: { name: true },
    }),
    tx.employee.findMany({
      where: { companyId, id: { in: [assignment.employeeId, recipientId] } },
      select: {
        id: true,
        firstName: true,
        lastName: true,
        email: true,
        isActive: true,
        user: { select: { id: true } },
      },
    }),
  ]);
  const recipient = people.find((person) => person.id === recipientId);
  const employee = people.find((person) => person.id === assignment.employeeId);
  if (!recipient?.email || !employee || (kind === 'reminder' && !recipient.isActive)) return false;
  const page = hrFormPagePath(toReviewer ? 'review' : 'assessment', {
    _id: assignment.id,
    employeeId: assignment.employeeId,
    formTemplateId: assignment.formTemplateId,
  });
  const facts = {
    name: personName(recipient),
    formName: template.name,
    employeeName: personName(employee),
    dueDate: displayDay(dayOf(assignment.dueDate)),
    link: `${publicUrl.replace(/\/$/, '')}${page}`,
  };
  const result = await mail.enqueue(tx, {
    companyId,
    to: recipient.email,
    userId: recipient.user?.id ?? null,
    category: 'hrForm',
    content:
      kind === 'reminder'
        ? reminderMail({ ...facts, toReviewer })
        : hrFormMail({
            ...facts,
            kind,
            note: kind === 'returned' ? assignment.reviewComment : toReviewer ? null : assignment.message,
          }),
  });
  return result.queued;
}
