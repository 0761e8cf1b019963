import {
  isReportGrouping,
  mayRunReport,
  REPORT_IDS,
  REPORT_PERIODS,
  reportMessages,
  REPORTS,
  type ReportFilter,
  type ReportId,
  type ReportPeriod,
  type TReportFilters,
  ZReportFilters,
} from '@compass/shared';
import { Compass, Lock } from 'lucide-react';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { useReportKeys } from './api';
import { NO_FILTERS } from './ReportFilters';
import { ReportView } from './ReportView';

/** The filters other than the period, by the name the catalogue gives them and their field. */
const FILTER_FIELDS = {
  workplace: 'workplaceId',
  branch: 'branchId',
  template: 'templateId',
  category: 'category',
  company: 'companyId',
  person: 'personId',
} as const satisfies Record<Exclude<ReportFilter, 'period'>, keyof TReportFilters>;

/** A value the contract's field takes (an id, a month), or nothing: a stale address never blocks the report. */
function accepted(field: keyof TReportFilters, value: string | null): string | undefined {
  return value && ZReportFilters.shape[field].safeParse(value).success ? value : undefined;
}

/**
 * The grouping and filters an address names (`?by=month&period=custom&fromMonth=…&workplaceId=…`):
 * a grouping the report does not have is its first; a filter it does not take, or a value its
 * field does not accept, is left out.
 */
export function reportStateOf(
  report: ReportId,
  params: URLSearchParams,
): { by: string; filters: TReportFilters } {
  const definition = REPORTS[report];
  const asked = params.get('by') ?? '';
  const by = isReportGrouping(report, asked) ? asked : definition.groupings[0]!.id;
  const filters: TReportFilters = { ...NO_FILTERS };
  for (const filter of definition.filters) {
    if (filter === 'period') {
      const period = params.get('period') as ReportPeriod | null;
      if (period && REPORT_PERIODS.includes(period)) filters.period = period;
      if (filters.period === 'custom') {
        filters.fromMonth = accepted('fromMonth', params.get('fromMonth'));
        filters.toMonth = accepted('toMonth', params.get('toMonth'));
      }
    } else {
      const field = FILTER_FIELDS[filter];
      const value = accepted(field, params.get(field));
      if (value) filters[field] = value;
    }
  }
  return { by, filters };
}

/** The address of a grouping and its filters; the defaults are left out. */
export function reportSearchOf(report: ReportId, by: string, filters: TReportFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (by !== REPORTS[report].groupings[0]!.id) params.set('by', by);
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || (name === 'period' && value === NO_FILTERS.period)) continue;
    params.set(name, String(value));
  }
  return params;
}

/** The refusal of a report the caller may not run. */
function ReportRefused() {
  return (
    <StatePanel
      icon={Lock}
      tone="warning"
      role="alert"
      title="No access"
      message={reportMessages.noAccess}
      actions={<HomeLink />}
    />
  );
}

/** An address naming no report: the shell's own not-found state (Error 404), inside the shell. */
function ReportNotFound() {
  return (
    <StatePanel
      icon={Compass}
      tone="warning"
      badge="Error 404"
      title="Page not found"
      message="There is no such report. Check the address, or choose a report on Reports & Charts."
      actions={<HomeLink />}
    />
  );
}

/** /report-chart/:report: one report, its grouping and filters kept in the address. */
export function ReportPage() {
  const { report = '' } = useParams();
  const keys = useReportKeys();
  const known = (REPORT_IDS as readonly string[]).includes(report);
  const definition = known ? REPORTS[report as ReportId] : null;
  usePageTitle(definition?.title ?? 'Reports & Charts');
  const [params, setParams] = useSearchParams();
  if (!keys) return <PageSpinner />;
  if (!definition) return <ReportNotFound />;
  if (!mayRunReport(keys, definition.id)) return <ReportRefused />;
  const { by, filters } = reportStateOf(definition.id, params);
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        back={{ to: '/report-chart', label: 'Reports & Charts' }}
        title={definition.title}
        intro={definition.description}
      />
      <ReportView
        report={definition.id}
        by={by}
        filters={filters}
        onChange={(nextBy, nextFilters) => setParams(reportSearchOf(definition.id, nextBy, nextFilters))}
      />
    </div>
  );
}
