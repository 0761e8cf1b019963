import { displayDay, hrFormPagePath, personName } from '@compass/shared';
import { dayOf } from '../../db/days';
import type { Prisma } from '../../db/prisma';
import type { HrFormAssignment } from '../../generated/prisma/client';
import type { MailQueue } from '../../plugins/mail';
import { hrFormMail } from '../mail';

type Tx = Prisma.TransactionClient;

/**
 * Tells one person about an assignment: its employee when it is assigned or returned (the comment
 * as the note), its reviewer when it is submitted. Returns whether a mail was queued (none for
 * someone without an e-mail address).
 */
export async function mailAboutAssignment(
  tx: Tx,
  mail: MailQueue,
  publicUrl: string,
  assignment: HrFormAssignment,
  kind: 'assigned' | 'returned' | 'submitted',
): Promise<boolean> {
  const { companyId } = assignment;
  const toReviewer = kind === 'submitted';
  const recipientId = toReviewer ? assignment.reviewerEmployeeId : assignment.employeeId;
  if (!recipientId) return false;
  const [template, people] = await Promise.all([
    tx.formTemplate.findFirstOrThrow({
      where: { id: assignment.formTemplateId, companyId },
      select: { name: true },
    }),
    tx.employee.findMany({
      where: { companyId, id: { in: [assignment.employeeId, recipientId] } },
      select: { id: true, firstName: true, lastName: true, email: true, user: { select: { id: true } } },
    }),
  ]);
  const recipient = people.find((person) => person.id === recipientId);
  const employee = people.find((person) => person.id === assignment.employeeId);
  if (!recipient?.email || !employee) return false;
  const page = hrFormPagePath(toReviewer ? 'review' : 'assessment', {
    _id: assignment.id,
    employeeId: assignment.employeeId,
    formTemplateId: assignment.formTemplateId,
  });
  const result = await mail.enqueue(tx, {
    companyId,
    to: recipient.email,
    userId: recipient.user?.id ?? null,
    category: 'hrForm',
    content: hrFormMail({
      kind,
      name: personName(recipient),
      formName: template.name,
      employeeName: personName(employee),
      dueDate: displayDay(dayOf(assignment.dueDate)),
      note: kind === 'returned' ? assignment.reviewComment : toReviewer ? null : assignment.message,
      link: `${publicUrl.replace(/\/$/, '')}${page}`,
    }),
  });
  return result.queued;
}
