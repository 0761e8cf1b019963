import {
  maintenanceMessages as say,
  type FrequencyUnit,
  type TAssetRef,
  type TMaintenancePlan,
  type TMaintenancePlanList,
  type TMaintenancePlanSaveParsed,
  type ZMaintenancePlanListRequest,
} from '@compass/shared';
import type { z } from 'zod';
import { dateOf, dayOf } from '../../db/days';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import { callerToday } from '../../plugins/organisationDay';
import { statementPage } from '../registerParts';
import { assigneeColumns, openFirstRecords, type Tx } from './schedule';
import { assetRef, assigneeJson, type AssigneeJson } from './shapes';

type ListRequest = z.output<typeof ZMaintenancePlanListRequest>;

interface PlanRow {
  id: string;
  title: string;
  instructions: string;
  frequency: FrequencyUnit;
  firstDueDate: string;
  isActive: boolean;
  asset: { _id: string; number: string; name: string } | null;
  category: TAssetRef | null;
  assignee: AssigneeJson;
  formTemplate: TAssetRef | null;
  openRecords: number;
  nextDue: string | null;
}

/** A page of plans: active first, then by title. */
export function listPlans(
  reader: Reader,
  auth: AuthContext,
  request: ListRequest,
): Promise<TMaintenancePlanList> {
  const where = planConditions(auth.companyId, request);
  const order = (alias: string) => Prisma.raw(`${alias}."isActive" DESC, lower(${alias}.title), ${alias}.id`);
  return statementPage(
    reader,
    request,
    {
      page: (limit) => sql`SELECT p.id, p.title, p.instructions, p.frequency::text AS frequency,
          p."firstDueDate", p."isActive",
          (SELECT json_build_object('_id', a.id, 'number', a.number, 'name', a.name) FROM "Asset" a
            WHERE a.id = p."assetId") AS asset,
          (SELECT json_build_object('_id', c.id, 'name', c.name) FROM "AssetCategory" c
            WHERE c.id = p."categoryId") AS category,
          ${assigneeJson('p')} AS assignee,
          (SELECT json_build_object('_id', f.id, 'name', f.name) FROM "FormTemplate" f
            WHERE f.id = p."formTemplateId" AND f."companyId" = p."companyId") AS "formTemplate",
          o.count AS "openRecords", o.first AS "nextDue"
        FROM (SELECT p.* FROM "MaintenancePlan" p WHERE ${where} ORDER BY ${order('p')} ${limit}) p
        CROSS JOIN LATERAL (SELECT count(*)::int AS count, min(r."dueDate") AS first FROM "MaintenanceRecord" r
          WHERE r."planId" = p.id AND r.status = 'open') o
        ORDER BY ${order('p')}`,
      count: sql`SELECT 1 FROM "MaintenancePlan" p WHERE ${where}`,
    },
    planOf,
  );
}

function planConditions(companyId: string, request: ListRequest): Sql {
  const company = uuid(companyId);
  const where = [sql`p."companyId" = ${company}`];
  if (!request.includeStopped) where.push(sql`p."isActive"`);
  // An asset's plans are its own and its current category's.
  if (request.assetId)
    where.push(sql`(p."assetId" = ${uuid(request.assetId)} OR p."categoryId" = (SELECT a."categoryId"
      FROM "Asset" a WHERE a.id = ${uuid(request.assetId)} AND a."companyId" = ${company}))`);
  if (request.categoryId) where.push(sql`p."categoryId" = ${uuid(request.categoryId)}`);
  if (request.search) where.push(sql`p.title ILIKE ${containing(request.search)}`);
  return join(where, ' AND ');
}

const planOf = (row: PlanRow): TMaintenancePlan => ({
  _id: row.id,
  asset: row.asset ? assetRef(row.asset) : null,
  category: row.category,
  title: row.title,
  instructions: row.instructions,
  frequency: row.frequency,
  // A plan always has one (a check constraint); an assignee of another organisation never is.
  assignee: row.assignee!,
  formTemplate: row.formTemplate,
  firstDueDate: row.firstDueDate,
  isActive: row.isActive,
  openRecords: row.openRecords,
  nextDue: row.nextDue,
});

type PlanColumns = Awaited<ReturnType<typeof planColumns>>;

/**
 * The plan's checked columns: its assignee and checklist form must be the organisation's (a form
 * archived since it was chosen may stay: `keptForm`).
 */
