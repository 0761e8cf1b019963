import {
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  localDateOf,
  messages,
  personName,
  type TAssignedActionDetails,
  type TAssignedActionKind,
  type TAssignedActionSaveRequest,
  yesNo,
} from '@compass/shared';
import type { AttachmentOwner } from '../../generated/prisma/client';
import type { Db } from '../../db/prisma';
import { conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments/service';

const OWNER_OF: Record<TAssignedActionKind, AttachmentOwner> = {
  audit: 'auditTask',
  obligation: 'obligationTask',
  form: 'action',
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The assignee columns shared by the three task tables. */
interface Assignee {
  assigneeEmployeeId: string | null;
  assigneePersonnelId: string | null;
}

/** Only the person a task is assigned to opens, saves and completes it from the dashboard. */
function assignedTo(auth: AuthContext): Assignee | null {
  if (auth.employeeId) return { assigneeEmployeeId: auth.employeeId, assigneePersonnelId: null };
  if (auth.personnelId) return { assigneeEmployeeId: null, assigneePersonnelId: auth.personnelId };
  return null;
}

function assigneeFilter(auth: AuthContext) {
  const assignee = assignedTo(auth);
  if (!assignee) return null;
  return assignee.assigneeEmployeeId
    ? { assigneeEmployeeId: assignee.assigneeEmployeeId }
    : { assigneePersonnelId: assignee.assigneePersonnelId };
}

export class AssignedActionService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
  ) {
    for (const kind of Object.keys(OWNER_OF) as TAssignedActionKind[]) {
      attachments.registerPolicy(
        OWNER_OF[kind],
        async (auth, ownerId) => (await this.find(auth, kind, ownerId)) !== null,
      );
    }
  }

  /** The task of this kind in the caller's organisation assigned to the caller, or null. */
  private async find(auth: AuthContext, kind: TAssignedActionKind, taskId: string) {
    const assignee = assigneeFilter(auth);
    if (!assignee) return null;
    const where = { id: taskId, companyId: auth.companyId, ...assignee };
    switch (kind) {
      case 'audit': {
        const task = await this.db.auditQuestionTask.findFirst({ where, include: { audit: true } });
        return task && { kind: 'audit' as const, task, complete: task.isComplete };
      }
      case 'obligation': {
        const task = await this.db.obligationQuestionTask.findFirst({ where, include: { obligation: true } });
        return task && { kind: 'obligation' as const, task, complete: task.isComplete };
      }
      case 'form': {
        const task = await this.db.action.findFirst({
          where,
          include: {
            submission: { include: { template: { select: { name: true } } } },
            risk: { select: { name: true } },
            hazardousSubstance: { select: { name: true } },
          },
        });
        return task && { kind: 'form' as const, task, complete: task.isComplete };
      }
    }
  }

  private async assigneeName(task: Assignee): Promise<string> {
    if (task.assigneeEmployeeId) {
      return personName(await this.db.employee.findUnique({ where: { id: task.assigneeEmployeeId } }));
    }
    if (task.assigneePersonnelId) {
      return personName(await this.db.personnel.findUnique({ where: { id: task.assigneePersonnelId } }));
    }
    return '';
  }

  async details(
    auth: AuthContext,
    kind: TAssignedActionKind,
    taskId: string,
  ): Promise<TAssignedActionDetails> {
    const found = await this.find(auth, kind, taskId);
    if (!found) throw notFound(messages.action.notFound);
    const { task } = found;
    const common = {
      _id: task.id,
      sectionType: kind,
      instruction: task.instruction,
      response: task.response ?? '',
      assignTo: task.assigneeEmployeeId ?? task.assigneePersonnelId,
      assignToName: await this.assigneeName(task),
      dueDate: day(task.dueDate),
      attachment: await this.attachments.listFor(auth.companyId, OWNER_OF[kind], task.id),
      completeStatus: yesNo(task.isComplete),
      completedOn: task.completedOn ? day(task.completedOn) : null,
    };
    switch (found.kind) {
      case 'audit':
        return {
          ...common,
          assignToType: found.task.assigneeType,
          question: found.task.question,
          auditId: found.task.auditId,
          auditName: found.task.audit.name,
        };
      case 'obligation':
        return {
          ...common,
          assignToType: found.task.assigneeType,
          reference: found.task.reference,
          obligationId: found.task.obligationId,
          obligationsName: found.task.obligation.name,
        };
      case 'form': {
        const { submission, risk, hazardousSubstance } = found.task;
        const assignToType = found.task.actionType;
        // A register's action names its risk or substance instead of a form.
        if (risk)
          return { ...common, assignToType, reference: `Risk · ${risk.name}`, riskId: found.task.riskId! };
        if (hazardousSubstance) {
          return {
            ...common,
            assignToType,
            reference: `Hazardous substance · ${hazardousSubstance.name}`,
            hazardousId: found.task.hazardousSubstanceId!,
          };
        }
        const formatedNumber = submission!.number ? `FS ${submission!.number}` : 'Draft';
        return {
          ...common,
          assignToType,
          reference: `${formatedNumber} · ${submission!.template.name}`,
          formSubmissionId: submission!.id,
          formatedNumber,
        };
      }
    }
  }

  /**
   * Save Draft or Complete, with new files, in one transaction: the files are stored first and
   * removed again if the change does not commit. A completed task cannot be changed.
   */
  async save(
    auth: AuthContext,
    input: TAssignedActionSaveRequest & { response: string },
    files: UploadedFile[],
  ) {
    const found = await this.find(auth, input.sectionType, input.taskId);
    if (!found) throw notFound(messages.action.notFound);
    if (found.complete) throw conflict(messages.action.alreadyComplete);
    return this.saveResponse(
      { kind: input.sectionType, taskId: input.taskId, companyId: auth.companyId, userId: auth.userId },
      {
        response: input.response,
        complete: input.completeStatus === 'yes',
        localTimeZone: input.localTimeZone,
      },
      files,
    );
  }

  /**
   * The write of Save Draft and Complete, for a caller already allowed to change the task (the
   * dashboard dialog, the external task page): completedOn is the local date in localTimeZone.
   * userId is null for the holder of a link, whose link id goes into the change log instead.
   */
  async saveResponse(
    target: {
      kind: TAssignedActionKind;
      taskId: string;
      companyId: string;
      userId: string | null;
      linkTokenId?: string;
    },
    input: { response: string; complete: boolean; localTimeZone?: string | undefined },
    files: UploadedFile[],
  ): Promise<string> {
    const { complete } = input;
    const zone =
      input.localTimeZone && isValidTimeZone(input.localTimeZone) ? input.localTimeZone : DEFAULT_TIME_ZONE;
    const data = {
      response: input.response,
      isComplete: complete,
      completedOn: complete ? new Date(`${localDateOf(new Date(), zone)}T00:00:00Z`) : null,
    };
    const stored = await this.attachments.store(files);
    try {
      await this.db.$transaction(async (tx) => {
        const where = { id: target.taskId, companyId: target.companyId, isComplete: false };
        const updated =
          target.kind === 'audit'
            ? await tx.auditQuestionTask.updateMany({ where, data })
            : target.kind === 'obligation'
              ? await tx.obligationQuestionTask.updateMany({ where, data })
              : await tx.action.updateMany({ where, data: { ...data, version: { increment: 1 } } });
        // Completed by someone else between the read and this write.
        if (updated.count !== 1) throw conflict(messages.action.alreadyComplete);
        await this.attachments.record(
          tx,
          {
            companyId: target.companyId,
            ownerType: OWNER_OF[target.kind],
            ownerId: target.taskId,
            uploadedById: target.userId,
          },
          stored,
        );
        await tx.changeLog.create({
          data: {
            companyId: target.companyId,
            entityType: OWNER_OF[target.kind],
            entityId: target.taskId,
            userId: target.userId,
            action: complete ? 'completed' : 'draftSaved',
            changes: {
              response: input.response,
              // As [before, after] like every other change: the files this save added.
              ...(stored.length > 0 ? { files: [null, stored.map((file) => file.name)] } : {}),
              ...(target.linkTokenId ? { linkTokenId: target.linkTokenId } : {}),
            },
          },
        });
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
    return complete ? messages.action.completed : messages.action.draftSaved;
  }
}
