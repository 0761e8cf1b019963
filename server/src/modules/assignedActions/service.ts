import {
  actionParentPath,
  DEFAULT_TIME_ZONE,
  formNumberLabel,
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
import type { Db, Prisma } from '../../db/prisma';
import { conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import { attachmentOf, attachmentsJson, type AttachmentService } from '../attachments';
import type { Reader } from '../../db/reader';
import { sql, uuid, type Sql } from '../../db/sql';
import { dateOf, dayOf } from '../../db/days';
import { emitWebhookEvent } from '../webhooks';
import { actionAssigneeOf, assignedToSql } from './assignees';
import { registerReadSql } from './policy';
import { queueActionCompletedNotice, type CompletedNoticeOptions } from './completedNotice';

const OWNER_OF: Record<TAssignedActionKind, AttachmentOwner> = {
  audit: 'auditTask',
  obligation: 'obligationTask',
  form: 'action',
};

/**
 * The data of an action.completed event: the task, its source and parent record (a form, an audit,
 * an obligation, a register item, a performance review) and the path of the parent's page.
 */
async function completedWebhookData(
  tx: Prisma.TransactionClient,
  kind: TAssignedActionKind,
  taskId: string,
  completedOn: Date | null,
) {
  const common = { actionId: taskId, completedOn: completedOn && dayOf(completedOn) };
  if (kind !== 'form') {
    const parentId =
      kind === 'audit'
        ? (await tx.auditQuestionTask.findUniqueOrThrow({ where: { id: taskId } })).auditId
        : (await tx.obligationQuestionTask.findUniqueOrThrow({ where: { id: taskId } })).obligationId;
    return { ...common, source: kind, parentId, path: actionParentPath({ source: kind, parentId }) };
  }
  const action = await tx.action.findUniqueOrThrow({
    where: { id: taskId },
    select: {
      submissionId: true,
      riskId: true,
      hazardousSubstanceId: true,
      performanceReviewId: true,
      performanceReview: { select: { employeeId: true } },
      submission: { select: { number: true, template: { select: { name: true } } } },
    },
  });
  const [source, parentId] = action.submissionId
    ? (['form', action.submissionId] as const)
    : action.riskId
      ? (['risk', action.riskId] as const)
      : action.hazardousSubstanceId
        ? (['hazardous', action.hazardousSubstanceId] as const)
        : (['review', action.performanceReviewId!] as const);
  const parent = { source, parentId, employeeId: action.performanceReview?.employeeId };
  return {
    ...common,
    source,
    parentId,
    ...(action.submission && {
      formNumber: formNumberLabel(action.submission.number),
      templateName: action.submission.template.name,
    }),
    path: actionParentPath(parent),
  };
}

/** The table of each kind of task. */
const TASK_TABLE: Record<TAssignedActionKind, Sql> = {
  audit: sql`"AuditQuestionTask"`,
  obligation: sql`"ObligationQuestionTask"`,
  form: sql`"Action"`,
};

/** What a task of each kind shows of itself and its parent (`a` is the task). */
const PARENT: Record<TAssignedActionKind, Sql> = {
  audit: sql`a."assigneeType" AS "assignToType", a.question, NULL AS reference, a."auditId" AS "parentId",
    (SELECT p.name FROM "Audit" p WHERE p.id = a."auditId") AS "parentName", NULL::int AS number`,
  obligation: sql`a."assigneeType" AS "assignToType", NULL AS question, a.reference,
    a."obligationId" AS "parentId",
    (SELECT p.name FROM "Obligation" p WHERE p.id = a."obligationId") AS "parentName", NULL::int AS number`,
  // A form's action, a register's (a risk's or a hazardous substance's) or a performance review's
  // agreed action (named by its title and employee); the last three have no submission.
  form: sql`a."actionType" AS "assignToType", NULL AS question, NULL AS reference,
    COALESCE(a."submissionId", a."riskId", a."hazardousSubstanceId", a."performanceReviewId") AS "parentId",
    CASE WHEN a."riskId" IS NOT NULL THEN 'risk' WHEN a."hazardousSubstanceId" IS NOT NULL THEN 'hazardous'
      WHEN a."performanceReviewId" IS NOT NULL THEN 'performanceReview' ELSE 'form' END AS "parentKind",
    COALESCE((SELECT t.name FROM "FormSubmission" f JOIN "FormTemplate" t ON t.id = f."templateId"
      WHERE f.id = a."submissionId"), (SELECT r.name FROM "Risk" r WHERE r.id = a."riskId"),
      (SELECT h.name FROM "HazardousSubstance" h WHERE h.id = a."hazardousSubstanceId"),
      (SELECT concat_ws(' · ', pr.title, NULLIF(concat_ws(' ', e."firstName", e."lastName"), ''))
        FROM "PerformanceReview" pr JOIN "Employee" e ON e.id = pr."employeeId" AND e."companyId" = pr."companyId"
        WHERE pr.id = a."performanceReviewId" AND pr."companyId" = a."companyId")) AS "parentName",
    (SELECT f.number FROM "FormSubmission" f WHERE f.id = a."submissionId") AS number`,
};

type Person = { firstName: string; lastName: string };

interface TaskRow {
  id: string;
  instruction: string;
  response: string | null;
  assigneeEmployeeId: string | null;
  assigneePersonnelId: string | null;
  /** Days as text (db/reader.ts). */
  dueDate: string;
  isComplete: boolean;
  completedOn: string | null;
  assignToType: 'internal' | 'external';
  question: string | null;
  reference: string | null;
  parentId: string;
  parentName: string;
  /** Whose action a form-kind task is (the other kinds leave it out). */
  parentKind?: 'form' | 'risk' | 'hazardous' | 'performanceReview';
  number: number | null;
  assigneeEmployee: Person | null;
  assigneePersonnel: Person | null;
  files: { id: string; name: string; fileType: string | null; size: number }[];
}

export class AssignedActionService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    private readonly mail: MailQueue,
    private readonly options: CompletedNoticeOptions,
  ) {
    for (const kind of Object.keys(OWNER_OF) as TAssignedActionKind[]) {
      attachments.registerPolicy(
        OWNER_OF[kind],
        async (auth, ownerId, mode) =>
          (await this.find(auth, kind, ownerId)) !== null ||
          // The registers' dialogs show their actions, and their files.
          (mode === 'read' && (await this.readsAsRegister(auth, kind, ownerId))),
      );
    }
  }

  /** The task of this kind in the caller's organisation that is the caller's to do, or null. */
  private async find(auth: AuthContext, kind: TAssignedActionKind, taskId: string) {
    if (!(await this.isCallers(auth, kind, taskId))) return null;
    const where = { id: taskId, companyId: auth.companyId };
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

  /** Whether a register's reader reads the task (the registers' rule, policy.ts). */
  private async readsAsRegister(auth: AuthContext, kind: TAssignedActionKind, taskId: string) {
    const scope = registerReadSql(auth, kind);
    return scope !== null && this.exists(auth, kind, taskId, scope);
  }

  /** Whether the task is the caller's to do: the rule the dashboard lists it by (assignees.ts). */
  private isCallers(auth: AuthContext, kind: TAssignedActionKind, taskId: string) {
    const assignee = actionAssigneeOf(auth);
    return assignee ? this.exists(auth, kind, taskId, assignedToSql(auth.companyId, assignee, 'a')) : false;
  }

  private async exists(auth: AuthContext, kind: TAssignedActionKind, taskId: string, scope: Sql) {
    const [found] = await this.reader.rows<{ id: string }>(
      sql`SELECT a.id FROM ${TASK_TABLE[kind]} a
        WHERE a.id = ${uuid(taskId)} AND a."companyId" = ${uuid(auth.companyId)} AND ${scope}`,
    );
    return found !== undefined;
  }

  /**
   * The task, its assignee's name, its parent's (audit, obligation or submission and template) and
   * its files in one prepared statement: only a task that is the caller's to do is found.
   */
  async details(
    auth: AuthContext,
    kind: TAssignedActionKind,
    taskId: string,
  ): Promise<TAssignedActionDetails> {
    const assignee = actionAssigneeOf(auth);
    if (!assignee) throw notFound(messages.action.notFound);
    return this.detailsWhere(auth, kind, taskId, assignedToSql(auth.companyId, assignee, 'a'));
  }

  /**
   * The action register's view of any action of the organisation (the caller holds its key; the
   * route checks it); `mine`: it is assigned to the caller, who may complete it as on the dashboard.
   */
  async detailsInOrganisation(auth: AuthContext, kind: TAssignedActionKind, taskId: string) {
    const [details, mine] = await Promise.all([
      this.detailsWhere(auth, kind, taskId, sql`TRUE`),
      this.isCallers(auth, kind, taskId),
    ]);
    return { ...details, mine };
  }

  private async detailsWhere(
    auth: AuthContext,
    kind: TAssignedActionKind,
    taskId: string,
    scope: Sql,
  ): Promise<TAssignedActionDetails> {
    const company = uuid(auth.companyId);
    const [task] = await this.reader.rows<TaskRow>(sql`SELECT a.id, a.instruction, a.response,
        a."assigneeEmployeeId", a."assigneePersonnelId", a."dueDate", a."isComplete", a."completedOn",
        ${PARENT[kind]},
        (SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName") FROM "Employee" e
          WHERE e.id = a."assigneeEmployeeId" AND e."companyId" = a."companyId") AS "assigneeEmployee",
        (SELECT json_build_object('firstName', p."firstName", 'lastName', p."lastName") FROM "Personnel" p
          WHERE p.id = a."assigneePersonnelId" AND p."companyId" = a."companyId") AS "assigneePersonnel",
        ${attachmentsJson(OWNER_OF[kind], sql`a.id`, sql`a."companyId"`)} AS files
      FROM ${TASK_TABLE[kind]} a
      WHERE a.id = ${uuid(taskId)} AND a."companyId" = ${company} AND ${scope}`);
    if (!task) throw notFound(messages.action.notFound);
    // `common` goes last in each answer (docs/performance.md, "A spread goes last").
    const common = {
      _id: task.id,
      sectionType: kind,
      instruction: task.instruction,
      response: task.response ?? '',
      assignTo: task.assigneeEmployeeId ?? task.assigneePersonnelId,
      assignToName: task.assigneeEmployeeId
        ? personName(task.assigneeEmployee)
        : task.assigneePersonnelId
          ? personName(task.assigneePersonnel)
          : '',
      dueDate: task.dueDate,
      attachment: task.files.map(attachmentOf),
      completeStatus: yesNo(task.isComplete),
      completedOn: task.completedOn,
    };
    switch (kind) {
      case 'audit':
        return {
          assignToType: task.assignToType,
          question: task.question!,
          auditId: task.parentId,
          auditName: task.parentName,
          ...common,
        };
      case 'obligation':
        return {
          assignToType: task.assignToType,
          reference: task.reference!,
          obligationId: task.parentId,
          obligationsName: task.parentName,
          ...common,
        };
      case 'form': {
        // A register's action names its risk or substance instead of a form, a review's its review.
        if (task.parentKind === 'risk')
          return {
            assignToType: task.assignToType,
            reference: `Risk · ${task.parentName}`,
            riskId: task.parentId,
            ...common,
          };
        if (task.parentKind === 'hazardous')
          return {
            assignToType: task.assignToType,
            reference: `Hazardous substance · ${task.parentName}`,
            hazardousId: task.parentId,
            ...common,
          };
        if (task.parentKind === 'performanceReview')
          return {
            assignToType: task.assignToType,
            reference: task.parentName,
            performanceReviewId: task.parentId,
            ...common,
          };
        const formattedNumber = task.number ? `FS ${task.number}` : 'Draft';
        return {
          assignToType: task.assignToType,
          reference: `${formattedNumber} · ${task.parentName}`,
          formSubmissionId: task.parentId,
          formatedNumber: formattedNumber,
          ...common,
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
   * Completing a form's action tells its coordinators and recorder (completedNotice.ts).
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
      completedOn: complete ? dateOf(localDateOf(new Date(), zone)) : null,
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
        if (complete)
          await emitWebhookEvent(tx, target.companyId, 'action.completed', () =>
            completedWebhookData(tx, target.kind, target.taskId, data.completedOn),
          );
        if (complete && target.kind === 'form')
          await queueActionCompletedNotice(tx, this.mail, this.options, {
            companyId: target.companyId,
            actionId: target.taskId,
            userId: target.userId,
          });
      });
    } catch (error) {
      await this.attachments.discard(stored);
      throw error;
    }
    return complete ? messages.action.completed : messages.action.draftSaved;
  }
}
