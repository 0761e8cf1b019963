import {
  formattedNumber,
  messages,
  personName,
  type TChangeLogEntry,
  type TFormSubmissionList,
} from '@compass/shared';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ZFormSubmissionListRequest } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { cappedCount, keyedSearchPage, timestampOf, type Reader } from '../../db/reader';
import { containing, join, sql, storedTimestamp, uuid, type Sql } from '../../db/sql';
import { hasRecordsAccess } from './policy';
import { type SubmissionActor, blank, type Change, recorderName } from './shapes';
import { type SubmissionPolicy } from './policy';

/** The Records list and a submission's history (the change log it reads). */
export class SubmissionRecords {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly policy: SubmissionPolicy,
  ) {}

  // ---------- List and history ----------

  async list(
    auth: AuthContext,
    request: z.output<typeof ZFormSubmissionListRequest>,
  ): Promise<TFormSubmissionList> {
    if (request.scope === 'all' && !hasRecordsAccess(auth)) throw forbidden();
    const { from, where, order } = selection(auth, request);
    /** The list's columns of `rows` (a SELECT of whole submissions `f`), in its order. */
    const statement = (rows: Sql) => sql`SELECT page.id, page.number, page."isDraft", page."isClosed",
          page."templateId", t.name AS "templateName", page."formDescription", page."formDate",
          page."formType"::text AS "formType", w.name AS "workplaceName", b.name AS "branchName",
          page."recordedByEmployeeId", page."recordedByPersonnelId",
          (SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName")
            FROM "SubmissionCoordinator" c JOIN "Employee" e ON e.id = c."employeeId"
            WHERE c."submissionId" = page.id AND c.position = 0 LIMIT 1) AS coordinator,
          (SELECT json_build_object('firstName', e."firstName", 'lastName', e."lastName") FROM "Employee" e
            WHERE e.id = page."recordedByEmployeeId" AND e."companyId" = page."companyId") AS "recorderEmployee",
          (SELECT json_build_object('firstName', p."firstName", 'lastName', p."lastName") FROM "Personnel" p
            WHERE p.id = page."recordedByPersonnelId" AND p."companyId" = page."companyId") AS "recorderPersonnel"
        FROM (${rows}) page
        JOIN "FormTemplate" t ON t.id = page."templateId"
        LEFT JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
        LEFT JOIN "Branch" b ON b.id = page."branchId" AND b."companyId" = page."companyId"
        ORDER BY ${order('page')}`;
    const shown = (row: ListRow): TFormSubmissionList['rows'][number] => ({
      _id: row.id,
      formatedNumber: formattedNumber(row.isDraft ? null : row.number),
      formTemplateId: row.templateId,
      formTemplateName: row.templateName,
      formDescription: row.formDescription,
      formDate: row.formDate,
      workplaceName: row.workplaceName ?? '',
      branchName: row.branchName ?? '',
      status: row.isClosed ? 'Closed' : row.isDraft ? 'Draft' : 'Open',
      coordinator: personName(row.coordinator),
      recordedBy: recorderName(
        row,
        namesOf(row.recordedByEmployeeId, row.recorderEmployee),
        namesOf(row.recordedByPersonnelId, row.recorderPersonnel),
      ),
      formType: row.formType,
    });
    const paging = { page: request.page, pageSize: request.pageSize };
    // A search reads its matches' ids a few pages ahead in the page's order, planned for its word
    // (a common one reads the date index, which carries the description, until it has them; a rare
    // one the trigram index), then the page's submissions by id.
    if (request.search)
      return {
        ...(await keyedSearchPage(
          this.reader,
          request,
          {
            keys: sql`SELECT f.id FROM ${from} WHERE ${where} ORDER BY ${order('f')}`,
            rows: (ids) =>
              statement(sql`SELECT f.* FROM unnest(${ids}) k(id) JOIN "FormSubmission" f ON f.id = k.id
                AND f."companyId" = ${uuid(auth.companyId)}`),
          },
          shown,
        )),
        ...paging,
      };
    const [rows, counted] = await Promise.all([
      this.reader.rows<ListRow>(
        statement(sql`SELECT f.* FROM ${from} WHERE ${where} ORDER BY ${order('f')}
          LIMIT ${request.pageSize} OFFSET ${(request.page - 1) * request.pageSize}`),
      ),
      cappedCount(this.reader, sql`SELECT 1 FROM ${from} WHERE ${where}`, request),
    ]);
    return { rows: rows.map(shown), ...counted, ...paging };
  }

  async history(auth: AuthContext, submissionId: string): Promise<TChangeLogEntry[]> {
    if (!(await this.policy.visible(auth, submissionId))) throw notFound();
    const company = uuid(auth.companyId);
    const submission = uuid(submissionId);
    // The submission's rows, its actions' rows, and those of actions since deleted (their rows name
    // the submission; an expression index serves that).
    const rows = await this.reader.rows<HistoryRow>(sql`SELECT l.id, l."entityType", l."entityId", l.action,
        l.changes, l."createdAt", u.username, e."firstName" AS "employeeFirstName",
        e."lastName" AS "employeeLastName", p."firstName" AS "personnelFirstName", p."lastName" AS "personnelLastName"
      FROM "ChangeLog" l
      LEFT JOIN "User" u ON u.id = l."userId" AND u."companyId" = l."companyId"
      LEFT JOIN "Employee" e ON e.id = u."employeeId"
      LEFT JOIN "Personnel" p ON p.id = u."personnelId"
      WHERE l.id IN (
        SELECT id FROM "ChangeLog"
          WHERE "companyId" = ${company} AND "entityType" = 'formSubmission' AND "entityId" = ${submission}
        UNION ALL
        SELECT c.id FROM "Action" a JOIN "ChangeLog" c
          ON c."companyId" = a."companyId" AND c."entityType" = 'action' AND c."entityId" = a.id
          WHERE a."companyId" = ${company} AND a."submissionId" = ${submission}
        UNION ALL
        SELECT id FROM "ChangeLog"
          WHERE "companyId" = ${company} AND "entityType" = 'action' AND changes->>'submissionId' = ${submissionId})
      ORDER BY l."createdAt" DESC, l.id DESC`);
    return rows.map((row) => ({
      _id: row.id,
      entityType: row.entityType === 'action' ? 'action' : 'submission',
      entityId: row.entityId,
      action: row.action,
      who: whoOf(row),
      when: timestampOf(row.createdAt).toISOString(),
      changes: Object.entries((row.changes ?? {}) as Record<string, unknown>)
        .filter(([field]) => field !== 'submissionId')
        .map(([field, value]) =>
          Array.isArray(value) && value.length === 2
            ? { field, from: value[0] ?? null, to: value[1] ?? null }
            : { field, from: null, to: value ?? null },
        )
        // Rows written before empty answers compared equal (and a completion without files).
        .filter((change) => !(blank(change.from) && blank(change.to))),
    }));
  }
}

