import {
  personName,
  REPORTS,
  REPORT_PAGE_SIZE,
  REPORT_RECORDS_PAGE_SIZE,
  reportMessages,
  ZReportFilters,
  type ReportId,
  type TReportData,
  type TReportFilters,
  type TReportOptions,
  type TReportRecords,
  type ZReportRecordsRequest,
  type ZReportRequest,
} from '@compass/shared';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { sql, uuid } from '../../db/sql';
import { AppError, parseOrBadRequest } from '../../errors';
import { callerToday } from '../../plugins/organisationDay';
import { checkedQuery, queryKey, reportMeta, type ReportRun } from './filters';
import { requireReport } from './policy';
import { rollupVersion } from './rollups';
import type { DataVersionLookup } from '../../db/versionedCache';
import type { ReportDeps, ReportMeta, ReportQuery, ReportSource, ReportTable, ReportViewer } from './source';
import { REPORT_SOURCES } from './sources';

export interface ReportCacheOptions {
  /** Tables kept, at most (the least recently read go first). */
  maxTables?: number;
  /** Rows kept over all tables, at most: a by-person table of a large organisation holds thousands. */
  maxRows?: number;
  /** The clock (a test's): the organisation's today, an export's time. */
  now?: () => Date;
  /**
   * The organisation's data version (db/versionedCache.ts): with it, tables read live are kept too,
   * under the version, which every write to the tables they read moves. Without it they never are.
   */
  dataVersions?: DataVersionLookup;
}

/** A report as an export or a scheduled mail asks for it: the filters as given (a query string, a saved row). */
export interface ReportFileRun {
  report: ReportId;
  by?: string | undefined;
  filters: TReportFilters;
}

/**
 * Reports & Charts (docs/reports.md): checks a run (checkedQuery), reads its table from the
 * report's source, pages it, and keeps the tables read from rollups.
 */
export class ReportService {
  private readonly sources: Record<ReportId, ReportSource>;
  /**
   * Tables keyed by the query and what they were read from. A table read from rollups is keyed by
   * the rollups' stamps: a rollup changes only when it is refreshed, and a refresh moves its stamp,
   * so a table of older stamps is never read again (it ages out). A table read live is keyed by the
   * organisation's data version as well: every table a report reads live is one of the versioned
   * models (db/prisma.ts VERSIONED_MODELS), whose writes move it.
   */
  private readonly tables: LRUCache<string, ReportTable>;
  /** Tables being read: concurrent first requests of the same figures wait for one read. */
  private readonly reading = new Map<string, Promise<ReportTable>>();
  private readonly now: () => Date;
  private readonly dataVersions: DataVersionLookup | undefined;

  constructor(
    private readonly deps: ReportDeps,
    { maxTables = 500, maxRows = 200_000, now = () => new Date(), dataVersions }: ReportCacheOptions = {},
  ) {
    this.sources = Object.fromEntries(
      Object.entries(REPORT_SOURCES).map(([id, source]) => [id, source(deps)]),
    ) as Record<ReportId, ReportSource>;
    this.tables = new LRUCache({
      max: maxTables,
      maxSize: maxRows,
      sizeCalculation: (table) => table.rows.length + 1,
    });
    this.now = now;
    this.dataVersions = dataVersions;
  }

  /** The checked query of a run, for the viewer's organisation and today (saved reports check theirs here too). */
  query(viewer: ReportViewer, run: ReportRun): ReportQuery {
    return checkedQuery(viewer, run, callerToday(viewer, this.now()));
  }

  async data(viewer: ReportViewer, request: z.output<typeof ZReportRequest>): Promise<TReportData> {
    const query = this.query(viewer, request);
    const table = await this.table(query);
    const start = (request.page - 1) * REPORT_PAGE_SIZE;
    return {
      report: query.report,
      by: query.by,
      chart: table.chart,
      columns: table.columns,
      rows: table.rows.slice(start, start + REPORT_PAGE_SIZE),
      total: table.total,
      rowCount: table.rows.length,
      page: request.page,
      pageSize: REPORT_PAGE_SIZE,
      period: query.months && {
        from: query.months.fromMonth,
        to: query.months.toMonth,
        label: query.months.label,
      },
      asOf: table.asOf?.toISOString() ?? null,
    };
  }

