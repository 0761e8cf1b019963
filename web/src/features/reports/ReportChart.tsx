import { reportValueText } from '@compass/shared';
import type { TReportColumn, TReportData, TReportRow } from '@compass/shared';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type DotItemDotProps,
} from 'recharts';

/** Bars drawn at most: the rest of the page's groups are in the table. */
const CHART_MAX_BARS = 20;
/** The chart's drawn width on paper; reports.css scales it by its viewBox to the page, portrait or landscape. */
const PRINT_WIDTH = 960;
const BAR_THICKNESS = 30;
const LINE_HEIGHT = 320;
/** Series colours (reports.css): each at least 3:1 against the page, told apart by hue. */
const SERIES = 6;
const seriesColour = (index: number) => `var(--report-series-${(index % SERIES) + 1})`;

type Drill = (rowKey: string, columnId?: string) => void;

interface ChartProps {
  data: TReportData;
  title: string;
  groupingLabel: string;
  onDrill: Drill;
}

/**
 * What a figure opens: a drill column's cell opens its records; another charted column (an
 * average) opens the row's records when the report lists records at all; `null`: nothing.
 */
function drillTarget(data: TReportData, column: TReportColumn): { column?: string } | null {
  if (column.drill === 'yes') return { column: column.id };
  return data.columns.some((candidate) => candidate.drill === 'yes') ? {} : null;
}

/** The words of a figure for screen readers, the same as the table's buttons. */
const figureLabel = (row: TReportRow, column: TReportColumn, value: number | null) =>
  `${row.label}, ${column.label}: ${reportValueText(value, column.unit)}, show the records`;

/** A figure that opens its records: a button for the keyboard (Enter, Space) and the pointer. */
function drillProps(open: () => void, label: string) {
  return {
    role: 'button',
    tabIndex: 0,
    'aria-label': label,
    onClick: open,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      open();
    },
  } as const;
}

/**
 * The drawn width: the frame's (kept up to date as it resizes), and a fixed paper width
 * while printing, drawn before the browser lays out the page (hence flushSync in beforeprint).
 */
function useChartWidth(frame: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  const [printing, setPrinting] = useState(false);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    const beforePrint = () => flushSync(() => setPrinting(true));
    const afterPrint = () => setPrinting(false);
    window.addEventListener('beforeprint', beforePrint);
    window.addEventListener('afterprint', afterPrint);
    return () => {
      observer?.disconnect();
      window.removeEventListener('beforeprint', beforePrint);
      window.removeEventListener('afterprint', afterPrint);
    };
  }, [frame]);
  // No layout (a test's document) draws at the paper's width.
  return printing || width === 0 ? PRINT_WIDTH : width;
}

/** The points of the chart: one per row, each charted column's value under its id. */
function chartPoints(rows: TReportRow[], columns: TReportColumn[]) {
  return rows.map((row) => {
    const point: Record<string, string | number | null> = { key: row.key, label: row.label };
    columns.forEach((column, index) => {
      if (column.charted === 'yes') point[column.id] = row.values[index] ?? null;
    });
    return point;
  });
}

function Legend({ columns }: { columns: TReportColumn[] }) {
  return (
    <ul className="chart-legend report-chart-legend" aria-label="Legend">
      {columns.map((column, index) => (
        <li key={column.id}>
          <span className="legend-swatch" style={{ background: seriesColour(index) }} aria-hidden="true" />
          <span className="legend-label">{column.label}</span>
        </li>
      ))}
    </ul>
  );
}

/** A long label cut for the axis (the table and the tooltip carry it whole). */
const axisLabel = (label: string) => (label.length > 24 ? `${label.slice(0, 23)}…` : label);

function tooltipFormatter(charted: TReportColumn[]) {
  return (value: unknown, _name: unknown, item: { dataKey?: unknown }) => {
    const column = charted.find((candidate) => candidate.id === item.dataKey);
    return typeof value === 'number' && column ? reportValueText(value, column.unit) : String(value);
  };
}

