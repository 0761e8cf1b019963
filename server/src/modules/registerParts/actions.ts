import {
  displayDay,
  personName,
  registerMessages as say,
  type MailCategory,
  type TRegisterAction,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZRegisterActionAdd } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { dateOf, dayOf } from '../../db/days';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import type { MailContent } from '../../plugins/mailLayout';
import { callerToday } from '../../plugins/organisationDay';
import { employeeNames } from '../employees';
import { registerActionMail } from '../mail';
import { invalid, REGISTERS, type RegisterKind, type Tx } from './registers';

/** An action's assignee: an active employee of the organisation, named in the history, mailed. */
export function activeAssignee(client: Tx | Db, companyId: string, id: string) {
  return client.employee.findFirst({
    where: { companyId, id, isActive: true },
    select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
  });
}

type Assignee = NonNullable<Awaited<ReturnType<typeof activeAssignee>>>;

/** The caller's name, as the mail of an action they raise signs it. */
export async function raiserName(tx: Tx, auth: AuthContext): Promise<string> {
  const names = await employeeNames(tx, auth.companyId, [auth.employeeId]);
  return names.get(auth.employeeId ?? '') ?? '';
}

/**
 * Tells the assignee of an action raised on an item, in the action's transaction: the mail is
 * how they hear of it. No mail for an assignee without an address (`content` is not read then).
 */
export async function mailAssignee(
  mail: MailQueue,
  tx: Tx,
  companyId: string,
  assignee: Assignee,
  category: MailCategory,
  content: () => Promise<MailContent>,
): Promise<void> {
  if (!assignee.email) return;
  await mail.enqueue(tx, {
    companyId,
    to: assignee.email,
    userId: assignee.user?.id ?? null,
    category,
    content: await content(),
  });
}

/** The actions raised from a risk or substance, in their order, with their assignees' names. */
export async function actionsOf(
  db: Db,
  companyId: string,
  kind: RegisterKind,
  itemId: string,
): Promise<TRegisterAction[]> {
  const actions = await db.action.findMany({
    where: { companyId, [REGISTERS[kind].actionLink]: itemId },
    orderBy: { taskNumber: 'asc' },
  });
  const names = await employeeNames(
    db,
    companyId,
    actions.map((action) => action.assigneeEmployeeId),
  );
  return actions.map((action) => ({
    _id: action.id,
    taskNumber: action.taskNumber,
    instruction: action.instruction,
    assignee: action.assigneeEmployeeId
      ? { _id: action.assigneeEmployeeId, name: names.get(action.assigneeEmployeeId) ?? '' }
      : null,
    dueDate: dayOf(action.dueDate)!,
    isComplete: action.isComplete,
    completedOn: dayOf(action.completedOn),
    response: action.response,
  }));
}

/**
 * An action raised from a risk or substance (found by the caller): an Action row linked to it,
 * numbered after its others, for an active employee; it is on the assignee's dashboard (Assigned
 * Actions) at once, and a mail tells them.
 */
export async function raiseAction(
  db: Db,
  mail: MailQueue,
  publicUrl: string,
  auth: AuthContext,
  kind: RegisterKind,
  input: z.output<typeof ZRegisterActionAdd>,
): Promise<{ _id: string }> {
  const { actionLink, entity } = REGISTERS[kind];
  return db.$transaction(async (tx) => {
    if (input.dueDate < callerToday(auth)) throw invalid('dueDate', say.dueBeforeToday);
    const assignee = await activeAssignee(tx, auth.companyId, input.assigneeId);
    if (!assignee) throw invalid('assigneeId', say.personMissing);
    // Locks the item's actions' numbering: two actions raised at once get two numbers.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${input.itemId}))`;
    const last = await tx.action.aggregate({
      where: { companyId: auth.companyId, [actionLink]: input.itemId },
      _max: { taskNumber: true },
    });
    const action = await tx.action.create({
      data: {
        companyId: auth.companyId,
        [actionLink]: input.itemId,
        taskNumber: (last._max.taskNumber ?? 0) + 1,
        instruction: input.instruction,
        actionType: 'internal',
        assigneeEmployeeId: input.assigneeId,
        dueDate: dateOf(input.dueDate),
        createdByUserId: auth.userId,
      },
    });
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: entity,
      entityId: input.itemId,
      action: 'action raised',
      before: null,
      after: {
        action: `#${action.taskNumber} ${action.instruction}`,
        assignee: personName(assignee),
        due: input.dueDate,
      },
    });
    await mailAssignee(mail, tx, auth.companyId, assignee, 'registerAction', async () => {
      const item =
        kind === 'risk'
          ? await tx.risk.findUniqueOrThrow({ where: { id: input.itemId }, select: { name: true } })
          : await tx.hazardousSubstance.findUniqueOrThrow({
              where: { id: input.itemId },
              select: { name: true },
            });
      return registerActionMail({
        name: personName(assignee),
        itemKind: REGISTERS[kind].noun,
        itemName: item.name,
        raisedBy: await raiserName(tx, auth),
        instruction: input.instruction,
        due: displayDay(input.dueDate),
        link: `${publicUrl.replace(/\/$/, '')}/dashboard`,
      });
    });
    return { _id: action.id };
  });
}
