import {
  formNumberLabel,
  taskDueType,
  type AssetStatus,
  type FrequencyUnit,
  type MaintenanceKind,
  type MaintenanceStatus,
  type TAssetRef,
  type TMaintenanceDetails,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { emptySql, sql, uuid } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import type { AttachmentService } from '../attachments';
import { userNames } from '../employees';
import { viewableSql } from '../submissions';
import { canComplete, canReassign, findVisibleRecord } from './policy';
import { assigneeJson, type AssigneeJson } from './shapes';

/** How many submissions a completion offers to link. */
const SUBMISSION_OPTIONS = 20;

/**
 * The latest submissions (not drafts) that chose the asset and the caller may open (the
 * submissions' own rule), newest first; `only` narrows to one (a completion's check). Found through
 * the partial GIN index on SubmissionValue (migration assets_register): an asset answer is an array
 * of ids. Supplier users link none: the form history of the organisation's asset is not theirs.
 */
export async function submissionChoices(
  reader: Reader,
  auth: AuthContext,
  assetId: string,
  only?: string,
): Promise<TAssetRef[]> {
  if (auth.userType !== 'employee') return [];
  const company = uuid(auth.companyId);
  const rows = await reader.rows<{ id: string; number: number | null; template: string }>(
    sql`SELECT f.id, f.number, t.name AS template
      FROM "FormSubmission" f JOIN "FormTemplate" t ON t.id = f."templateId"
      WHERE f."companyId" = ${company} AND NOT f."isDraft"
        AND f.id IN (SELECT v."submissionId" FROM "SubmissionValue" v WHERE v."companyId" = ${company}
          AND jsonb_typeof(v.value) = 'array' AND v.value @> ${JSON.stringify([assetId])}::jsonb)
        AND ${viewableSql(auth, sql`f`)}
        ${only ? sql`AND f.id = ${uuid(only)}` : emptySql}
      ORDER BY f."formDate" DESC, f."createdAt" DESC, f.id LIMIT ${SUBMISSION_OPTIONS}`,
  );
  return rows.map((row) => ({ _id: row.id, name: `${formNumberLabel(row.number)} ${row.template}` }));
}

interface DetailsRow {
  assetNumber: string;
  assetName: string;
  location: string;
  workplace: string | null;
  assetStatus: AssetStatus;
  kind: MaintenanceKind;
  frequency: FrequencyUnit | null;
  assignee: AssigneeJson;
  dueDate: string;
  status: MaintenanceStatus;
  completedOn: string | null;
  cost: string | null;
  formTemplate: TAssetRef | null;
  formSubmission: { _id: string; number: number | null; template: string } | null;
  fault: {
    id: string;
    description: string;
    reporter: string;
    reportedAt: string;
    tookOutOfService: boolean;
  } | null;
}

/** A record as its page shows it, to whoever may open it (policy.ts), with what they may do. */
export async function recordDetails(
  db: Db,
  reader: Reader,
  attachments: AttachmentService,
  auth: AuthContext,
  id: string,
): Promise<TMaintenanceDetails> {
  const record = await findVisibleRecord(db, auth, id);
  const [row] = await reader.rows<DetailsRow>(sql`SELECT a.number AS "assetNumber", a.name AS "assetName",
      a.location, w.name AS workplace, a.status::text AS "assetStatus", r.kind::text AS kind,
      p.frequency::text AS frequency, ${assigneeJson('r')} AS assignee, r."dueDate", r.status::text AS status,
      r."completedOn", r.cost::text AS cost,
      (SELECT json_build_object('_id', t.id, 'name', t.name) FROM "FormTemplate" t
        WHERE t.id = p."formTemplateId" AND t."companyId" = r."companyId") AS "formTemplate",
      (SELECT json_build_object('_id', f.id, 'number', f.number, 'template', t.name)
        FROM "FormSubmission" f JOIN "FormTemplate" t ON t.id = f."templateId"
        -- Named only to a viewer who may open it (the link the page draws): the history's rule.
        WHERE f.id = r."formSubmissionId" AND f."companyId" = r."companyId"
          AND ${viewableSql(auth, sql`f`)}) AS "formSubmission",
      (SELECT json_build_object('id', af.id, 'description', af.description,
          'reporter', CASE WHEN e.id IS NULL THEN coalesce(af."reporterName", '')
            ELSE concat_ws(' ', e."firstName", e."lastName") END,
          'reportedAt', to_char(af."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'tookOutOfService', af."tookOutOfService")
        FROM "AssetFault" af LEFT JOIN "Employee" e ON e.id = af."reportedByEmployeeId"
        WHERE af."recordId" = r.id) AS fault
    FROM "MaintenanceRecord" r JOIN "Asset" a ON a.id = r."assetId"
    LEFT JOIN "Workplace" w ON w.id = a."workplaceId"
    LEFT JOIN "MaintenancePlan" p ON p.id = r."planId"
    WHERE r.id = ${uuid(record.id)}`);
  if (!row) throw new Error(`Maintenance record ${record.id} has no asset`);
  const [files, photos, names, submissionOptions] = await Promise.all([
    attachments.listFor(auth.companyId, 'maintenanceRecord', record.id),
    row.fault ? attachments.listFor(auth.companyId, 'assetFault', row.fault.id) : Promise.resolve([]),
    userNames(db, auth.companyId, [record.completedByUserId]),
    record.status === 'open' ? submissionChoices(reader, auth, record.assetId) : Promise.resolve([]),
  ]);
  const { fault, formSubmission } = row;
  return {
    _id: record.id,
    asset: {
      _id: record.assetId,
      number: row.assetNumber,
      name: row.assetName,
      location: row.location,
      workplace: row.workplace,
      status: row.assetStatus,
    },
    kind: row.kind,
    title: record.title,
    instructions: record.instructions,
    frequency: row.frequency,
    planId: record.planId,
    assignee: row.assignee,
    dueDate: row.dueDate,
    taskDueDateType: row.status === 'open' ? taskDueType(row.dueDate, callerToday(auth)) : 'nodue',
    status: row.status,
    fault: fault && {
      description: fault.description,
      reportedBy: fault.reporter,
      reportedAt: fault.reportedAt,
      tookOutOfService: fault.tookOutOfService,
      photos,
    },
    formTemplate: row.formTemplate,
    completedOn: row.completedOn,
    completedBy: record.completedByUserId ? (names.get(record.completedByUserId) ?? null) : null,
    completionNotes: record.completionNotes,
    cost: row.cost,
    formSubmission: formSubmission && {
      _id: formSubmission._id,
      name: `${formNumberLabel(formSubmission.number)} ${formSubmission.template}`,
    },
    attachments: files,
    canComplete: canComplete(auth, record),
    canReassign: canReassign(auth, record),
    submissionOptions,
  };
}
