import {
  REPORT_EXPORT_FORMATS,
  REPORTS,
  reportExportCall,
  reportMessages,
  ZReportFilters,
  type ReportId,
  type TReportData,
  type TReportFilters,
} from '@compass/shared';
import { format, parseISO } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { API_BASE, callUrl } from '../../api/client';
import { ExportButton } from '../../components/ExportButton';
import { ListState } from '../../components/ListParts';
import { useReportData } from './api';
import { RecordsDialog, type DrillTarget } from './RecordsDialog';
import { ReportChart } from './ReportChart';
import { ReportFilters } from './ReportFilters';
import { ReportTable } from './ReportTable';
import { SaveReportButton } from './SaveReportDialog';

/** The figure a chart's bar or a table's cell names, with the labels the records' dialog shows. */
function drillTargetOf(data: TReportData, rowKey: string, columnId?: string): DrillTarget {
  const row = data.rows.find((candidate) => candidate.key === rowKey);
  const column = data.columns.find((candidate) => candidate.id === columnId);
  return {
    key: rowKey,
    rowLabel: row?.label ?? rowKey,
    ...(column && { column: { id: column.id, label: column.label } }),
  };
}

/**
 * A report drawn for its grouping and filters: the filter bar, when the figures were brought up to
 * date, the exports, the chart and its table, and the records behind a figure. The grouping and
 * the filters belong to the page (its address, a saved report): changing them calls `onChange`,
 * and the table goes back to its first page. `actions` replaces the "Save report" button (a saved
 * report's own buttons).
 */
export function ReportView({
  report,
  by,
  filters,
  onChange,
  actions,
}: {
  report: ReportId;
  by: string;
  filters: TReportFilters;
  onChange: (by: string, filters: TReportFilters) => void;
  actions?: ReactNode;
}) {
  const definition = REPORTS[report];
  const grouping = definition.groupings.find((candidate) => candidate.id === by) ?? definition.groupings[0]!;
  const checked = ZReportFilters.safeParse(filters);
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  // The page belongs to one grouping and set of filters: another choice starts at page 1.
  const place = JSON.stringify([grouping.id, filters]);
  const [paging, setPaging] = useState({ place, page: 1 });
  const page = paging.place === place ? paging.page : 1;
  const data = useReportData({ report, by: grouping.id, filters, page }, checked.success);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const figures = checked.success ? data.data : undefined;
  const openDrill = (rowKey: string, columnId?: string) =>
    figures && setDrill(drillTargetOf(figures, rowKey, columnId));
  const exportQuery = { report, by: grouping.id, ...filters };

  return (
    <div className="report-view stack-lg">
      <div className="report-toolbar">
        <ReportFilters report={report} by={grouping.id} filters={filters} onChange={onChange} />
        {figures?.asOf && (
          <p className="report-as-of text-sm text-secondary">
            Figures as of {format(parseISO(figures.asOf), 'd MMM yyyy, HH:mm')} — brought up to date every 5
            minutes
          </p>
        )}
        <div className="report-actions row wrap">
          {REPORT_EXPORT_FORMATS.map((fileFormat) => (
            <ExportButton
              key={fileFormat}
              label={`Export ${fileFormat.toUpperCase()}`}
              url={`${API_BASE}${callUrl(reportExportCall, { query: { ...exportQuery, format: fileFormat } })}`}
              fileName={`${definition.title}.${fileFormat}`}
              truncatedMessage={reportMessages.tooManyRows}
            />
          ))}
          {actions ?? <SaveReportButton report={report} by={grouping.id} filters={filters} />}
        </div>
      </div>
      <section
        className="card report-figures"
        aria-label={`${definition.title} figures`}
        aria-busy={data.isFetching}
      >
        {problem ? (
          <p className="list-state" role="alert">
            {problem}
          </p>
        ) : (
          <ListState query={data} count={figures?.rowCount} empty="No figures for these filters." />
        )}
        {figures && figures.rowCount > 0 && (
          <div className="report-body">
            <ReportChart
              data={figures}
              title={definition.title}
              groupingLabel={grouping.label}
              onDrill={openDrill}
            />
            <ReportTable
              data={figures}
              groupingLabel={grouping.label}
              onDrill={openDrill}
              onPage={(next) => setPaging({ place, page: next })}
            />
          </div>
        )}
      </section>
      {drill && (
        <RecordsDialog
          report={report}
          by={grouping.id}
          filters={filters}
          target={drill}
          onClose={() => setDrill(null)}
        />
      )}
    </div>
  );
}
