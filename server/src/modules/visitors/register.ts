import {
  addDays,
  personName,
  startOfLocalDay,
  totalHours,
  VISIT_EXPORT_LIMIT,
  VISIT_KIND_LABELS,
  visitorMessages as say,
  type TOnSiteNow,
  type TVisitDetails,
  type TVisitList,
  type TVisitRow,
  type VisitKind,
} from '@compass/shared';
import type { z } from 'zod';
import type { ZVisitExportQuery, ZVisitFilters, ZVisitListRequest } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { keyedSearchPage, timestampOf, type Reader } from '../../db/reader';
import { containing, emptySql, join, sql, storedTimestamp, uuid, type Sql } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { csvOf, type CsvColumn } from '../../plugins/csv';
import { contentTypeOf } from '../../plugins/downloads';
import { xlsxOf } from '../../plugins/xlsx';
import { attachmentOf, attachmentsJson } from '../attachments';
import { statementPage } from '../registerParts';
import { onSiteNow } from './onSite';

type VisitFilters = z.output<typeof ZVisitFilters>;
type Name = { firstName: string; lastName: string } | null;

/** A visit as the page statement reads it (timestamps as text, the host's name as JSON). */
interface ListRow {
  id: string;
  kind: VisitKind;
  fullName: string;
  visitorCompany: string;
  host: Name;
  purpose: string;
  phone: string;
  workplace: string;
  branch: string | null;
  signInAt: string;
  signOutAt: string | null;
}

/** The export's row: the list's, with its times as the organisation's clock shows them. */
type ExportRow = TVisitRow & { signedIn: string; signedOut: string | null };

interface DetailsRow extends ListRow {
  answers: { label: string; value: string }[];
  rulesAcceptedAt: string | null;
  signature: string | null;
  kiosk: string | null;
  signedOutBy: Name;
  personnel: Name;
  photos: Parameters<typeof attachmentOf>[0][];
}

/**
 * The register's search: exactly the expression of the trigram index "Visit_search_trgm_idx"
 * (migration timesheets_and_visitors), so a search reads the index instead of every visit.
 */
const VISIT_SEARCH_TEXT = sql`lower(v."fullName" || ' ' || v."visitorCompany")`;

/** A person's name (of an Employee or Personnel row `x`) as JSON, for personName. */
const NAME_OF_X = sql`json_build_object('firstName', x."firstName", 'lastName', x."lastName")`;

/** Newest first, on the index Visit_companyId_signInAt_id_idx (signInAt DESC, id). */
const order = (alias: Sql) => sql`${alias}."signInAt" DESC, ${alias}.id`;

/**
 * Vismate's register: the organisation's visits (for holders of `vismate`, which each call's
 * access already checked), one visit's details, signing a visitor out and who is on site now.
 * Every read and write is scoped to the caller's organisation.
 */
export class VisitRegister {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  /** A page of the register, newest first, counted up to RECORDS_COUNT_CAP. */
  async list(auth: AuthContext, request: z.output<typeof ZVisitListRequest>): Promise<TVisitList> {
    const where = conditions(auth, request);
    if (request.search) {
      // The matches' ids planned for the text: a common name walks the date index, which carries the
      // name and company (migration visit_search_walk), a rare one takes the trigram index. Then the
      // page's rows by id on a generic plan: planned whole for each text, the page cost more to plan
      // than to read.
      return keyedSearchPage(
        this.reader,
        request,
        {
          keys: sql`SELECT v.id FROM "Visit" v WHERE ${where} ORDER BY ${order(sql`v`)}`,
          rows: (ids) =>
            page(sql`SELECT v.* FROM unnest(${ids}) k(id) JOIN "Visit" v ON v.id = k.id
              AND v."companyId" = ${uuid(auth.companyId)}`),
        },
        rowOf,
      );
    }
    return statementPage(
      this.reader,
      request,
      {
        page: (limit) =>
          page(sql`SELECT v.* FROM "Visit" v WHERE ${where} ORDER BY ${order(sql`v`)} ${limit}`),
        count: sql`SELECT 1 FROM "Visit" v WHERE ${where}`,
      },
      rowOf,
    );
  }