/** 'bar' and 'stackedBar': a bar per group (the first 20 of the page), one series per charted column. */
const Bars = memo(function Bars({
  data,
  width,
  onDrill,
}: {
  data: TReportData;
  width: number;
  onDrill: Drill;
}) {
  const shown = data.rows.slice(0, CHART_MAX_BARS);
  const charted = data.columns.filter((column) => column.charted === 'yes');
  const rowsByKey = new Map(shown.map((row) => [row.key, row]));
  const stacked = data.chart === 'stackedBar';
  const unit = charted[0]?.unit ?? 'count';
  const first = (data.page - 1) * data.pageSize + 1;

  const shape = (column: TReportColumn, columnIndex: number) => (props: BarShapeProps) => {
    const row = rowsByKey.get(String((props.payload as { key: string }).key));
    const value = row?.values[columnIndex] ?? null;
    const target = drillTarget(data, column);
    const rect = (
      <rect
        x={props.x}
        y={props.y}
        width={Math.max(props.width, 0)}
        height={props.height}
        fill={props.fill}
      />
    );
    if (!row || !target || !value) return rect;
    return (
      <g
        className="report-figure"
        {...drillProps(() => onDrill(row.key, target.column), figureLabel(row, column, value))}
      >
        {rect}
      </g>
    );
  };

  return (
    <>
      <BarChart
        width={width}
        height={shown.length * (stacked ? BAR_THICKNESS : BAR_THICKNESS + 8 * charted.length) + 48}
        data={chartPoints(shown, data.columns)}
        layout="vertical"
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid horizontal={false} stroke="var(--border-default)" />
        <XAxis
          type="number"
          allowDecimals={unit !== 'count'}
          tickFormatter={(value: number) => reportValueText(value, unit)}
          axisLine={{ stroke: 'var(--border-strong)' }}
          tickLine={false}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={Math.min(180, Math.round(width / 3))}
          tickFormatter={axisLabel}
          interval={0}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip cursor={{ fill: 'var(--bg-muted)' }} formatter={tooltipFormatter(charted)} />
        {charted.map((column, index) => (
          <Bar
            key={column.id}
            dataKey={column.id}
            name={column.label}
            stackId={stacked ? 'whole' : undefined}
            fill={seriesColour(index)}
            isAnimationActive={false}
            shape={shape(column, data.columns.indexOf(column))}
          />
        ))}
      </BarChart>
      <Legend columns={charted} />
      {data.rows.length > CHART_MAX_BARS && (
        <p className="report-chart-note">
          {data.page === 1
            ? `Showing the first ${CHART_MAX_BARS} of ${data.rowCount.toLocaleString('en-GB')}`
            : `Showing rows ${first}–${first + shown.length - 1} of ${data.rowCount.toLocaleString('en-GB')}`}{' '}
          — all are in the table
        </p>
      )}
    </>
  );
});

/** 'line': the charted columns over the rows in their order (months, weeks); a point opens its records. */
const Lines = memo(function Lines({
  data,
  width,
  onDrill,
}: {
  data: TReportData;
  width: number;
  onDrill: Drill;
}) {
  const charted = data.columns.filter((column) => column.charted === 'yes');
  const unit = charted[0]?.unit ?? 'count';

  const dot = (column: TReportColumn, columnIndex: number) =>
    function Point(props: DotItemDotProps) {
      const row = data.rows[props.index];
      const value = row?.values[columnIndex] ?? null;
      const target = drillTarget(data, column);
      if (!row || value === null || props.cx === undefined || props.cy === undefined) return null;
      const circle = <circle cx={props.cx} cy={props.cy} r={4} fill={props.stroke} />;
      if (!target || value === 0) return <g key={row.key}>{circle}</g>;
      return (
        <g
          key={row.key}
          className="report-figure"
          {...drillProps(() => onDrill(row.key, target.column), figureLabel(row, column, value))}
        >
          {circle}
        </g>
      );
    };

  return (
    <>
      <LineChart
        width={width}
        height={LINE_HEIGHT}
        data={chartPoints(data.rows, data.columns)}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--border-default)" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={{ stroke: 'var(--border-strong)' }}
          minTickGap={16}
        />
        <YAxis
          allowDecimals={unit !== 'count'}
          tickFormatter={(value: number) => reportValueText(value, unit)}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip formatter={tooltipFormatter(charted)} />
        {charted.map((column, index) => (
          <Line
            key={column.id}
            dataKey={column.id}
            name={column.label}
            stroke={seriesColour(index)}
            strokeWidth={2}
            connectNulls={false}
            isAnimationActive={false}
            dot={dot(column, data.columns.indexOf(column))}
            activeDot={false}
          />
        ))}
      </LineChart>
      <Legend columns={charted} />
    </>
  );
});