  async records(
    viewer: ReportViewer,
    request: z.output<typeof ZReportRecordsRequest>,
  ): Promise<TReportRecords> {
    const query = this.query(viewer, request);
    return this.sources[query.report].records(query, {
      key: request.key,
      column: request.column,
      page: request.page,
      pageSize: REPORT_RECORDS_PAGE_SIZE,
    });
  }

  async options(viewer: ReportViewer, report: ReportId, personId?: string): Promise<TReportOptions> {
    requireReport(viewer, report);
    const [choices, person] = await Promise.all([
      this.sources[report].options(viewer),
      REPORTS[report].filters.includes('person') && personId ? this.person(viewer, personId) : null,
    ]);
    return { categories: [], templates: [], companies: [], ...choices, person };
  }

  /** An employee of the organisation by id, named for the person filter (a reloaded address holds the id only). */
  private async person(
    viewer: ReportViewer,
    personId: string,
  ): Promise<{ _id: string; name: string } | null> {
    const [found] = await this.deps.reader.rows<{ firstName: string; lastName: string }>(
      sql`SELECT "firstName", "lastName" FROM "Employee" WHERE id = ${uuid(personId)} AND "companyId" = ${uuid(viewer.companyId)}`,
    );
    return found ? { _id: personId, name: personName(found) } : null;
  }

  /** Every group of a report, with what a file prints beside them: for the exports and the scheduled mails. */
  async fullTable(
    viewer: ReportViewer,
    run: ReportFileRun,
  ): Promise<{ table: ReportTable; meta: ReportMeta }> {
    const filters = parseOrBadRequest(ZReportFilters, run.filters);
    const query = this.query(viewer, { report: run.report, by: run.by, filters });
    const [table, options] = await Promise.all([
      this.table(query),
      this.options(viewer, run.report, query.filters.personId),
    ]);
    return { table, meta: await reportMeta(this.deps.reader, query, table, options, this.now()) };
  }

  /** The organisation's roles a saved report may be shared with, by name. */
  async roles(viewer: Pick<ReportViewer, 'companyId'>): Promise<{ rows: { _id: string; name: string }[] }> {
    const rows = await this.deps.reader.rows<{ _id: string; name: string }>(
      sql`SELECT id AS "_id", name FROM "Role" WHERE "companyId" = ${uuid(viewer.companyId)} ORDER BY name, id`,
    );
    return { rows };
  }

  private async table(query: ReportQuery): Promise<ReportTable> {
    const source = this.sources[query.report];
    const [stamps, data] = await Promise.all([
      source.rollups.length > 0 ? rollupVersion(this.deps.reader, source.rollups) : '',
      this.dataVersions ? this.dataVersions(query.viewer.companyId) : null,
    ]);
    // A view not filled yet (new, its first refresh not committed) has no figures to read.
    if (stamps === null) throw new AppError(503, reportMessages.preparing);
    const fromRollups = `${queryKey(query)}|${stamps}`;
    const live = data === null ? null : `${fromRollups}|${data}`;
    const kept = this.tables.get(fromRollups) ?? (live === null ? undefined : this.tables.get(live));
    if (kept) return kept;
    const pending = this.reading.get(live ?? fromRollups);
    if (pending) return pending;
    const read = source
      .table(query)
      .then((table) => {
        const key = table.asOf !== null ? fromRollups : live;
        if (key !== null) this.tables.set(key, table);
        return table;
      })
      .finally(() => this.reading.delete(live ?? fromRollups));
    this.reading.set(live ?? fromRollups, read);
    return read;
  }
}
