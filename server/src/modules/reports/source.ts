import type {
  ReportId,
  TReportColumn,
  TReportOptions,
  TReportRecords,
  TReportRow,
  TResolvedReportFilters,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import type { AuthContext } from '../../plugins/auth';

/**
 * What a report is run for: the viewer (a signed-in employee, or a saved report's owner when its
 * schedule sends it) — only what the catalogue's rule (mayRunReport) needs and the organisation.
 */
export type ReportViewer = Pick<AuthContext, 'companyId' | 'employeeId' | 'accessKeys' | 'timeZone'>;

/** The period as whole months of the organisation's calendar. */
export interface ReportMonths {
  /** The first day of the first month (yyyy-MM-dd), inclusive; null: no lower bound ("All time"). */
  from: string | null;
  /** The first day of the month after the last (yyyy-MM-dd), exclusive. */
  until: string;
  fromMonth: string | null;
  toMonth: string;
  label: string;
}

/** One run of a report, checked by the service: a grouping of the report, filters it takes. */
export interface ReportQuery {
  viewer: ReportViewer;
  report: ReportId;
  /** A grouping id of the report (REPORTS[report].groupings). */
  by: string;
  filters: TResolvedReportFilters;
  /** Null for the reports without a period. */
  months: ReportMonths | null;
  /** The organisation's today, yyyy-MM-dd (overdue, expiring, ages are counted from it). */
  today: string;
}

export interface ReportTable {
  chart: 'bar' | 'stackedBar' | 'line' | 'heatmap';
  columns: TReportColumn[];
  /** Every group, in the report's order (time ascending, the others largest first): the service pages them. */
  rows: TReportRow[];
  /** The totals of all groups, one per column; null where a sum means nothing (an average). */
  total: (number | null)[];
  /** When the rollup the figures come from was brought up to date; null when read live. */
  asOf: Date | null;
}

export interface ReportDrill {
  /** A row's key. */
  key: string;
  /** A drill column's id; undefined: every record of the row. */
  column: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * One report's reads (sources/<report>.ts). The service has checked the viewer's right to the
 * report, the grouping and the filters; a source reads the viewer's organisation only.
 */
export interface ReportSource {
  /** The rollups (materialised views `report_*`) the source may read: their stamp keys the cache. */
  rollups: readonly string[];
  table(query: ReportQuery): Promise<ReportTable>;
  /** The records behind a row or a cell, newest first; each with the path the viewer opens it at. */
  records(query: ReportQuery, drill: ReportDrill): Promise<TReportRecords>;
  /** The choices of the report's category, template and company filters (those it takes). */
  options(viewer: ReportViewer): Promise<Partial<TReportOptions>>;
}

/** What every source is built from. */
export interface ReportDeps {
  db: Db;
  reader: Reader;
}

/** What an export and a scheduled mail print beside the table. */
export interface ReportMeta {
  organisation: string;
  title: string;
  /** The grouping's label ("Assignee"). */
  groupingLabel: string;
  /** "Last 12 months (Dec 2025 – Nov 2026)"; null for the reports without a period. */
  periodLabel: string | null;
  /** The filters set, as "Workplace: Riverside Depot", in the screen's order. */
  filtersText: string[];
  asOf: Date | null;
  /** When the file was made, for its footer. */
  madeAt: Date;
  timeZone: string;
}
