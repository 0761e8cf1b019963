import {
  maintenanceMessages as say,
  nextMaintenanceDue,
  type TMaintenanceReassign,
  type ZMaintenanceComplete,
} from '@compass/shared';
import type { z } from 'zod';
import { dateOf, dayOf } from '../../db/days';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { badRequest, conflict } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { callerToday } from '../../plugins/organisationDay';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import { attachItemFiles } from '../registerParts';
import { submissionChoices } from './details';
import { canComplete, findVisibleRecord, isMaintenanceRegister } from './policy';
import { assigneeColumns, openNextRecord, type Tx } from './schedule';

type Completion = z.output<typeof ZMaintenanceComplete>;

/**
 * The record is still open (and, given `as`, still as it was read: its assignee and due day): claimed
 * by a conditional update, so of two racing writes one wins.
 */
async function claimOpen(
  tx: Tx,
  id: string,
  data: Prisma.MaintenanceRecordUpdateManyMutationInput,
  as: Prisma.MaintenanceRecordWhereInput = {},
) {
  const claimed = await tx.maintenanceRecord.updateMany({ where: { ...as, id, status: 'open' }, data });
  if (claimed.count === 0) throw conflict(say.recordNotOpen);
}

/**
 * Completes open maintenance; a planned record of an active plan, on an asset not disposed of,
 * schedules the plan's next one (nextMaintenanceDue). A done corrective record leaves the asset's
 * status alone: the register returns it to service. Returns the next one's due day.
 */
export async function completeRecord(
  db: Db,
  reader: Reader,
  auth: AuthContext,
  input: Completion,
): Promise<{ nextDueDate: string | null }> {
  const record = await findVisibleRecord(db, auth, input._id);
  if (!canComplete(auth, record)) throw conflict(say.recordNotOpen);
  if (input.completedOn > callerToday(auth)) throw badRequest(say.completedInFuture);
  if (
    input.formSubmissionId &&
    (await submissionChoices(reader, auth, record.assetId, input.formSubmissionId)).length === 0
  )
    throw badRequest(say.submissionUnknown);
  return db.$transaction(async (tx) => {
    const done = {
      completedOn: input.completedOn,
      completionNotes: input.notes,
      cost: input.cost,
      formSubmissionId: input.formSubmissionId,
    };
    await claimOpen(
      tx,
      record.id,
      {
        ...done,
        status: 'done',
        completedOn: dateOf(input.completedOn),
        completedByUserId: auth.userId,
      },
      // Reassigned or moved since it was read: the right to complete it and the next due day were
      // judged on what it was.
      {
        assigneeEmployeeId: record.assigneeEmployeeId,
        assigneeSupplierId: record.assigneeSupplierId,
        dueDate: record.dueDate,
      },
    );
    let nextDueDate: string | null = null;
    const plan = record.planId
      ? await tx.maintenancePlan.findUnique({ where: { id: record.planId }, select: { frequency: true } })
      : null;
    if (plan) {
      const next = nextMaintenanceDue(dayOf(record.dueDate), plan.frequency, input.completedOn);
      if (await openNextRecord(tx, record.planId!, record.assetId, next)) nextDueDate = next;
    }
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'maintenanceRecord',
      entityId: record.id,
      action: 'completed',
      before: { status: 'open' },
      after: { status: 'done', ...done, nextDueDate },
    });
    return { nextDueDate };
  });
}

/** The register changes who does open maintenance (or leaves it unassigned) and its due day. */
export async function reassignRecord(db: Db, auth: AuthContext, input: TMaintenanceReassign): Promise<void> {
  const record = await findVisibleRecord(db, auth, input._id);
  await db.$transaction(async (tx) => {
    const assignee = await assigneeColumns(tx, auth.companyId, input.assignee);
    await claimOpen(tx, record.id, { ...assignee, dueDate: dateOf(input.dueDate) });
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'maintenanceRecord',
      entityId: record.id,
      action: 'reassigned',
      before: {
        assigneeEmployeeId: record.assigneeEmployeeId,
        assigneeSupplierId: record.assigneeSupplierId,
        dueDate: dayOf(record.dueDate),
      },
      after: { ...assignee, dueDate: input.dueDate },
    });
  });
}

/** Files of a record: while open by whoever may complete it, afterwards by the register. */
export async function addRecordFiles(
  db: Db,
  attachments: AttachmentService,
  auth: AuthContext,
  id: string,
  files: UploadedFile[],
): Promise<void> {
  const record = await findVisibleRecord(db, auth, id);
  const mayAdd = (status: string) => isMaintenanceRegister(auth) || canComplete(auth, { ...record, status });
  if (!mayAdd(record.status)) throw conflict(say.recordNotOpen);
  await attachItemFiles(
    attachments,
    auth,
    { ownerType: 'maintenanceRecord', entityType: 'maintenanceRecord', id: record.id },
    files,
    async (tx) => {
      // Completed meanwhile by someone else: an assignee's files come with open work only.
      const now = await tx.maintenanceRecord.findUniqueOrThrow({
        where: { id: record.id },
        select: { status: true },
      });
      if (!mayAdd(now.status)) throw conflict(say.recordNotOpen);
    },
  );
}
