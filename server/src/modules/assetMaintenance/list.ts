import {
  ASSET_EXPORT_LIMIT,
  taskDueType,
  type FrequencyUnit,
  type MaintenanceKind,
  type MaintenanceStatus,
  type TMaintenanceList,
  type TMaintenanceRow,
  type ZMaintenanceFilters,
} from '@compass/shared';
import type { z } from 'zod';
import { planFor, type Reader } from '../../db/reader';
import { containing, day, join, sql, uuid, type Sql } from '../../db/sql';
import { Prisma } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { listPage } from '../registerParts';
import { assigneeJson, type AssigneeJson } from './shapes';

export type Filters = z.output<typeof ZMaintenanceFilters>;

/**
 * The register's order per status, each on an index: open work by due day, oldest first
 * (companyId, status, dueDate, id); done work by completion, newest first (the partial done
 * index); cancelled work, and all of it, by due day, latest first (the first index backwards;
 * all of it per status, see `chosen`).
 */
function order(filters: Filters, alias: string): Sql {
  const on = (column: string) => Prisma.raw(`${alias}."${column}"`);
  if (filters.status === 'open') return sql`${on('dueDate')}, ${on('id')}`;
  if (filters.status === 'done') return sql`${on('completedOn')} DESC, ${on('id')}`;
  return sql`${on('dueDate')} DESC, ${on('id')} DESC`;
}

/** The statuses as SQL literals are written (only these strings reach the statement's text). */
const STATUS_LITERALS = { open: 'open', done: 'done', cancelled: 'cancelled' } as const;

function conditions(companyId: string, filters: Filters, today: string): Sql {
  const company = uuid(companyId);
  const where = [sql`r."companyId" = ${company}`];
  // A literal, not a parameter: the generic plan then may use the partial index of done work.
  if (filters.status !== 'all')
    where.push(sql`r.status = ${Prisma.raw(`'${STATUS_LITERALS[filters.status]}'`)}`);
  if (filters.due) {
    const comparison = { overdue: sql`<`, due: sql`=`, nodue: sql`>` }[filters.due];
    where.push(sql`r.status = 'open' AND r."dueDate" ${comparison} ${day(today)}`);
  }
  if (filters.kind) where.push(sql`r.kind = ${filters.kind}::"MaintenanceKind"`);
  if (filters.assetId) where.push(sql`r."assetId" = ${uuid(filters.assetId)}`);
  if (filters.categoryId || filters.workplaceId) {
    const asset = [sql`a.id = r."assetId"`];
    if (filters.categoryId) asset.push(sql`a."categoryId" = ${uuid(filters.categoryId)}`);
    if (filters.workplaceId) asset.push(sql`a."workplaceId" = ${uuid(filters.workplaceId)}`);
    where.push(sql`EXISTS (SELECT 1 FROM "Asset" a WHERE ${join(asset, ' AND ')})`);
  }
  if (filters.assigneeEmployeeId)
    where.push(sql`r."assigneeEmployeeId" = ${uuid(filters.assigneeEmployeeId)}`);
  if (filters.assigneeSupplierId)
    where.push(sql`r."assigneeSupplierId" = ${uuid(filters.assigneeSupplierId)}`);
  if (filters.unassigned) where.push(sql`r."assigneeEmployeeId" IS NULL AND r."assigneeSupplierId" IS NULL`);
  if (filters.search) {
    const pattern = containing(filters.search.toLowerCase());
    // The assets by the expression of their trigram index (migration assets_register), or the title.
    where.push(sql`(r."assetId" IN (SELECT a.id FROM "Asset" a WHERE a."companyId" = ${company}
        AND lower(a.number || ' ' || a.name || ' ' || a.make || ' ' || a.model || ' ' || a."serialNumber")
          LIKE ${pattern})
      OR r.title ILIKE ${pattern})`);
  }
  return join(where, ' AND ');
}

interface ListRow {
  id: string;
  assetId: string;
  number: string;
  name: string;
  title: string;
  kind: MaintenanceKind;
  frequency: FrequencyUnit | null;
  assignee: AssigneeJson;
  workplace: string | null;
  dueDate: string;
  status: MaintenanceStatus;
  completedOn: string | null;
  cost: string | null;
}

