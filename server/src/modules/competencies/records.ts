import {
  competencyDefaultExpiry,
  competencyMessages as say,
  type TCompetencyRecordSaveParsed,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { dateOf, dayOf } from '../../db/days';
import { sql, uuid } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { CompetencyRecord } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { employeeForRecords, recordForCaller, requireRight } from './policy';

type Tx = Prisma.TransactionClient;

/**
 * Marks the latest record of an employee's competency (isLatest) after a change of its records.
 * The employee's row is locked first, so two changes at once mark one record, not two.
 */
export async function markLatest(tx: Tx, companyId: string, employeeId: string, competencyId: string) {
  await tx.$executeRaw`SELECT 1 FROM "Employee" WHERE id = ${uuid(employeeId)} FOR UPDATE`;
  const pair = sql`r."companyId" = ${uuid(companyId)} AND r."employeeId" = ${uuid(employeeId)}
    AND r."competencyId" = ${uuid(competencyId)}`;
  await tx.$executeRaw`UPDATE "CompetencyRecord" r SET "isLatest" = (r.id = latest.id)
    FROM (SELECT r.id FROM "CompetencyRecord" r WHERE ${pair}
      ORDER BY r."expiresOn" DESC NULLS FIRST, r."achievedOn" DESC, r."createdAt" DESC, r.id DESC LIMIT 1) latest
    WHERE ${pair} AND r."isLatest" <> (r.id = latest.id)`;
}

const recordSnapshot = (
  record: Pick<CompetencyRecord, 'competencyId' | 'reference' | 'issuer' | 'notes'> & {
    achievedOn: Date;
    expiresOn: Date | null;
  },
) => ({
  competencyId: record.competencyId,
  achievedOn: dayOf(record.achievedOn),
  expiresOn: dayOf(record.expiresOn),
  reference: record.reference,
  issuer: record.issuer,
  notes: record.notes,
});

/**
 * Adds a record (a renewal is a new record) or changes one. The expiry of a competency that
 * expires defaults to the day achieved plus its months; one that does not expire has none.
 */
export async function saveRecord(
  db: Db,
  auth: AuthContext,
  input: TCompetencyRecordSaveParsed,
): Promise<{ _id: string }> {
  const companyId = auth.companyId;
  return db.$transaction(async (tx) => {
    const { employee, rights } = await employeeForRecords(tx, auth, input.employeeId);
    requireRight(rights, 'mayEdit');
    const before = input._id
      ? await tx.competencyRecord.findFirst({ where: { id: input._id, companyId, employeeId: employee.id } })
      : null;
    if (input._id && !before) throw notFound();
    const competency = await tx.competency.findFirst({ where: { id: input.competencyId, companyId } });
    if (!competency) throw badRequest(say.competencyRequired);
    if (!competency.isActive && competency.id !== before?.competencyId)
      throw badRequest(say.competencyInactive);
    const expiresOn = competency.expires
      ? (input.expiresOn ?? competencyDefaultExpiry(input.achievedOn, competency.validForMonths ?? 0))
      : null;
    const data = {
      competencyId: competency.id,
      achievedOn: dateOf(input.achievedOn),
      expiresOn: expiresOn === null ? null : dateOf(expiresOn),
      reference: input.reference,
      issuer: input.issuer,
      notes: input.notes,
    };
    // A corrected expiry is reminded of again, in its own window.
    const expiryChanged = before && dayOf(before.expiresOn) !== expiresOn;
    const saved = before
      ? await tx.competencyRecord.update({
          where: { id: before.id },
          data: { ...data, ...(expiryChanged && { reminderSentAt: null }) },
        })
      : await tx.competencyRecord.create({
          data: { ...data, companyId, employeeId: employee.id, createdByEmployeeId: auth.employeeId },
        });
    await markLatest(tx, companyId, employee.id, competency.id);
    if (before && before.competencyId !== competency.id)
      await markLatest(tx, companyId, employee.id, before.competencyId);
    await recordChange(tx, {
      companyId,
      userId: auth.userId,
      entityType: 'competencyRecord',
      entityId: saved.id,
      action: before ? 'updated' : 'created',
      before: before && recordSnapshot(before),
      after: recordSnapshot(saved),
    });
    return { _id: saved.id };
  });
}

/** Deletes a record and its files' rows (the sweeper removes the stored files); HR only. */
export async function deleteRecord(db: Db, auth: AuthContext, recordId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { record, rights } = await recordForCaller(tx, auth, recordId);
    requireRight(rights, 'mayDelete');
    await tx.attachment.deleteMany({
      where: { companyId: auth.companyId, ownerType: 'competencyRecord', ownerId: record.id },
    });
    await tx.competencyRecord.delete({ where: { id: record.id } });
    await markLatest(tx, auth.companyId, record.employeeId, record.competencyId);
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'competencyRecord',
      entityId: record.id,
      action: 'deleted',
      before: recordSnapshot(record),
      after: null,
    });
  });
}
