import {
  ASSET_HISTORY_PAGE,
  ASSET_STATUS_LABELS,
  formNumberLabel,
  type AssetHistoryKind,
  type AssetStatus,
  type TAssetHistoryEntry,
  type TAssetHistoryPage,
} from '@compass/shared';
import type { Reader } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { nameOfUser, userNameJson, type UserNameJson } from '../employees';
import { viewableSql } from '../submissions';

interface HistoryRow {
  kind: AssetHistoryKind;
  id: string;
  at: string;
  title: string;
  detail: string | null;
  byName: string | null;
  byUser: UserNameJson;
  status: 'open' | 'done' | 'cancelled' | null;
  recordId: string | null;
  /** A change's { field: [from, to] } (ChangeLog.changes). */
  changes: Record<string, [unknown, unknown]> | null;
  formNumber: number | null;
}

const ISO = `YYYY-MM-DD"T"HH24:MI:SS.MS"Z"`;
const employeeName = (id: Sql) =>
  sql`(SELECT trim(e."firstName" || ' ' || e."lastName") FROM "Employee" e WHERE e.id = ${id})`;

/**
 * The four sources of an asset's history, each as the same columns (`sortAt` orders them all):
 * its maintenance records (done ones at their completion day, others at their due day), its
 * faults, the submissions whose answers name it (by the partial GIN index on SubmissionValue.value:
 * the same predicate as the index) that the caller may open, and its change log.
 */
function sources(auth: AuthContext, assetId: string): Record<AssetHistoryKind, Sql> {
  const company = uuid(auth.companyId);
  const asset = uuid(assetId);
  const named = JSON.stringify([assetId]);
  return {
    maintenance: sql`SELECT 'maintenance' AS kind, r.id,
        coalesce(r."completedOn", r."dueDate")::timestamp AS "sortAt",
        to_char(coalesce(r."completedOn", r."dueDate"), 'YYYY-MM-DD') AS at, r.title,
        nullif(CASE WHEN r.status = 'done' THEN r."completionNotes" ELSE r.instructions END, '') AS detail,
        coalesce(${employeeName(sql`r."assigneeEmployeeId"`)},
          (SELECT s.name FROM "SupplierCompany" s WHERE s.id = r."assigneeSupplierId")) AS "byName",
        ${userNameJson(sql`r."completedByUserId"`, company)} AS "byUser",
        r.status::text AS status, r.id AS "recordId", NULL::jsonb AS changes, NULL::int AS "formNumber"
      FROM "MaintenanceRecord" r WHERE r."assetId" = ${asset} AND r."companyId" = ${company}`,
    fault: sql`SELECT 'fault' AS kind, f.id, f."createdAt" AS "sortAt", to_char(f."createdAt", ${ISO}) AS at,
        'Fault reported' AS title, f.description AS detail,
        coalesce(f."reporterName", ${employeeName(sql`f."reportedByEmployeeId"`)}) AS "byName",
        NULL::json AS "byUser",
        (SELECT r.status::text FROM "MaintenanceRecord" r WHERE r.id = f."recordId") AS status,
        f."recordId", NULL::jsonb AS changes, NULL::int AS "formNumber"
      FROM "AssetFault" f WHERE f."assetId" = ${asset} AND f."companyId" = ${company}`,
    submission: sql`SELECT 'submission' AS kind, f.id, f."formDate"::timestamp AS "sortAt",
        to_char(f."formDate", 'YYYY-MM-DD') AS at, t.name AS title, nullif(f."formDescription", '') AS detail,
        coalesce(${employeeName(sql`f."recordedByEmployeeId"`)},
          (SELECT trim(p."firstName" || ' ' || p."lastName") FROM "Personnel" p WHERE p.id = f."recordedByPersonnelId"))
          AS "byName",
        NULL::json AS "byUser", NULL AS status, NULL::uuid AS "recordId", NULL::jsonb AS changes,
        f.number AS "formNumber"
      FROM "FormSubmission" f JOIN "FormTemplate" t ON t.id = f."templateId"
      WHERE f."companyId" = ${company} AND ${viewableSql(auth, sql`f`)}
        AND f.id IN (SELECT v."submissionId" FROM "SubmissionValue" v WHERE v."companyId" = ${company}
          AND jsonb_typeof(v.value) = 'array' AND v.value @> ${named}::jsonb)`,
    change: sql`SELECT 'change' AS kind, c.id, c."createdAt" AS "sortAt", to_char(c."createdAt", ${ISO}) AS at,
        c.action AS title, NULL AS detail, NULL AS "byName", ${userNameJson(sql`c."userId"`, company)} AS "byUser",
        NULL AS status, NULL::uuid AS "recordId", c.changes::jsonb AS changes, NULL::int AS "formNumber"
      FROM "ChangeLog" c WHERE c."companyId" = ${company} AND c."entityType" = 'asset' AND c."entityId" = ${asset}`,
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a change says: a status change its new status and reason, another the fields it changed. */
function changeDetail(changes: Record<string, [unknown, unknown]>): string | null {
  const status = changes.status?.[1] as AssetStatus | undefined;
  if (status) {
    const reason = changes.reason?.[1];
    return `${ASSET_STATUS_LABELS[status]}${typeof reason === 'string' ? `: ${reason}` : ''}`;
  }
  const files = changes.files?.[1];
  if (Array.isArray(files)) return files.join(', ');
  const fields = Object.keys(changes);
  return fields.length ? fields.join(', ') : null;
}

function entryOf(row: HistoryRow): TAssetHistoryEntry {
  const by = row.kind === 'maintenance' && row.status === 'done' ? nameOfUser(row.byUser) : row.byName;
  return {
    kind: row.kind,
    _id: row.id,
    at: row.at,
    title:
      row.kind === 'submission'
        ? `${formNumberLabel(row.formNumber)} ${row.title}`
        : row.kind === 'change'
          ? capitalised(row.title)
          : row.title,
    detail: row.kind === 'change' ? changeDetail(row.changes ?? {}) : row.detail,
    by: row.kind === 'change' ? nameOfUser(row.byUser) : by,
    status: row.status,
    recordId: row.recordId,
  };
}

/** A page of the asset's history, newest first (the asset is the caller's: the service found it). */
export async function assetHistory(
  reader: Reader,
  auth: AuthContext,
  request: { assetId: string; kind?: AssetHistoryKind | undefined; page: number },
): Promise<TAssetHistoryPage> {
  const all = sources(auth, request.assetId);
  const chosen = request.kind ? [all[request.kind]] : Object.values(all);
  const rows = await reader.rows<HistoryRow>(sql`SELECT * FROM (${join(chosen, ' UNION ALL ')}) h
    ORDER BY h."sortAt" DESC, h.id LIMIT ${ASSET_HISTORY_PAGE + 1} OFFSET ${(request.page - 1) * ASSET_HISTORY_PAGE}`);
  return {
    entries: rows.slice(0, ASSET_HISTORY_PAGE).map(entryOf),
    hasMore: rows.length > ASSET_HISTORY_PAGE,
  };
}
