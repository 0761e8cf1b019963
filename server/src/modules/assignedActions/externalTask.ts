import {
  formNumberLabel,
  messages,
  personName,
  type TExternalTaskDetails,
  type TExternalTaskDetailsRequest,
  type TExternalTaskFileDeleteRequest,
  type TExternalTaskSaveRequest,
  type TLinkOperation,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { conflict, forbidden, notFound } from '../../errors';
import type { UploadedFile } from '../../plugins/uploads';
import { externalTaskAccess } from './policy';
import type { AssignedActionService } from './service';
import type { AttachmentService } from '../attachments';
import type { LinkOrSessionCaller } from '../../plugins/callers';
import { checkScope, LinkError } from '../links';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The external task-action page (001 section 2.4): one form-submission action, opened through the
 * link of its assignment mail without signing in, or by a signed-in user.
 */
export class ExternalTaskService {
  constructor(
    private readonly db: Db,
    private readonly attachments: AttachmentService,
    private readonly assignedActions: AssignedActionService,
  ) {}

  /**
   * The action asked for, if this viewer may see it, and whether the viewer may change it.
   * - A link names one action: its holder (the assigned personnel) may change it while it is open.
   * - A signed-in user sees it as its assignee or as a coordinator of the form; the assignee and
   *   the first submission user (the coordinator) may change it while it is open; the other
   *   coordinators see it view-only. Anyone else: 404.
   * Nothing can change once the action is completed or the form closed.
   */
  private async load(
    viewer: LinkOrSessionCaller,
    request: TExternalTaskDetailsRequest,
    operation: TLinkOperation,
  ) {
    if (viewer.kind === 'link') checkScope(viewer.link, 'action', request.taskId, operation);
    const companyId = viewer.kind === 'link' ? viewer.link.companyId : viewer.auth.companyId;
    const action = await this.db.action.findFirst({
      where: { id: request.taskId, companyId, submissionId: request.formSubmissionId },
      include: {
        submission: {
          include: {
            template: { select: { name: true } },
            coordinators: { orderBy: { position: 'asc' } },
          },
        },
      },
    });
    // The where names the submission, so a found action has it (a register's action has none).
    if (!action?.submission) throw notFound(messages.action.notFound);
    const { submission } = action;
    let mayChange: boolean;
    if (viewer.kind === 'link') {
      // The action was reassigned since the link was mailed: the old link no longer opens it.
      if (viewer.link.personnelId && action.assigneePersonnelId !== viewer.link.personnelId)
        throw new LinkError('wrongResource', 403);
      mayChange = true;
    } else {
      const access = externalTaskAccess(viewer.auth, action, submission.coordinators);
      if (!access) throw notFound(messages.action.notFound);
      mayChange = access === 'change';
    }
    const editable = mayChange && !action.isComplete && !submission.isClosed;
    return { action: { ...action, submission }, editable };
  }

  async details(
    viewer: LinkOrSessionCaller,
    request: TExternalTaskDetailsRequest,
  ): Promise<TExternalTaskDetails> {
    const { action, editable } = await this.load(viewer, request, 'read');
    const { submission } = action;
    const assignee = action.assigneeEmployeeId
      ? await this.db.employee.findFirst({
          where: { id: action.assigneeEmployeeId, companyId: action.companyId },
        })
      : action.assigneePersonnelId
        ? await this.db.personnel.findFirst({
            where: { id: action.assigneePersonnelId, companyId: action.companyId },
          })
        : null;
    return {
      _id: action.id,
      formSubmissionId: submission.id,
      companyId: action.companyId,
      formatedNumber: formNumberLabel(submission.number),
      formName: submission.template.name,
      formDescription: submission.formDescription,
      instruction: action.instruction,
      actionType: action.actionType,
      assignTo: action.assigneeEmployeeId ?? action.assigneePersonnelId,
      assignToName: personName(assignee),
      due: day(action.dueDate),
      response: action.response ?? '',
      attachment: await this.attachments.listFor(action.companyId, 'action', action.id),
      complete: action.isComplete,
      completedOn: action.completedOn ? day(action.completedOn) : null,
      status: action.isComplete ? 'Completed' : 'Open',
      editable: editable ? 'yes' : 'no',
    };
  }

  /** The action, for a change: refused with the reason when this viewer may not change it now. */
  private async changeable(viewer: LinkOrSessionCaller, request: TExternalTaskDetailsRequest) {
    const { action, editable } = await this.load(viewer, request, 'update');
    if (!editable) {
      if (action.isComplete) throw conflict(messages.action.alreadyComplete);
      if (action.submission.isClosed) throw conflict(messages.submission.closed);
      throw forbidden(messages.externalTask.viewOnly);
    }
    return action;
  }

  /** Complete or Save Draft, with new files (images are compressed by the attachment service). */
  async save(
    viewer: LinkOrSessionCaller,
    input: TExternalTaskSaveRequest & { response: string },
    files: UploadedFile[],
  ): Promise<string> {
    const action = await this.changeable(viewer, input);
    return this.assignedActions.saveResponse(
      {
        kind: 'form',
        taskId: action.id,
        companyId: action.companyId,
        userId: viewer.kind === 'link' ? null : viewer.auth.userId,
        linkTokenId: viewer.kind === 'link' ? viewer.link.linkTokenId : undefined,
      },
      { response: input.response, complete: input.complete === 'true', localTimeZone: input.localTimeZone },
      files,
    );
  }

  async deleteFile(viewer: LinkOrSessionCaller, request: TExternalTaskFileDeleteRequest): Promise<void> {
    const action = await this.changeable(viewer, request);
    await this.attachments.removeOwned(
      { companyId: action.companyId, ownerType: 'action', ownerId: action.id },
      request.fileId,
      viewer.kind === 'link' ? null : viewer.auth.userId,
    );
  }
}