  /** The filtered register as a CSV or XLSX file in the list's order, at most VISIT_EXPORT_LIMIT rows. */
  async exportFile(auth: AuthContext, query: z.output<typeof ZVisitExportQuery>) {
    const { format, ...filters } = query;
    const where = conditions(auth, filters);
    const local = (column: Sql) =>
      sql`to_char((${column} AT TIME ZONE 'UTC') AT TIME ZONE ${auth.timeZone}, 'YYYY-MM-DD HH24:MI')`;
    const found = await this.reader.rows<ListRow & { signedIn: string; signedOut: string | null }>(
      page(
        sql`SELECT v.* FROM "Visit" v WHERE ${where} ORDER BY ${order(sql`v`)} LIMIT ${VISIT_EXPORT_LIMIT + 1}`,
        sql`, ${local(sql`page."signInAt"`)} AS "signedIn", ${local(sql`page."signOutAt"`)} AS "signedOut"`,
      ),
      { export: true, ...(filters.search && { plan: 'custom' as const }) },
    );
    const rows: ExportRow[] = found
      .slice(0, VISIT_EXPORT_LIMIT)
      .map((row) => ({ ...rowOf(row), signedIn: row.signedIn, signedOut: row.signedOut }));
    const fileName = `visitors.${format}`;
    return {
      body:
        format === 'xlsx'
          ? xlsxOf(VISIT_EXPORT_COLUMNS, rows, 'Visitors')
          : csvOf(VISIT_EXPORT_COLUMNS, rows),
      contentType: contentTypeOf(fileName),
      fileName,
      truncated: found.length > VISIT_EXPORT_LIMIT,
    };
  }

  /** One visit of the organisation with the visitor's answers, signature and photo; else 404. */
  async details(auth: AuthContext, visitId: string): Promise<TVisitDetails> {
    const [row] = await this.reader.rows<DetailsRow>(
      page(
        sql`SELECT v.* FROM "Visit" v WHERE v.id = ${uuid(visitId)} AND v."companyId" = ${uuid(auth.companyId)}`,
        sql`, page.answers, page."rulesAcceptedAt", page.signature,
          (SELECT k.name FROM "VisitorKiosk" k WHERE k.id = page."kioskId" AND k."companyId" = page."companyId") AS kiosk,
          (SELECT ${NAME_OF_X} FROM "Employee" x
            WHERE x.id = page."signedOutById" AND x."companyId" = page."companyId") AS "signedOutBy",
          (SELECT ${NAME_OF_X} FROM "Personnel" x
            WHERE x.id = page."personnelId" AND x."companyId" = page."companyId") AS personnel,
          ${attachmentsJson('visit', sql`page.id`, sql`page."companyId"`)} AS photos`,
      ),
    );
    if (!row) throw notFound();
    // The kiosk keeps one photo of a visit; should there be more, the latest.
    const photo = row.photos.at(-1);
    return {
      ...rowOf(row),
      answers: row.answers.map(({ label, value }) => ({ label, value })),
      rulesAcceptedAt: row.rulesAcceptedAt ? timestampOf(row.rulesAcceptedAt).toISOString() : null,
      signature: row.signature,
      photo: photo ? attachmentOf(photo) : null,
      kiosk: row.kiosk,
      signedOutBy: row.signedOutBy ? personName(row.signedOutBy) : null,
      personnel: row.personnel ? personName(row.personnel) : null,
    };
  }

  /**
   * Signs out a visitor still on site (one who left without signing out at the kiosk). Only an open
   * visit is written, so of two sign-outs at once exactly one wins and the other answers 409.
   */
  async signOut(auth: AuthContext, visitId: string): Promise<void> {
    const companyId = auth.companyId;
    await this.db.$transaction(async (tx) => {
      const visit = await tx.visit.findFirst({ where: { id: visitId, companyId }, select: { id: true } });
      if (!visit) throw notFound();
      const signOutAt = new Date();
      const { count } = await tx.visit.updateMany({
        where: { id: visitId, companyId, signOutAt: null },
        data: { signOutAt, signedOutById: auth.employeeId },
      });
      if (count === 0) throw conflict(say.alreadySignedOut);
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'visit',
        entityId: visitId,
        action: 'signedOut',
        before: { signOutAt: null },
        after: { signOutAt: signOutAt.toISOString() },
      });
    });
  }

  onSiteNow(auth: AuthContext, workplaceId: string): Promise<TOnSiteNow> {
    return onSiteNow(this.reader, auth, workplaceId);
  }
}

