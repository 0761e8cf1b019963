import { randomUUID } from 'node:crypto';
import { assetMessages as say } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, notFound } from '../../errors';
import { recordChange } from '../../plugins/changeLog';
import { organisationToday } from '../../plugins/organisationDay';
import type { UploadedFile } from '../../plugins/uploads';
import { openCorrectiveRecord } from '../assetMaintenance';
import type { AttachmentService } from '../attachments';

/** A fault as reported: by a signed-in employee (their user) or by a guest of the QR label (a name). */
export interface FaultReport {
  companyId: string;
  assetId: string;
  description: string;
  takeOutOfService: 'yes' | 'no';
  reporter: { employeeId: string | null; userId: string } | { guestName: string };
}

/** The corrective record's title: the start of the description. */
const faultTitle = (description: string) => `Fault: ${description.slice(0, 80)}`;

/** The asset's owner when they can do the work (an active employee who signs in), else nobody. */
async function ownerAssignee(tx: Prisma.TransactionClient, companyId: string, ownerId: string | null) {
  if (!ownerId) return null;
  const owner = await tx.employee.findFirst({
    where: { id: ownerId, companyId, isActive: true, user: { is: { isActive: true } } },
    select: { id: true },
  });
  return owner?.id ?? null;
}

/**
 * Records a fault with its photos (owner assetFault) in one transaction: its corrective
 * maintenance record (due today, for the asset's owner), and, when the reporter says the asset is
 * unsafe, the asset out of service with the fault in its change log. Another organisation's asset
 * is not found (the QR label answers faultAssetUnknown); a disposed one takes no faults.
 */
export async function reportFault(
  db: Db,
  attachments: AttachmentService,
  report: FaultReport,
  files: UploadedFile[],
  unknown: () => Error = () => notFound(),
): Promise<string> {
  const { companyId } = report;
  const faultId = randomUUID();
  const guest = 'guestName' in report.reporter ? report.reporter.guestName : null;
  const employee = 'guestName' in report.reporter ? null : report.reporter;
  const owner = { companyId, ownerType: 'assetFault' as const, ownerId: faultId };
  await attachments.attach({ ...owner, uploadedById: employee?.userId ?? null }, files, async (tx) => {
    const asset = await tx.asset.findFirst({ where: { id: report.assetId, companyId } });
    if (!asset) throw unknown();
    if (asset.status === 'disposed') throw badRequest(say.faultAssetDisposed);
    const today = await organisationToday(tx, companyId);
    const recordId = await openCorrectiveRecord(tx, {
      companyId,
      assetId: asset.id,
      title: faultTitle(report.description),
      instructions: report.description,
      assigneeEmployeeId: await ownerAssignee(tx, companyId, asset.ownerEmployeeId),
      dueDate: today,
    });
    // Conditional on the status: an asset already out of service stays so, and the fault says it did not take it.
    const tookOut =
      report.takeOutOfService === 'yes' &&
      (
        await tx.asset.updateMany({
          where: { id: asset.id, status: 'inService' },
          data: { status: 'outOfService' },
        })
      ).count > 0;
    await tx.assetFault.create({
      data: {
        id: faultId,
        companyId,
        assetId: asset.id,
        description: report.description,
        reportedByEmployeeId: employee?.employeeId ?? null,
        reporterName: guest,
        tookOutOfService: tookOut,
        recordId,
      },
    });
    if (tookOut)
      await recordChange(tx, {
        companyId,
        userId: employee?.userId ?? null,
        entityType: 'asset',
        entityId: asset.id,
        action: 'status changed',
        before: { status: asset.status },
        after: {
          status: 'outOfService',
          reason: `Fault reported${guest ? ` by ${guest}` : ''}: ${report.description}`,
        },
      });
  });
  return faultId;
}
