import {
  isReportGrouping,
  REPORTS,
  reportMessages as say,
  type ReportFilter,
  type ReportId,
  type TReportOptions,
  type TResolvedReportFilters,
} from '@compass/shared';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { badRequest } from '../../errors';
import { reportMonths } from './months';
import { requireReport } from './policy';
import type { ReportMeta, ReportQuery, ReportTable, ReportViewer } from './source';

/** A report as asked for: by a data request, an export, a saved report. */
export interface ReportRun {
  report: ReportId;
  /** Left out: the report's first grouping. */
  by?: string | undefined;
  filters: TResolvedReportFilters;
}

/** The report filter each field of ZReportFilters belongs to (the months are the period's). */
const FILTER_OF_FIELD = {
  fromMonth: 'period',
  toMonth: 'period',
  workplaceId: 'workplace',
  branchId: 'branch',
  templateId: 'template',
  category: 'category',
  companyId: 'company',
  personId: 'person',
} as const satisfies Partial<Record<keyof TResolvedReportFilters, ReportFilter>>;

/**
 * The one check of a run, whatever asks for it: the viewer runs the report, the grouping is one of
 * the report's, every filter set is one the report takes. The months are counted from the
 * organisation's `today`; null for a report without a period (its `period` is ignored).
 */
export function checkedQuery(viewer: ReportViewer, run: ReportRun, today: string): ReportQuery {
  requireReport(viewer, run.report);
  const definition = REPORTS[run.report];
  const by = run.by ?? definition.groupings[0]?.id;
  if (by === undefined || !isReportGrouping(run.report, by))
    throw badRequest(say.unknownGrouping, [{ field: 'by', message: say.unknownGrouping }]);
  for (const [field, filter] of Object.entries(FILTER_OF_FIELD))
    if (
      run.filters[field as keyof typeof FILTER_OF_FIELD] !== undefined &&
      !definition.filters.includes(filter)
    )
      throw badRequest(say.filterNotUsed, [{ field: `filters.${field}`, message: say.filterNotUsed }]);
  const months = definition.filters.includes('period') ? reportMonths(run.filters, today) : null;
  return { viewer, report: run.report, by, filters: run.filters, months, today };
}

/** What decides a query's table, as one text: the cache's key (with the rollups' stamp). */
export function queryKey({ viewer, report, by, filters, months, today }: ReportQuery): string {
  const { workplaceId, branchId, templateId, category, companyId, personId } = filters;
  const set = [workplaceId, branchId, templateId, category, companyId, personId].map(
    (value) => value ?? null,
  );
  return JSON.stringify([
    viewer.companyId,
    report,
    by,
    months?.from ?? null,
    months?.until ?? null,
    ...set,
    today,
  ]);
}

interface Names {
  organisation: string;
  workplace: string | null;
  branch: string | null;
}

/** Shown for a filter's id that names nothing of the organisation (its figures are empty). */
const UNKNOWN = 'Unknown';

/**
 * What an export or a mail prints beside the table: the organisation, the report, its grouping and
 * period, and each filter set by name, in the screen's order. The template, category, company and
 * person names are the report's own options (what its filters offered, the chosen person); the
 * workplace and branch are read by id, of the viewer's organisation only.
 */
export async function reportMeta(
  reader: Reader,
  query: ReportQuery,
  table: ReportTable,
  options: TReportOptions,
  madeAt: Date,
): Promise<ReportMeta> {
  const { viewer, filters } = query;
  const definition = REPORTS[query.report];
  const company = uuid(viewer.companyId);
  const idOrNull = (value: string | undefined) => (value === undefined ? sql`NULL::uuid` : uuid(value));
  const [names] = await reader.rows<Names>(
    sql`SELECT c.name AS organisation,
        (SELECT w.name FROM "Workplace" w WHERE w.id = ${idOrNull(filters.workplaceId)} AND w."companyId" = c.id) AS workplace,
        (SELECT b.name FROM "Branch" b WHERE b.id = ${idOrNull(filters.branchId)} AND b."companyId" = c.id) AS branch
      FROM "Company" c WHERE c.id = ${company}`,
  );
  if (!names) throw new Error(`No organisation ${viewer.companyId}`);
  /** The name shown for a filter: undefined when it is not set. */
  const shown = (value: string | undefined, name: () => string | null | undefined) =>
    value === undefined ? undefined : (name() ?? UNKNOWN);
  const option = (list: TReportOptions['categories'], id: string | undefined) =>
    shown(id, () => list.find((choice) => choice._id === id)?.name);
  const set: [string, string | undefined][] = [
    ['Workplace', shown(filters.workplaceId, () => names.workplace)],
    ['Branch', shown(filters.branchId, () => names.branch)],
    ['Template', option(options.templates, filters.templateId)],
    [definition.categoryLabel ?? 'Category', option(options.categories, filters.category)],
    ['Company', option(options.companies, filters.companyId)],
    // The person's name comes with the options (reportOptions names the chosen person).
    [definition.personLabel ?? 'Person', shown(filters.personId, () => options.person?.name)],
  ];
  return {
    organisation: names.organisation,
    title: definition.title,
    groupingLabel: definition.groupings.find((grouping) => grouping.id === query.by)?.label ?? query.by,
    periodLabel: query.months?.label ?? null,
    filtersText: set.flatMap(([label, name]) => (name === undefined ? [] : [`${label}: ${name}`])),
    asOf: table.asOf,
    madeAt,
    timeZone: viewer.timeZone,
  };
}
