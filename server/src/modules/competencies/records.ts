import {
  competencyDefaultExpiry,
  competencyMessages as say,
  competencyStanding,
  COMPETENCY_STANDINGS,
  personName,
  type CompetencyStanding,
  type TCompetencyRecord,
  type TCompetencyRecordList,
  type TCompetencyRecordSaveParsed,
  type TEmployeeCompetencySummary,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { dateOf, dayOf } from '../../db/days';
import { sql, uuid } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { CompetencyRecord, Competency } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { callerToday } from '../../plugins/organisationDay';
import { attachmentOf } from '../attachments';
import { employeeNames } from '../employees';
import { competencyRef } from './catalogue';
import { employeeForRecords, recordForCaller, requireRight, type RecordRights } from './policy';

type Tx = Prisma.TransactionClient;
type RecordWithCompetency = CompetencyRecord & { competency: Competency };

/** Newest first: the latest record (never expiring before any expiry) leads, as isLatest marks it. */
const NEWEST_FIRST: Prisma.CompetencyRecordOrderByWithRelationInput[] = [
  { expiresOn: { sort: 'desc', nulls: 'first' } },
  { achievedOn: 'desc' },
  { createdAt: 'desc' },
  { id: 'desc' },
];

const rightsShown = (rights: RecordRights) => ({ mayEdit: rights.mayEdit, mayDelete: rights.mayDelete });

/** Records as the screens show them, with their files and who entered them. */
async function recordsShown(
  db: Db,
  auth: AuthContext,
  records: RecordWithCompetency[],
): Promise<TCompetencyRecord[]> {
  const today = callerToday(auth);
  const [files, names] = await Promise.all([
    db.attachment.findMany({
      where: {
        companyId: auth.companyId,
        ownerType: 'competencyRecord',
        ownerId: { in: records.map((record) => record.id) },
      },
      orderBy: { createdAt: 'asc' },
    }),
    employeeNames(
      db,
      auth.companyId,
      records.map((record) => record.createdByEmployeeId),
    ),
  ]);
  return records.map((record) => {
    const expiresOn = dayOf(record.expiresOn);
    return {
      _id: record.id,
      competency: competencyRef(record.competency),
      achievedOn: dayOf(record.achievedOn),
      expiresOn,
      reference: record.reference,
      issuer: record.issuer,
      notes: record.notes,
      standing: competencyStanding({ expiresOn }, today, false),
      isLatest: record.isLatest,
      createdBy: record.createdByEmployeeId ? (names.get(record.createdByEmployeeId) ?? null) : null,
      attachments: files.filter((file) => file.ownerId === record.id).map(attachmentOf),
      updatedAt: record.updatedAt.toISOString(),
    };
  });
}

/** An employee's competencies: each one their position requires or they hold, by name. */
export async function competencySummary(
  db: Db,
  auth: AuthContext,
  employeeId: string,
): Promise<TEmployeeCompetencySummary> {
  const { employee, rights } = await employeeForRecords(db, auth, employeeId);
  const companyId = auth.companyId;
  const [position, manager, required, latest, counts] = await Promise.all([
    employee.positionId
      ? db.position.findFirst({
          where: { id: employee.positionId, companyId },
          select: { id: true, name: true },
        })
      : null,
    employee.managerEmployeeId
      ? db.employee.findFirst({ where: { id: employee.managerEmployeeId, companyId } })
      : null,
    employee.positionId
      ? db.positionCompetency.findMany({
          where: { companyId, positionId: employee.positionId, competency: { isActive: true } },
          include: { competency: true },
        })
      : [],
    db.competencyRecord.findMany({
      where: { companyId, employeeId, isLatest: true },
      include: { competency: true },
    }),
    db.competencyRecord.groupBy({ by: ['competencyId'], where: { companyId, employeeId }, _count: true }),
  ]);
  const shown = new Map((await recordsShown(db, auth, latest)).map((row) => [row.competency._id, row]));
  const requiredIds = new Set(required.map((row) => row.competencyId));
  const competencies = new Map(
    [...required, ...latest].map((row) => [row.competency.id, row.competency] as const),
  );
  const today = callerToday(auth);
  const rows = [...competencies.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((competency) => {
      const record = shown.get(competency.id) ?? null;
      return {
        competency: competencyRef(competency),
        required: requiredIds.has(competency.id),
        standing: competencyStanding(record ?? undefined, today, requiredIds.has(competency.id)),
        latest: record,
        recordCount: counts.find((count) => count.competencyId === competency.id)?._count ?? 0,
      };
    });
  const tally = Object.fromEntries(COMPETENCY_STANDINGS.map((standing) => [standing, 0])) as Record<
    CompetencyStanding,
    number
  >;
  for (const row of rows) tally[row.standing] += 1;
  return {
    employee: {
      _id: employee.id,
      name: personName(employee),
      position: position && { _id: position.id, name: position.name },
      manager: manager && { _id: manager.id, name: personName(manager) },
    },
    rows,
    counts: tally,
    rights: rightsShown(rights),
  };
}

/** A page of an employee's records, newest first, optionally of one competency. */
export async function listRecords(
  db: Db,
  auth: AuthContext,
  request: { employeeId: string; competencyId?: string | undefined; page: number; pageSize: number },
): Promise<TCompetencyRecordList> {
  const { rights } = await employeeForRecords(db, auth, request.employeeId);
  const where = {
    companyId: auth.companyId,
    employeeId: request.employeeId,
    ...(request.competencyId && { competencyId: request.competencyId }),
  };
  const [records, total] = await Promise.all([
    db.competencyRecord.findMany({
      where,
      include: { competency: true },
      orderBy: NEWEST_FIRST,
      skip: (request.page - 1) * request.pageSize,
      take: request.pageSize,
    }),
    db.competencyRecord.count({ where }),
  ]);
  return { rows: await recordsShown(db, auth, records), total, rights: rightsShown(rights) };
}

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
    const saved = before
      ? await tx.competencyRecord.update({ where: { id: before.id }, data })
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