const HEAT_LEVELS = [1, 2, 3, 4] as const;

/**
 * A cell's shade, in four steps of the largest value (0: none): steps, not a continuous scale, so
 * that each keeps its text readable (reports.css: dark text on the three light ones, white on the darkest).
 */
const heatLevel = (value: number | null, most: number) =>
  most > 0 && value ? Math.max(1, Math.ceil((value / most) * HEAT_LEVELS.length)) : 0;

/** 'heatmap' (the risk matrix): a grid of the rows by the charted columns, darker for more. */
function Heatmap({ data, onDrill }: { data: TReportData; onDrill: Drill }) {
  const charted = data.columns.filter((column) => column.charted === 'yes');
  const indexes = charted.map((column) => data.columns.indexOf(column));
  const most = Math.max(0, ...data.rows.flatMap((row) => indexes.map((index) => row.values[index] ?? 0)));
  const unit = charted[0]?.unit ?? 'count';

  const cell = (row: TReportRow, column: TReportColumn, index: number): ReactNode => {
    const value = row.values[index] ?? null;
    const className = `report-heat-cell report-heat-${heatLevel(value, most)}`;
    const text = reportValueText(value, column.unit);
    const target = drillTarget(data, column);
    if (!target || !value)
      return (
        <span key={column.id} className={className}>
          {text}
        </span>
      );
    return (
      <button
        key={column.id}
        type="button"
        className={`${className} report-heat-button`}
        aria-label={figureLabel(row, column, value)}
        onClick={() => onDrill(row.key, target.column)}
      >
        {text}
      </button>
    );
  };

  return (
    <>
      <div className="report-heatmap" style={{ '--heat-columns': charted.length } as CSSProperties}>
        <span aria-hidden="true" />
        {charted.map((column) => (
          <span key={column.id} className="report-heat-heading">
            {column.label}
          </span>
        ))}
        {data.rows.map((row) => [
          <span key={`${row.key}-label`} className="report-heat-heading report-heat-row">
            {row.label}
          </span>,
          ...charted.map((column, position) => cell(row, column, indexes[position] ?? -1)),
        ])}
      </div>
      <p className="report-heat-legend">
        <span>{reportValueText(0, unit)}</span>
        {HEAT_LEVELS.map((level) => (
          <span key={level} className={`legend-swatch report-heat-${level}`} aria-hidden="true" />
        ))}
        <span>{reportValueText(most, unit)}</span>
        <span className="visually-hidden">: darker cells hold more</span>
      </p>
    </>
  );
}

/**
 * `onDrill` as one function for the chart's life. Recharts draws its figures afresh whenever its
 * settings change (a new `shape` each render): the bars and lines (memo) redraw only for new
 * figures or a new width, so a figure keeps the focus the records' dialog gives back to it.
 */
function useStableDrill(onDrill: Drill): Drill {
  const latest = useRef(onDrill);
  useLayoutEffect(() => {
    latest.current = onDrill;
  });
  return useCallback((rowKey, columnId) => latest.current(rowKey, columnId), []);
}

/**
 * A report's chart beside its table (the table is the text alternative): bars, stacked bars, a
 * line over time or the risk matrix's heat grid, as the data says. Every figure with records behind
 * it is a button (the pointer or Enter) that calls `onDrill` with its row and column.
 */
export function ReportChart({ data, title, groupingLabel, onDrill }: ChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const width = useChartWidth(frame);
  const drill = useStableDrill(onDrill);
  return (
    <figure className="report-chart" aria-label={`${title} by ${groupingLabel}`}>
      <div ref={frame} className="report-chart-frame">
        {data.chart === 'heatmap' ? (
          <Heatmap data={data} onDrill={onDrill} />
        ) : data.chart === 'line' ? (
          <Lines data={data} width={width} onDrill={drill} />
        ) : (
          <Bars data={data} width={width} onDrill={drill} />
        )}
      </div>
    </figure>
  );
}
