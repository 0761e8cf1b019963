import {
  competencyMessages as say,
  type CompetencyKind,
  type TCompetencyList,
  type TCompetencyOptions,
  type TCompetencyRef,
  type TCompetencySaveParsed,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZCompetencyListRequest } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { containing, join, sql, uuid } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { listPage, workplaceOptions } from '../registerParts';

type ListRequest = z.output<typeof ZCompetencyListRequest>;

/** A competency as the pick lists, the summary and the matrix name it. */
export const competencyRef = (row: {
  id: string;
  name: string;
  kind: CompetencyKind;
  expires: boolean;
  validForMonths: number | null;
}): TCompetencyRef => ({
  _id: row.id,
  name: row.name,
  kind: row.kind,
  expires: row.expires,
  validForMonths: row.validForMonths,
});

interface CatalogueRow {
  id: string;
  name: string;
  kind: CompetencyKind;
  description: string | null;
  expires: boolean;
  validForMonths: number | null;
  isActive: boolean;
  positions: { id: string; name: string }[];
}

/** A page of the catalogue by name, with the positions that require each competency. */
export async function listCompetencies(
  reader: Reader,
  auth: AuthContext,
  request: ListRequest,
): Promise<TCompetencyList> {
  const where = [sql`c."companyId" = ${uuid(auth.companyId)}`];
  if (request.status !== 'all') where.push(sql`c."isActive" = ${request.status === 'active'}`);
  if (request.kind) where.push(sql`c.kind = ${request.kind}::"CompetencyKind"`);
  if (request.search) where.push(sql`c.name ILIKE ${containing(request.search)}`);
  const condition = join(where, ' AND ');
  return listPage(
    reader,
    request,
    {
      rows: (limit, offset) =>
        reader.rows<CatalogueRow>(sql`SELECT page.id, page.name, page.kind::text AS kind,
            page.description, page.expires, page."validForMonths", page."isActive",
            (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name), '[]')
              FROM "PositionCompetency" pc JOIN "Position" p ON p.id = pc."positionId"
              WHERE pc."companyId" = page."companyId" AND pc."competencyId" = page.id) AS positions
          FROM (SELECT c.* FROM "Competency" c WHERE ${condition}
            ORDER BY c.name, c.id LIMIT ${limit} OFFSET ${offset}) page
          ORDER BY page.name, page.id`),
      count: sql`SELECT 1 FROM "Competency" c WHERE ${condition}`,
    },
    (row) => ({
      ...competencyRef(row),
      description: row.description,
      isActive: row.isActive,
      positions: row.positions.map((position) => ({ _id: position.id, name: position.name })),
    }),
  );
}

/** The active catalogue, the positions and the active workplaces, by name. */
export async function competencyOptions(db: Db, companyId: string): Promise<TCompetencyOptions> {
  const [competencies, positions, workplaces] = await Promise.all([
    db.competency.findMany({
      where: { companyId, isActive: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    db.position.findMany({
      where: { companyId },
      orderBy: { name: 'asc' },
      select: { id: true, name: true },
    }),
    workplaceOptions(db, companyId),
  ]);
  return {
    competencies: competencies.map(competencyRef),
    positions: positions.map((position) => ({ _id: position.id, name: position.name })),
    workplaces,
  };
}

const snapshot = (row: TCompetencySaveParsed) => ({
  name: row.name,
  kind: row.kind,
  description: row.description,
  expires: row.expires,
  validForMonths: row.validForMonths,
});

/** Adds a competency or changes one; the name is unique in the organisation. */
export async function saveCompetency(
  db: Db,
  auth: AuthContext,
  input: TCompetencySaveParsed,
): Promise<{ _id: string }> {
  const data = { ...snapshot(input), validForMonths: input.expires ? input.validForMonths : null };
  return db.$transaction(async (tx) => {
    const before = input._id
      ? await tx.competency.findFirst({ where: { id: input._id, companyId: auth.companyId } })
      : null;
    if (input._id && !before) throw notFound();
    const taken = await tx.competency.findFirst({
      where: {
        companyId: auth.companyId,
        name: { equals: data.name, mode: 'insensitive' },
        id: { not: input._id },
      },
      select: { id: true },
    });
    if (taken) throw conflict(say.nameTaken);
    const saved = before
      ? await tx.competency.update({ where: { id: before.id }, data })
      : await tx.competency.create({ data: { ...data, companyId: auth.companyId } });
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'competency',
      entityId: saved.id,
      action: before ? 'updated' : 'created',
      before: before && snapshot({ ...before, _id: before.id }),
      after: data,
    });
    return { _id: saved.id };
  });
}

/** Takes a competency out of use or back into it; its records and requirements stay. */
export async function setCompetencyActive(
  db: Db,
  auth: AuthContext,
  input: { _id: string; isActive: boolean },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.competency.updateMany({
      where: { id: input._id, companyId: auth.companyId },
      data: { isActive: input.isActive },
    });
    if (count === 0) throw notFound();
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'competency',
      entityId: input._id,
      action: input.isActive ? 'reactivated' : 'deactivated',
      before: null,
      after: { isActive: input.isActive },
    });
  });
}

/** Replaces the positions that require a competency. */
export async function setRequiredPositions(
  db: Db,
  auth: AuthContext,
  input: { _id: string; positionIds: string[] },
): Promise<void> {
  const companyId = auth.companyId;
  const positionIds = [...new Set(input.positionIds)];
  await db.$transaction(async (tx) => {
    const competency = await tx.competency.findFirst({ where: { id: input._id, companyId } });
    if (!competency) throw notFound();
    const known = await tx.position.count({ where: { companyId, id: { in: positionIds } } });
    if (known !== positionIds.length) throw badRequest(say.positionMissing);
    const before = await tx.positionCompetency.findMany({
      where: { companyId, competencyId: competency.id },
      select: { positionId: true },
    });
    await tx.positionCompetency.deleteMany({ where: { companyId, competencyId: competency.id } });
    await tx.positionCompetency.createMany({
      data: positionIds.map((positionId) => ({ companyId, positionId, competencyId: competency.id })),
    });
    await recordChange(tx, {
      companyId,
      userId: auth.userId,
      entityType: 'competency',
      entityId: competency.id,
      action: 'updated',
      before: { positionIds: before.map((row) => row.positionId).sort() },
      after: { positionIds: [...positionIds].sort() },
    });
  });
}
