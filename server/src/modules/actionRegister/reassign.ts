import {
  ACTION_SOURCE_LABELS,
  actionRegisterMessages as say,
  displayDay,
  personName,
  type ActionRegisterKind,
  type ActionSource,
  type TActionKind,
  type TActionReassign,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { changesBetween } from '../../plugins/changeLog';
import type { MailQueue } from '../../plugins/mail';
import { actionsReassignedMail } from '../mail';
import { assignedWebhookData } from '../submissions';
import { emitWebhookEvent } from '../webhooks';
import {
  actionsOfRegister,
  holdsKind,
  organisationActions,
  refuseAssignee,
  refuseUnreassignable,
} from './policy';
import { KINDS, TABLES } from './statements';

type Tx = Prisma.TransactionClient;

/**
 * Reassigning: a register's open actions of any source given to another active employee or
 * personnel (HR actions to employees only).
 */
export class ActionReassignment {
  constructor(
    private readonly db: Db,
    private readonly mail: MailQueue,
    private readonly options: { publicUrl: string },
  ) {}

  /**
   * Gives open actions to another active employee or personnel, all or nothing in one
   * transaction: an unknown or foreign action is 404, a completed one 409, and nothing changes.
   * Each change is in the change log; the new assignee gets one mail for the lot.
   */
  async reassign(auth: AuthContext, register: ActionRegisterKind, input: TActionReassign): Promise<number> {
    const keys = input.actions.map((ref) => `${ref.kind}:${ref._id}`);
    if (new Set(keys).size !== keys.length) throw badRequest(say.duplicate);
    return this.db.$transaction(async (tx) => {
      const to = await this.assignee(tx, auth.companyId, input.assignee);
      const moved: { source: ActionSource; instruction: string; dueDate: Date }[] = [];
      for (const kind of KINDS) {
        const ids = input.actions.filter((ref) => ref.kind === kind).map((ref) => ref._id);
        if (ids.length === 0) continue;
        moved.push(...(await this.reassignKind(tx, auth, register, kind, ids, to)));
      }
      if (moved.length > 0 && to.email) {
        const reassigner = auth.employeeId
          ? await tx.employee.findFirst({ where: { id: auth.employeeId, companyId: auth.companyId } })
          : null;
        await this.mail.enqueue(tx, {
          companyId: auth.companyId,
          to: to.email,
          userId: to.userId,
          category: 'actionsReassigned',
          content: actionsReassignedMail({
            name: to.name,
            reassignedBy: reassigner ? personName(reassigner) : 'Your organisation',
            actions: moved.slice(0, 10).map((action) => ({
              source: ACTION_SOURCE_LABELS[action.source],
              instruction: action.instruction,
              due: displayDay(action.dueDate.toISOString().slice(0, 10)),
            })),
            total: moved.length,
            link: `${this.options.publicUrl.replace(/\/$/, '')}/dashboard`,
          }),
        });
      }
      return input.actions.length;
    });
  }

  private async assignee(tx: Tx, companyId: string, ref: TActionReassign['assignee']) {
    const select = { firstName: true, lastName: true, email: true, user: { select: { id: true } } };
    const where = { id: ref._id, companyId, isActive: true };
    const person =
      ref.type === 'internal'
        ? await tx.employee.findFirst({ where, select })
        : await tx.personnel.findFirst({ where, select });
    if (!person) throw badRequest(say.assigneeMissing, [{ field: 'assignee', message: say.assigneeMissing }]);
    return {
      type: ref.type,
      id: ref._id,
      name: personName(person),
      email: person.email,
      userId: person.user?.id ?? null,
    };
  }

  /**
   * The actions of one table a reassignment names that are the register's, each with its source
   * and its change log's entity.
   */
  private async found(
    tx: Tx,
    auth: AuthContext,
    register: ActionRegisterKind,
    kind: TActionKind,
    ids: string[],
  ) {
    if (!holdsKind(register, kind)) return [];
    const where = organisationActions(
      auth,
      kind === 'form' ? await actionsOfRegister(tx, auth, register, ids) : ids,
    );
    const select = {
      id: true,
      instruction: true,
      dueDate: true,
      isComplete: true,
      assigneeEmployeeId: true,
      assigneePersonnelId: true,
    } as const;
    switch (kind) {
      case 'form':
        return (
          await tx.action.findMany({
            where,
            select: { ...select, riskId: true, hazardousSubstanceId: true, performanceReviewId: true },
          })
        ).map(({ riskId, hazardousSubstanceId, performanceReviewId, ...row }) => ({
          ...row,
          entityId: row.id,
          source: (riskId
            ? 'risk'
            : hazardousSubstanceId
              ? 'hazardous'
              : performanceReviewId
                ? 'review'
                : register === 'hr'
                  ? 'hrForm'
                  : 'form') as ActionSource,
        }));
      case 'audit':
      case 'obligation':
        return (
          kind === 'audit'
            ? await tx.auditQuestionTask.findMany({ where, select })
            : await tx.obligationQuestionTask.findMany({ where, select })
        ).map((row) => ({ ...row, entityId: row.id, source: kind as ActionSource }));
      case 'document':
        return (
          await tx.documentAction.findMany({
            where,
            select: {
              id: true,
              instruction: true,
              dueDate: true,
              completedOn: true,
              assigneeEmployeeId: true,
              documentId: true,
            },
          })
        ).map(({ completedOn, documentId, ...row }) => ({
          ...row,
          isComplete: completedOn !== null,
          assigneePersonnelId: null,
          entityId: documentId,
          source: kind as ActionSource,
        }));
    }
  }

  /** Gives one table's open actions among `ids` to the new assignee; returns how many it changed. */
  private async move(
    tx: Tx,
    companyId: string,
    kind: TActionKind,
    ids: string[],
    to: Awaited<ReturnType<ActionReassignment['assignee']>>,
  ): Promise<number> {
    const where = { id: { in: ids }, companyId, isComplete: false };
    const assignee = {
      assigneeEmployeeId: to.type === 'internal' ? to.id : null,
      assigneePersonnelId: to.type === 'external' ? to.id : null,
    };
    switch (kind) {
      case 'form':
        return (
          await tx.action.updateMany({
            where,
            data: { ...assignee, actionType: to.type, version: { increment: 1 } },
          })
        ).count;
      case 'audit':
        return (
          await tx.auditQuestionTask.updateMany({ where, data: { ...assignee, assigneeType: to.type } })
        ).count;
      case 'obligation':
        return (
          await tx.obligationQuestionTask.updateMany({ where, data: { ...assignee, assigneeType: to.type } })
        ).count;
      case 'document':
        return (
          await tx.documentAction.updateMany({
            where: { id: { in: ids }, companyId, completedOn: null },
            data: { assigneeEmployeeId: to.id },
          })
        ).count;
    }
  }

  /** One table's part of a reassignment; returns the actions whose assignee changed. */
  private async reassignKind(
    tx: Tx,
    auth: AuthContext,
    register: ActionRegisterKind,
    kind: TActionKind,
    ids: string[],
    to: Awaited<ReturnType<ActionReassignment['assignee']>>,
  ) {
    refuseAssignee(register, kind, to.type);
    const found = await this.found(tx, auth, register, kind, ids);
    refuseUnreassignable(found, ids.length);
    const changed = found.filter(
      (row) =>
        row.assigneeEmployeeId !== (to.type === 'internal' ? to.id : null) ||
        row.assigneePersonnelId !== (to.type === 'external' ? to.id : null),
    );
    if (changed.length === 0) return [];
    const updated = await this.move(
      tx,
      auth.companyId,
      kind,
      changed.map((row) => row.id),
      to,
    );
    // Completed by its assignee between the read and this write.
    if (updated !== changed.length) throw conflict(say.completed);
    const names = await this.names(tx, auth.companyId, changed);
    // One insert for the lot (up to 500 rows): the same entries recordChange writes one by one.
    await tx.changeLog.createMany({
      data: changed.map((row) => ({
        companyId: auth.companyId,
        entityType: TABLES[kind].entity,
        entityId: row.entityId,
        userId: auth.userId,
        action: kind === 'document' ? 'action reassigned' : 'reassigned',
        changes: changesBetween(
          { assignee: names.get(row.assigneeEmployeeId ?? row.assigneePersonnelId ?? '') ?? null },
          { assignee: to.name },
        ) as Prisma.InputJsonValue,
      })),
    });
    // A form's action given to someone else is the event the form's own save sends (docs/integrations.md).
    for (const row of changed.filter((action) => action.source === 'form'))
      await emitWebhookEvent(tx, auth.companyId, 'action.assigned', () =>
        assignedWebhookData(tx, auth.companyId, { actionId: row.id, reassigned: true }),
      );
    return changed;
  }

  /** The names of the previous assignees, for the change log. */
  private async names(
    tx: Tx,
    companyId: string,
    rows: { assigneeEmployeeId: string | null; assigneePersonnelId: string | null }[],
  ) {
    const employeeIds = [...new Set(rows.flatMap((row) => row.assigneeEmployeeId ?? []))];
    const personnelIds = [...new Set(rows.flatMap((row) => row.assigneePersonnelId ?? []))];
    const select = { id: true, firstName: true, lastName: true };
    const people = [
      ...(await tx.employee.findMany({ where: { id: { in: employeeIds }, companyId }, select })),
      ...(await tx.personnel.findMany({ where: { id: { in: personnelIds }, companyId }, select })),
    ];
    return new Map(people.map((person) => [person.id, personName(person)]));
  }
}