async function planColumns(
  tx: Tx,
  companyId: string,
  input: TMaintenancePlanSaveParsed,
  keptForm: string | null = null,
) {
  const assignee = await assigneeColumns(tx, companyId, input.assignee);
  if (
    input.formTemplateId &&
    input.formTemplateId !== keptForm &&
    !(await tx.formTemplate.count({ where: { companyId, id: input.formTemplateId, isActive: true } }))
  )
    throw badRequest(say.formTemplateUnknown);
  return {
    title: input.title,
    instructions: input.instructions,
    frequency: input.frequency,
    formTemplateId: input.formTemplateId,
    ...assignee,
  };
}

/** The target of a new plan: an asset not disposed of, or a category, of the organisation. */
async function planTarget(tx: Tx, companyId: string, input: TMaintenancePlanSaveParsed) {
  if (input.assetId) {
    const asset = await tx.asset.findFirst({
      where: { companyId, id: input.assetId },
      select: { status: true },
    });
    if (!asset) throw badRequest(say.assetUnknown);
    if (asset.status === 'disposed') throw badRequest(say.assetDisposed);
    return { assetId: input.assetId, categoryId: null };
  }
  if (!(await tx.assetCategory.count({ where: { companyId, id: input.categoryId! } })))
    throw badRequest(say.categoryUnknown);
  return { assetId: null, categoryId: input.categoryId };
}

type StoredPlan = PlanColumns & { firstDueDate: Date; assetId: string | null; categoryId: string | null };

/** What the change log compares of a plan. */
const snapshot = (plan: StoredPlan): Snapshot => ({
  assetId: plan.assetId,
  categoryId: plan.categoryId,
  title: plan.title,
  instructions: plan.instructions,
  frequency: plan.frequency,
  assigneeEmployeeId: plan.assigneeEmployeeId,
  assigneeSupplierId: plan.assigneeSupplierId,
  formTemplateId: plan.formTemplateId,
  firstDueDate: dayOf(plan.firstDueDate),
});

/**
 * Creates a plan with its first records, or changes one: its title, instructions and assignee
 * follow to its open records (the frequency counts from the next completion).
 */
export async function savePlan(
  db: Db,
  auth: AuthContext,
  input: TMaintenancePlanSaveParsed,
): Promise<string> {
  const { companyId, userId } = auth;
  return db.$transaction(async (tx) => {
    if (!input._id) {
      const columns = await planColumns(tx, companyId, input);
      const target = await planTarget(tx, companyId, input);
      if (input.firstDueDate < callerToday(auth)) throw badRequest(say.firstDuePast);
      const plan = await tx.maintenancePlan.create({
        data: { companyId, ...target, ...columns, firstDueDate: dateOf(input.firstDueDate) },
      });
      await openFirstRecords(tx, plan.id);
      await recordChange(tx, {
        companyId,
        userId,
        entityType: 'maintenancePlan',
        entityId: plan.id,
        action: 'created',
        before: null,
        after: snapshot(plan),
      });
      return plan.id;
    }
    const before = await tx.maintenancePlan.findFirst({ where: { companyId, id: input._id } });
    if (!before) throw notFound();
    if (!before.isActive) throw badRequest(say.planStopped);
    const columns = await planColumns(tx, companyId, input, before.formTemplateId);
    const after = await tx.maintenancePlan.update({ where: { id: before.id }, data: columns });
    await tx.maintenanceRecord.updateMany({
      where: { companyId, planId: before.id, status: 'open' },
      data: {
        title: columns.title,
        instructions: columns.instructions,
        assigneeEmployeeId: columns.assigneeEmployeeId,
        assigneeSupplierId: columns.assigneeSupplierId,
      },
    });
    await recordChange(tx, {
      companyId,
      userId,
      entityType: 'maintenancePlan',
      entityId: before.id,
      action: 'updated',
      before: snapshot(before),
      after: snapshot(after),
    });
    return before.id;
  });
}

/** Stops a plan: its open records are cancelled, its done ones stay in the history. */
export async function stopPlan(db: Db, auth: AuthContext, planId: string): Promise<void> {
  const { companyId, userId } = auth;
  await db.$transaction(async (tx) => {
    const plan = await tx.maintenancePlan.findFirst({ where: { companyId, id: planId } });
    if (!plan) throw notFound();
    // Claimed by the conditional update: of two racing stops, one stops it.
    const stopped = await tx.maintenancePlan.updateMany({
      where: { id: plan.id, isActive: true },
      data: { isActive: false },
    });
    if (stopped.count === 0) throw badRequest(say.planStopped);
    await tx.maintenanceRecord.updateMany({
      where: { companyId, planId: plan.id, status: 'open' },
      data: { status: 'cancelled' },
    });
    await recordChange(tx, {
      companyId,
      userId,
      entityType: 'maintenancePlan',
      entityId: plan.id,
      action: 'stopped',
      before: { isActive: true },
      after: { isActive: false },
    });
  });
}
