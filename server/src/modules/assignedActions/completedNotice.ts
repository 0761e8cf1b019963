import { displayDay, formNumberLabel, personName } from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { dayOf } from '../../db/days';
import type { MailQueue } from '../../plugins/mail';
import { displayName } from '../auth';
import { actionCompletedMail } from '../mail';

export interface CompletedNoticeOptions {
  publicUrl: string;
  productName: string;
}

/** Who a notice may go to: a person of the organisation or of a supplier, with an address. */
interface Recipient {
  employeeId: string | null;
  personnelId: string | null;
  name: string;
  email: string;
  userId: string | null;
}

const isId = (id: string | null): id is string => id !== null;

const PERSON = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  isActive: true,
  user: { select: { id: true } },
} as const;

type PersonRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  isActive: boolean;
  user: { id: string } | null;
};

/** An active person with an address as a recipient, else none. */
function recipientOf(row: PersonRow | undefined, kind: 'employee' | 'personnel'): Recipient[] {
  if (!row?.email || !row.isActive) return [];
  return [
    {
      employeeId: kind === 'employee' ? row.id : null,
      personnelId: kind === 'personnel' ? row.id : null,
      name: personName(row),
      email: row.email,
      userId: row.user?.id ?? null,
    },
  ];
}

/**
 * Tells the form's coordinators and the person who recorded it that one of its actions was
 * completed (issue 40: nothing told them). Not the one who completed it: the signed-in user
 * (userId), or for a link (userId null) the action's assignee, who alone holds its link. Each person
 * once; optional mail (actionCompleted), so unsubscribed users get none. Queued in the completion's
 * transaction; returns how many were queued.
 */
export async function queueActionCompletedNotice(
  tx: Prisma.TransactionClient,
  mail: MailQueue,
  options: CompletedNoticeOptions,
  completion: { companyId: string; actionId: string; userId: string | null },
): Promise<number> {
  const { companyId } = completion;
  const action = await tx.action.findFirst({
    where: { id: completion.actionId, companyId },
    select: {
      instruction: true,
      response: true,
      completedOn: true,
      assigneeEmployeeId: true,
      assigneePersonnelId: true,
      submission: {
        select: {
          id: true,
          number: true,
          isDraft: true,
          formType: true,
          formDescription: true,
          recordedByEmployeeId: true,
          recordedByPersonnelId: true,
          template: { select: { name: true } },
          coordinators: { orderBy: { position: 'asc' }, select: { employeeId: true } },
        },
      },
    },
  });
  // A register's action (a risk's, a substance's) has no form to tell anyone about.
  const submission = action?.submission;
  if (!action || !submission) return 0;

  const coordinatorIds = submission.coordinators.map((row) => row.employeeId);
  // qr forms are recorded by a guest: nobody to tell.
  const recorded = submission.formType !== 'qr';
  const employeeIds = [...coordinatorIds, recorded ? submission.recordedByEmployeeId : null];
  const personnelIds = [recorded ? submission.recordedByPersonnelId : null, action.assigneePersonnelId];
  const [employees, personnel, completer] = await Promise.all([
    tx.employee.findMany({
      where: { companyId, id: { in: [...employeeIds, action.assigneeEmployeeId].filter(isId) } },
      select: PERSON,
    }),
    tx.personnel.findMany({ where: { companyId, id: { in: personnelIds.filter(isId) } }, select: PERSON }),
    completion.userId
      ? tx.user.findFirst({
          where: { id: completion.userId, companyId },
          select: {
            id: true,
            employeeId: true,
            personnelId: true,
            username: true,
            employee: { select: { firstName: true, lastName: true } },
            personnel: { select: { firstName: true, lastName: true } },
            supplier: { select: { name: true } },
          },
        })
      : null,
  ]);
  const employeeById = new Map(employees.map((row) => [row.id, row]));
  const personnelById = new Map(personnel.map((row) => [row.id, row]));

  // A signed-in completer is its account's person; a link's holder is the action's assignee.
  const completedBy = completer ?? {
    id: null,
    employeeId: action.assigneeEmployeeId,
    personnelId: action.assigneePersonnelId,
  };
  const completerName = completer
    ? displayName(completer)
    : personName(
        personnelById.get(action.assigneePersonnelId ?? '') ??
          employeeById.get(action.assigneeEmployeeId ?? ''),
      );
  const isCompleter = (recipient: Recipient) =>
    (recipient.userId !== null && recipient.userId === completedBy.id) ||
    (recipient.employeeId !== null && recipient.employeeId === completedBy.employeeId) ||
    (recipient.personnelId !== null && recipient.personnelId === completedBy.personnelId);

  const candidates: Recipient[] = [
    ...employeeIds.flatMap((id) => recipientOf(employeeById.get(id ?? ''), 'employee')),
    ...recipientOf(personnelById.get((recorded && submission.recordedByPersonnelId) || ''), 'personnel'),
  ];
  // Each person once (a coordinator who also recorded the form, two rows with one address).
  const recipients = new Map<string, Recipient>();
  for (const recipient of candidates) {
    const key = recipient.email.toLowerCase();
    if (!isCompleter(recipient) && !recipients.has(key)) recipients.set(key, recipient);
  }

  const coordinator = employeeById.get(coordinatorIds[0] ?? '');
  const link = `${options.publicUrl.replace(/\/$/, '')}/form-submission/record/${companyId}/${submission.id}`;
  let queued = 0;
  for (const recipient of recipients.values()) {
    const result = await mail.enqueue(tx, {
      companyId,
      to: recipient.email,
      userId: recipient.userId,
      category: 'actionCompleted',
      content: actionCompletedMail({
        productName: options.productName,
        name: recipient.name,
        templateName: submission.template.name,
        formNumber: formNumberLabel(submission.isDraft ? null : submission.number),
        formDescription: submission.formDescription,
        coordinator: coordinator ? personName(coordinator) : '',
        link,
        completedBy: completerName,
        instruction: action.instruction,
        response: action.response ?? '',
        completedOn: action.completedOn ? displayDay(dayOf(action.completedOn)) : '',
      }),
    });
    if (result.queued) queued += 1;
  }
  return queued;
}
