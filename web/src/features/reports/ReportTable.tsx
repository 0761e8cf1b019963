import { reportValueText } from '@compass/shared';
import type { TReportColumn, TReportData } from '@compass/shared';
import { TableWrap } from '../../components/DataTable';
import { Pagination } from '../../components/ListParts';

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
  const shown = reportValueText(value, column.unit);
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
                  {reportValueText(data.total[index] ?? null, column.unit)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </TableWrap>
      {/* The server fixes the page's size (100 groups): Previous and Next only, once there is more than a page. */}
      {data.rowCount > data.pageSize && (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.rowCount} onPage={onPage} />
      )}
    </>
  );
}