/**
 * The keys of the matching records `r` in the register's order, `count` of them from `offset`. All
 * statuses together are read per status, each on its index by due day, and merged: one sort of
 * the organisation's records was 80 ms on 200,000 of them.
 */
function chosen(where: Sql, filters: Filters, count: number, offset: number): Sql {
  const ordered = sql`ORDER BY ${order(filters, 'r')}`;
  if (filters.status !== 'all')
    return sql`SELECT r.* FROM "MaintenanceRecord" r WHERE ${where} ${ordered} LIMIT ${count} OFFSET ${offset}`;
  const perStatus = Object.values(STATUS_LITERALS).map(
    (
      status,
    ) => sql`(SELECT r.* FROM "MaintenanceRecord" r WHERE ${where} AND r.status = ${Prisma.raw(`'${status}'`)}
      ${ordered} LIMIT ${count + offset})`,
  );
  return sql`SELECT r.* FROM (${join(perStatus, ' UNION ALL ')}) r ${ordered} LIMIT ${count} OFFSET ${offset}`;
}

/** The page (or the export) of matching records with their asset, plan and assignee. */
function page(where: Sql, filters: Filters, count: number, offset = 0): Sql {
  return sql`SELECT r.id, r."assetId", a.number, a.name, r.title, r.kind::text AS kind,
      p.frequency::text AS frequency, ${assigneeJson('r')} AS assignee, w.name AS workplace,
      r."dueDate", r.status::text AS status, r."completedOn", r.cost::text AS cost
    FROM (${chosen(where, filters, count, offset)}) r
    JOIN "Asset" a ON a.id = r."assetId"
    LEFT JOIN "Workplace" w ON w.id = a."workplaceId"
    LEFT JOIN "MaintenancePlan" p ON p.id = r."planId"
    ORDER BY ${order(filters, 'r')}`;
}

const rowOf =
  (today: string) =>
  (row: ListRow): TMaintenanceRow => ({
    _id: row.id,
    asset: { _id: row.assetId, number: row.number, name: row.name },
    title: row.title,
    kind: row.kind,
    frequency: row.frequency,
    assignee: row.assignee,
    workplace: row.workplace,
    dueDate: row.dueDate,
    // Only open work is late; done and cancelled work is not due any more.
    taskDueDateType: row.status === 'open' ? taskDueType(row.dueDate, today) : 'nodue',
    status: row.status,
    completedOn: row.completedOn,
    cost: row.cost,
  });

/** A page of the Maintenance Register, counted up to RECORDS_COUNT_CAP. */
export function listRecords(
  reader: Reader,
  auth: AuthContext,
  request: Filters & { page: number; pageSize: number },
): Promise<TMaintenanceList> {
  const today = callerToday(auth);
  const where = conditions(auth.companyId, request, today);
  // Planned for the values when a filter narrows the records (how many match decides the plan).
  const { search, due, kind, assetId, categoryId, workplaceId, unassigned } = request;
  const narrowed = [search, due, kind, assetId, categoryId, workplaceId, unassigned].some(Boolean);
  const assigned = request.assigneeEmployeeId ?? request.assigneeSupplierId;
  const plan = planFor(narrowed || assigned);
  return listPage(
    reader,
    request,
    {
      rows: (count, offset) => reader.rows<ListRow>(page(where, request, count, offset), plan),
      count: sql`SELECT 1 FROM "MaintenanceRecord" r WHERE ${where}`,
      plan,
    },
    rowOf(today),
  );
}

/** The filtered register in its order, at most ASSET_EXPORT_LIMIT rows; `truncated` when there were more. */
export async function exportRecords(
  reader: Reader,
  auth: AuthContext,
  filters: Filters,
): Promise<{ rows: TMaintenanceRow[]; truncated: boolean }> {
  const today = callerToday(auth);
  const statement = page(conditions(auth.companyId, filters, today), filters, ASSET_EXPORT_LIMIT + 1);
  const rows = await reader.rows<ListRow>(statement, { export: true });
  return {
    rows: rows.slice(0, ASSET_EXPORT_LIMIT).map(rowOf(today)),
    truncated: rows.length > ASSET_EXPORT_LIMIT,
  };
}
