import {
  addDays,
  personName,
  type DocumentVersionStatus,
  type FrequencyUnit,
  type TDocumentRow,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZDocumentCsvRequest, ZDocumentListRequest } from '@compass/shared';
import { timestampOf, type Reader } from '../../db/reader';
import { containing, day, join, sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { exportRows, listPage } from '../registerParts';

type ListRequest = z.output<typeof ZDocumentListRequest>;
type Filters = z.output<typeof ZDocumentCsvRequest>;

interface ListRow {
  id: string;
  name: string;
  folderName: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  currentVersion: number | null;
  status: DocumentVersionStatus;
  reviewFrequency: FrequencyUnit;
  nextReviewDate: string | null;
  updatedAt: string;
}

const ORDER: Record<Filters['sort'], (alias: string) => Sql> = {
  name: (a) => sql([`${a}.name, ${a}.id`]),
  '-name': (a) => sql([`${a}.name DESC, ${a}.id DESC`]),
  nextReviewDate: (a) => sql([`${a}."nextReviewDate" NULLS LAST, ${a}.name, ${a}.id`]),
  '-nextReviewDate': (a) => sql([`${a}."nextReviewDate" DESC NULLS LAST, ${a}.name, ${a}.id`]),
  '-updatedAt': (a) => sql([`${a}."updatedAt" DESC, ${a}.id DESC`]),
};

/** The library's page: searched, filtered, sorted. */
export async function listDocuments(reader: Reader, auth: AuthContext, request: ListRequest) {
  const where = whereOf(auth, request);
  const order = ORDER[request.sort];
  // A search's matches are found first (the trigram index) and then sorted: walking the name order
  // instead passed over 13,000 documents when the few matches all sort late (OFFSET 0 keeps the
  // planner from merging the two).
  const matching = request.search
    ? sql`(SELECT * FROM "Document" d WHERE ${where} OFFSET 0) d`
    : sql`"Document" d WHERE ${where}`;
  return listPage(
    reader,
    request,
    {
      rows: (limit, offset) =>
        reader.rows<ListRow>(sql`${select(sql`(SELECT d.* FROM ${matching}
          ORDER BY ${order('d')} LIMIT ${limit} OFFSET ${offset})`)}
        ORDER BY ${order('page')}`),
      count: sql`SELECT 1 FROM "Document" d WHERE ${where}`,
    },
    toRow,
  );
}

/** Every document matching the list's filters, in its order, as CSV. */
export async function documentsCsv(reader: Reader, auth: AuthContext, request: Filters): Promise<string> {
  const where = whereOf(auth, request);
  const order = ORDER[request.sort];
  const statement = sql`${select(sql`(SELECT d.* FROM "Document" d WHERE ${where})`)} ORDER BY ${order('page')}`;
  return exportRows<ListRow, TDocumentRow>(reader, statement, toRow, [
    { header: 'Name', value: (row) => row.name },
    { header: 'Folder', value: (row) => row.folderName },
    { header: 'Owner', value: (row) => row.ownerName },
    { header: 'Current version', value: (row) => row.currentVersion },
    { header: 'Status', value: (row) => row.status },
    { header: 'Review frequency', value: (row) => row.reviewFrequency },
    { header: 'Next review', value: (row) => row.nextReviewDate },
    { header: 'Last changed', value: (row) => row.updatedAt },
  ]);
}

function select(page: Sql): Sql {
  return sql`SELECT page.id, page.name, f.name AS "folderName", e."firstName" AS "ownerFirstName",
        e."lastName" AS "ownerLastName", v.number AS "currentVersion", page.status::text AS status,
        page."reviewFrequency"::text AS "reviewFrequency",
        to_char(page."nextReviewDate", 'YYYY-MM-DD') AS "nextReviewDate", page."updatedAt"
      FROM ${page} page
      LEFT JOIN "DocumentFolder" f ON f.id = page."folderId" AND f."companyId" = page."companyId"
      LEFT JOIN "Employee" e ON e.id = page."ownerEmployeeId" AND e."companyId" = page."companyId"
      LEFT JOIN "DocumentVersion" v ON v.id = page."currentVersionId" AND v."companyId" = page."companyId"`;
}

function whereOf(auth: AuthContext, request: Filters): Sql {
  const parts = [sql`d."companyId" = ${uuid(auth.companyId)}`];
  if (request.search) parts.push(sql`d.name ILIKE ${containing(request.search)}`);
  if (request.folderId) parts.push(sql`d."folderId" = ${uuid(request.folderId)}`);
  if (request.status) parts.push(sql`d.status = ${request.status}::"DocumentVersionStatus"`);
  if (request.review) {
    const today = callerToday(auth);
    parts.push(
      request.review === 'overdue'
        ? sql`d."nextReviewDate" < ${day(today)}`
        : sql`d."nextReviewDate" BETWEEN ${day(today)} AND ${day(addDays(today, 30))}`,
    );
  }
  return join(parts, ' AND ');
}

function toRow(row: ListRow): TDocumentRow {
  return {
    _id: row.id,
    name: row.name,
    folderName: row.folderName,
    ownerName:
      row.ownerFirstName === null
        ? null
        : personName({ firstName: row.ownerFirstName, lastName: row.ownerLastName ?? '' }),
    currentVersion: row.currentVersion,
    status: row.status,
    reviewFrequency: row.reviewFrequency,
    nextReviewDate: row.nextReviewDate,
    updatedAt: timestampOf(row.updatedAt).toISOString(),
  };
}