interface HistoryRow {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  changes: unknown;
  /** A `timestamp` in UTC, as text (see db/reader.ts). */
  createdAt: string;
  /** Null for no user (a guest). */
  username: string | null;
  employeeFirstName: string | null;
  employeeLastName: string | null;
  personnelFirstName: string | null;
  personnelLastName: string | null;
}

/** Who made a change: the user's person, else the username; a guest without a user. */
function whoOf(row: HistoryRow): string {
  if (row.username === null) return messages.submission.guestUser;
  const person =
    row.employeeFirstName !== null
      ? { firstName: row.employeeFirstName, lastName: row.employeeLastName ?? '' }
      : row.personnelFirstName !== null
        ? { firstName: row.personnelFirstName, lastName: row.personnelLastName ?? '' }
        : null;
  return personName(person) || row.username;
}

/** A ChangeLog row in the style of the other features: { attribute: [from, to] }. */
export async function logChanges(
  tx: Prisma.TransactionClient,
  auth: SubmissionActor,
  entityType: 'formSubmission' | 'action',
  entityId: string,
  submissionId: string,
  action: string,
  changes: Change[],
) {
  const entries = Object.fromEntries(changes.map((change) => [change.field, [change.from, change.to]]));
  // An action's row names its submission, so its history survives the action's deletion.
  const logged = entityType === 'action' ? { ...entries, submissionId } : entries;
  // Not changeLog.create: a save writes one row per changed action too, and Prisma's create spent
  // about 0.3 ms of CPU on each, reading back the row nobody uses.
  await tx.$executeRaw(sql`INSERT INTO "ChangeLog" (id, "companyId", "entityType", "entityId", "userId", action, changes, "createdAt")
    VALUES (${randomUUID()}::uuid, ${uuid(auth.companyId)}, ${entityType}, ${uuid(entityId)},
      ${auth.userId}::uuid, ${action}, ${JSON.stringify(logged)}::jsonb, ${storedTimestamp(new Date())})`);
}

