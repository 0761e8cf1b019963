import {
  displayDay,
  formNumberLabel,
  formTaskPath,
  messages,
  personName,
  type TFormSubmissionSaveRequest,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { badRequest, conflict, staleVersion } from '../../errors';
import type { MailQueue } from '../../plugins/mail';
import { issueActionLink } from '../links';
import { emitWebhookEvent } from '../webhooks';
import { submissionTaskMail } from '../mail';
import { type SubmissionOptions, type SubmissionActor, day, type StoredSubmission } from './shapes';
import { logChanges } from './records';
import { dateOf } from '../../db/days';

/** A submission's actions as a save changes them, and the mail each new or reassigned one sends. */
export class SubmissionTasks {
  constructor(
    private readonly mail: MailQueue,
    private readonly options: SubmissionOptions,
  ) {}

  /** Creates, edits and deletes the actions; one task mail per new or reassigned action. */
  async save(
    tx: Prisma.TransactionClient,
    auth: SubmissionActor,
    submissionId: string,
    tasks: TFormSubmissionSaveRequest['taskData'],
    stored: StoredSubmission | null,
  ): Promise<number> {
    const companyId = auth.companyId;
    const existing = new Map(stored?.actions.map((action) => [action.id, action]) ?? []);
    const sent = new Set(tasks.flatMap((task) => (task._id ? [task._id] : [])));
    const toMail: { actionId: string; reassigned: boolean }[] = [];

    for (const action of existing.values()) {
      if (sent.has(action.id) || action.isComplete) continue;
      await tx.action.delete({ where: { id: action.id } });
      await logChanges(tx, auth, 'action', action.id, submissionId, 'deleted', [
        { field: 'instruction', from: action.instruction, to: null },
      ]);
    }

    let taskNumber = Math.max(0, ...(stored?.actions.map((action) => action.taskNumber) ?? []));
    for (const task of tasks) {
      const assignee = {
        assigneeEmployeeId: task.actionType === 'internal' ? task.investigator : null,
        assigneePersonnelId: task.actionType === 'external' ? task.investigator : null,
      };
      const fields = {
        instruction: task.instruction.trim(),
        actionType: task.actionType,
        ...assignee,
        dueDate: dateOf(task.due),
      };
      if (!task._id) {
        taskNumber += 1;
        const created = await tx.action.create({
          data: {
            companyId,
            submissionId,
            fieldId: task.relatedFormId,
            taskNumber,
            createdByUserId: auth.userId,
            ...fields,
          },
        });
        await logChanges(tx, auth, 'action', created.id, submissionId, 'created', [
          { field: 'instruction', from: null, to: fields.instruction },
          { field: 'actionType', from: null, to: fields.actionType },
          { field: 'investigator', from: null, to: task.investigator },
          { field: 'due', from: null, to: task.due },
        ]);
        toMail.push({ actionId: created.id, reassigned: false });
        continue;
      }
      const action = existing.get(task._id);
      if (!action) throw badRequest(messages.action.notFound);
      const before = {
        instruction: action.instruction,
        actionType: action.actionType,
        investigator: action.assigneeEmployeeId ?? action.assigneePersonnelId,
        due: day(action.dueDate),
      };
      const after = {
        instruction: fields.instruction,
        actionType: task.actionType,
        investigator: task.investigator,
        due: task.due,
      };
      const changes = (Object.keys(before) as (keyof typeof before)[])
        .filter((key) => before[key] !== after[key])
        .map((key) => ({ field: key, from: before[key], to: after[key] }));
      if (changes.length === 0) continue;
      if (action.isComplete) throw conflict(messages.action.alreadyComplete);
      const updated = await tx.action.updateMany({
        where: { id: action.id, companyId, version: action.version, isComplete: false },
        data: { ...fields, version: { increment: 1 } },
      });
      if (updated.count === 0) throw staleVersion();
      await logChanges(tx, auth, 'action', action.id, submissionId, 'updated', changes);
      if (before.investigator !== after.investigator || before.actionType !== after.actionType)
        toMail.push({ actionId: action.id, reassigned: true });
    }

    let queued = 0;
    for (const item of toMail) {
      await emitWebhookEvent(tx, companyId, 'action.assigned', () =>
        assignedWebhookData(tx, companyId, item),
      );
      queued += await this.queueTaskMail(tx, auth, item.actionId, item.reassigned);
    }
    return queued;
  }

  /** The task mail to the action's assignee; external personnel get a link to the task page. */
  private async queueTaskMail(
    tx: Prisma.TransactionClient,
    auth: SubmissionActor,
    actionId: string,
    reassigned: boolean,
  ): Promise<number> {
    const action = await tx.action.findFirstOrThrow({
      where: { id: actionId, companyId: auth.companyId },
      include: {
        submission: {
          select: {
            number: true,
            isDraft: true,
            formDescription: true,
            template: { select: { name: true } },
            coordinators: { where: { position: 0 }, select: { employeeId: true } },
          },
        },
      },
    });
    // Called for this submission's own actions only.
    const submission = action.submission!;
    const recipient = action.assigneeEmployeeId
      ? await tx.employee.findFirst({
          where: { id: action.assigneeEmployeeId, companyId: auth.companyId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        })
      : await tx.personnel.findFirst({
          where: { id: action.assigneePersonnelId ?? '', companyId: auth.companyId },
          select: { firstName: true, lastName: true, email: true, user: { select: { id: true } } },
        });
    if (!recipient?.email) return 0;
    const coordinatorId = submission.coordinators[0]?.employeeId;
    const coordinator = coordinatorId
      ? await tx.employee.findFirst({ where: { id: coordinatorId, companyId: auth.companyId } })
      : null;
    const base = this.options.publicUrl.replace(/\/$/, '');
    const link = await issueActionLink(tx, action, auth.userId);
    const result = await this.mail.enqueue(tx, {
      companyId: auth.companyId,
      to: recipient.email,
      userId: recipient.user?.id ?? null,
      category: 'submissionTask',
      content: submissionTaskMail({
        productName: this.options.productName,
        name: personName(recipient),
        templateName: submission.template.name,
        formNumber: formNumberLabel(submission.isDraft ? null : submission.number),
        formDescription: submission.formDescription,
        coordinator: personName(coordinator),
        link: link ? `${base}${link.path}` : `${base}/dashboard`,
        instruction: action.instruction,
        due: displayDay(day(action.dueDate)),
        reassigned,
      }),
    });
    return result.queued ? 1 : 0;
  }
}

/** The data of an action.assigned event: the action, its form, its assignee's name and its page. */
export async function assignedWebhookData(
  tx: Prisma.TransactionClient,
  companyId: string,
  item: { actionId: string; reassigned: boolean },
) {
  const action = await tx.action.findFirstOrThrow({
    where: { id: item.actionId, companyId },
    select: {
      submissionId: true,
      dueDate: true,
      assigneeEmployeeId: true,
      assigneePersonnelId: true,
      submission: { select: { number: true, template: { select: { name: true } } } },
    },
  });
  const name = { firstName: true, lastName: true } as const;
  const assignee = action.assigneeEmployeeId
    ? await tx.employee.findFirst({ where: { id: action.assigneeEmployeeId, companyId }, select: name })
    : await tx.personnel.findFirst({
        where: { id: action.assigneePersonnelId ?? '', companyId },
        select: name,
      });
  const submissionId = action.submissionId!;
  return {
    actionId: item.actionId,
    source: 'form',
    submissionId,
    formNumber: formNumberLabel(action.submission?.number ?? null),
    templateName: action.submission?.template.name ?? '',
    assigneeType: action.assigneeEmployeeId ? 'employee' : 'personnel',
    assigneeName: assignee ? personName(assignee) : '',
    due: day(action.dueDate),
    reassigned: item.reassigned,
    path: formTaskPath(submissionId, item.actionId),
  };
}
