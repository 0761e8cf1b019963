import type { TReportColumn, TReportData } from '@compass/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/Button';
import { TableWrap } from '../../components/DataTable';
import { formatReportValue } from './format';

/**
 * Previous and Next through a fixed-size paging (a report's 100 groups, a drill-down's 25
 * records): the list's own Pagination offers rows per page, which the server fixes here.
 */
export function ReportPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="list-pagination" aria-label="Pages">
      <Button
        size="sm"
        icon={<ChevronLeft size={16} aria-hidden="true" />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <span className="text-sm">
        Page {page} of {pages}
      </span>
      <Button
        size="sm"
        iconEnd={<ChevronRight size={16} aria-hidden="true" />}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

/** A cell of a drill column holding records: a button that lists them. */
function DrillCell({
  rowLabel,
  column,
  value,
  onDrill,
}: {
  rowLabel: string;
  column: TReportColumn;
  value: number | null;
  onDrill: () => void;
}) {
  const shown = formatReportValue(value, column.unit);
  if (column.drill === 'no' || !value) return <>{shown}</>;
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`${rowLabel}, ${column.label}: ${shown}, show the records`}
      onClick={onDrill}
    >
      {shown}
    </button>
  );
}

/**
 * The report's table, the chart's text alternative: a row per group of the page (the grouping's
 * label first, then the columns), the whole report's "Total" last, and the pages under it.
 */
export function ReportTable({
  data,
  groupingLabel,
  onDrill,
  onPage,
}: {
  data: TReportData;
  groupingLabel: string;
  onDrill: (rowKey: string, columnId: string) => void;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <TableWrap>
        <table className="data-table report-table" aria-label={`${groupingLabel} figures`}>
          <thead>
            <tr>
              <th scope="col">{groupingLabel}</th>
              {data.columns.map((column) => (
                <th key={column.id} scope="col" className="report-number">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {data.columns.map((column, index) => (
                  <td key={column.id} className="report-number">
                    <DrillCell
                      rowLabel={row.label}
                      column={column}
                      value={row.values[index] ?? null}
                      onDrill={() => onDrill(row.key, column.id)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {data.columns.map((column, index) => (
                <td key={column.id} className="report-number">
                  {formatReportValue(data.total[index] ?? null, column.unit)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableWrap>
      <ReportPager page={data.page} pageSize={data.pageSize} total={data.rowCount} onPage={onPage} />
    </>
  );
}