interface ListRow {
  id: string;
  number: number | null;
  isDraft: boolean;
  isClosed: boolean;
  templateId: string;
  templateName: string;
  formDescription: string;
  /** yyyy-MM-dd: the reader hands dates over as text. */
  formDate: string;
  /** The stored enum value, which is the wire's (schema.prisma maps form_submission). */
  formType: TFormSubmissionList['rows'][number]['formType'];
  workplaceName: string | null;
  branchName: string | null;
  coordinator: Person | null;
  recordedByEmployeeId: string | null;
  recordedByPersonnelId: string | null;
  recorderEmployee: Person | null;
  recorderPersonnel: Person | null;
}

type Person = { firstName: string; lastName: string };

/** The one name recorderName may look up for a row. */
const namesOf = (id: string | null, person: Person | null) =>
  new Map(id && person ? [[id, personName(person)]] : []);

const COLUMNS = {
  formDate: sql`"formDate"`,
  number: sql`number`,
  formDescription: sql`"formDescription"`,
  createdAt: sql`"createdAt"`,
  id: sql`id`,
};

/**
 * Which submissions a list request means, in SQL: the rows (`from`, `f` being the submission),
 * the filters and the order, for the page and the count alike. My Records starts from the caller's
 * rows of SubmissionParticipant (creator, recorder, coordinator; kept by triggers), read in date
 * order from its index; the organisation's Records walk an index of their sort with the filters,
 * so neither reads every submission (issue 18: an OR over the four ways read all 200,000 twice).
 */
function selection(
  auth: AuthContext,
  request: z.output<typeof ZFormSubmissionListRequest>,
): { from: Sql; where: Sql; order: (alias: 'f' | 'page') => Sql } {
  const company = uuid(auth.companyId);
  const me = uuid(auth.employeeId ?? auth.personnelId ?? auth.userId);
  let from = sql`"FormSubmission" f`;
  const conditions = [sql`f."companyId" = ${company}`];
  if (request.scope === 'my') {
    // A left join the count can leave out when no filter reads the submission (every row has one).
    from = sql`"SubmissionParticipant" p LEFT JOIN "FormSubmission" f ON f.id = p."submissionId"`;
    conditions[0] = sql`p."companyId" = ${company} AND p."participantId" = ${me}`;
  } else if (!auth.accessKeys.has('hrEmployeePrivateInfo')) {
    // Performance reviews (HR forms) of others only for a role with hrEmployeePrivateInfo.
    conditions.push(sql`(f."formType" <> 'hr' OR EXISTS (SELECT 1 FROM "SubmissionParticipant" p
      WHERE p."participantId" = ${me} AND p."submissionId" = f.id))`);
  }
  // My Records read the state from the participant rows (copied there), the rest from the submission.
  const state = request.scope === 'my' ? sql`p` : sql`f`;
  if (request.status === 'Draft') conditions.push(sql`${state}."isDraft"`);
  if (request.status === 'Open') conditions.push(sql`NOT ${state}."isDraft" AND NOT ${state}."isClosed"`);
  if (request.status === 'Closed') conditions.push(sql`${state}."isClosed"`);
  if (request.formTemplateId) conditions.push(sql`f."templateId" = ${uuid(request.formTemplateId)}`);
  if (request.workplace) conditions.push(sql`f."workplaceId" = ${uuid(request.workplace)}`);
  if (request.fromDate) conditions.push(sql`f."formDate" >= ${request.fromDate}::date`);
  if (request.toDate) conditions.push(sql`f."formDate" <= ${request.toDate}::date`);
  if (request.search) conditions.push(sql`f."formDescription" ILIKE ${containing(request.search)}`);
  const direction = request.sortDirection === 'asc' ? sql`ASC` : sql`DESC`;
  const order = (alias: 'f' | 'page') => {
    const table = alias === 'f' ? sql`f` : sql`page`;
    const column = (name: keyof typeof COLUMNS) => sql`${table}.${COLUMNS[name]}`;
    // My Records by date or number read their indexes (participant, formDate or number,
    // submission) in order.
    const mine = request.scope === 'my' && alias === 'f';
    const byDate = mine
      ? sql`p."formDate" ${direction}, p."submissionId" ${direction}`
      : sql`${column('formDate')} ${direction}, ${column('id')} ${direction}`;
    // Drafts have no number: they sort last either way.
    const byNumber = mine
      ? sql`p.number ${direction} NULLS LAST, p."submissionId" ${direction}`
      : sql`${column('number')} ${direction} NULLS LAST, ${column('id')} ${direction}`;
    return {
      formDate: byDate,
      number: byNumber,
      formDescription: sql`${column('formDescription')} ${direction}, ${column('id')} ${direction}`,
      createdAt: sql`${column('createdAt')} ${direction}, ${column('id')} ${direction}`,
    }[request.sort];
  };
  return { from, where: join(conditions, ' AND '), order };
}