/** The filters' conditions on `v`; the period is of the organisation's days, on signInAt. */
function conditions(auth: AuthContext, filters: VisitFilters): Sql {
  if (filters.from && filters.to && filters.from > filters.to) throw badRequest(say.periodReversed);
  const where = [sql`v."companyId" = ${uuid(auth.companyId)}`];
  if (filters.search) where.push(sql`${VISIT_SEARCH_TEXT} LIKE ${containing(filters.search.toLowerCase())}`);
  if (filters.workplaceId) where.push(sql`v."workplaceId" = ${uuid(filters.workplaceId)}`);
  if (filters.kind) where.push(sql`v.kind = ${filters.kind}::"VisitKind"`);
  if (filters.status === 'onSite') where.push(sql`v."signOutAt" IS NULL`);
  if (filters.status === 'signedOut') where.push(sql`v."signOutAt" IS NOT NULL`);
  // The days' bounds as instants, so the range reads the (companyId, signInAt) index.
  if (filters.from)
    where.push(sql`v."signInAt" >= ${storedTimestamp(startOfLocalDay(filters.from, auth.timeZone))}`);
  if (filters.to) {
    where.push(
      sql`v."signInAt" < ${storedTimestamp(startOfLocalDay(addDays(filters.to, 1), auth.timeZone))}`,
    );
  }
  return join(where, ' AND ');
}

/** The visits of `chosen` (a SELECT of whole rows on `v`) with the names they refer to, newest first. */
function page(chosen: Sql, extra: Sql = emptySql): Sql {
  return sql`SELECT page.id, page.kind::text AS kind, page."fullName", page."visitorCompany",
      (SELECT ${NAME_OF_X} FROM "Employee" x
        WHERE x.id = page."hostEmployeeId" AND x."companyId" = page."companyId") AS host,
      page.purpose, page.phone, w.name AS workplace, b.name AS branch, page."signInAt", page."signOutAt" ${extra}
    FROM (${chosen}) page
    JOIN "Workplace" w ON w.id = page."workplaceId" AND w."companyId" = page."companyId"
    LEFT JOIN "Branch" b ON b.id = page."branchId" AND b."companyId" = page."companyId"
    ORDER BY ${order(sql`page`)}`;
}

function rowOf(row: ListRow): TVisitRow {
  const signInAt = timestampOf(row.signInAt);
  const signOutAt = row.signOutAt ? timestampOf(row.signOutAt) : null;
  return {
    _id: row.id,
    kind: row.kind,
    fullName: row.fullName,
    visitorCompany: row.visitorCompany,
    host: row.host ? personName(row.host) : null,
    purpose: row.purpose,
    phone: row.phone,
    Workplaces: row.workplace,
    Branchs: row.branch,
    SigninTime: signInAt.toISOString(),
    SignoutTime: signOutAt ? signOutAt.toISOString() : null,
    hours: signOutAt ? totalHours(signInAt, signOutAt) : null,
  };
}

/** The export's columns, the same in the CSV and the XLSX file. */
const VISIT_EXPORT_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'Name', value: (row) => row.fullName },
  { header: 'Company', value: (row) => row.visitorCompany },
  { header: 'Kind', value: (row) => VISIT_KIND_LABELS[row.kind] },
  { header: 'Host', value: (row) => row.host },
  { header: 'Purpose', value: (row) => row.purpose },
  { header: 'Phone', value: (row) => row.phone },
  { header: 'Workplace', value: (row) => row.Workplaces },
  { header: 'Branch', value: (row) => row.Branchs },
  { header: 'Signed in', value: (row) => row.signedIn },
  { header: 'Signed out', value: (row) => row.signedOut },
  { header: 'Hours', value: (row) => row.hours },
];
