import {
  BAR_CHART_Y_INTERVAL,
  BAR_CHART_Y_MAX,
  DASHBOARD_PERIODS,
  type DashboardPeriodKey,
  type TPieEntry,
} from '@compass/shared';
import { ChartPie, RotateCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { Segmented } from '../../components/Tabs';
import { useBarChart, usePieChart, type BarChartType } from './api';

const PERIOD_LABELS: Record<DashboardPeriodKey, string> = { today: 'Today', week: 'Week', month: 'Month' };
const BAR_TYPES: Array<{ value: BarChartType; label: string }> = [
  { value: 'assignAction', label: 'Assign action' },
  { value: 'companyOverview', label: 'Company Overview' },
];

/** Chart colours are design tokens (tokens.css, "Charts"); SVG reads them through var(). */
const COLOURS = {
  form: 'var(--chart-form)',
  assignAction: 'var(--chart-action)',
  scheduledActivites: 'var(--chart-scheduled)',
  today: 'var(--chart-today)',
  upcoming: 'var(--chart-upcoming)',
  due: 'var(--chart-due)',
} as const;

/**
 * The Y axis: 0 to BAR_CHART_Y_MAX (20) with a tick every BAR_CHART_Y_INTERVAL (2), as
 * specified. A count above 20 would be cut off, so the axis grows to the next even number above
 * the largest count, with the tick step widened to keep about ten ticks.
 */
export function barAxis(maxCount: number): { max: number; ticks: number[] } {
  let max = BAR_CHART_Y_MAX;
  let step = BAR_CHART_Y_INTERVAL;
  if (maxCount > BAR_CHART_Y_MAX) {
    step = Math.ceil(maxCount / 10 / BAR_CHART_Y_INTERVAL) * BAR_CHART_Y_INTERVAL;
    max = Math.ceil(maxCount / step) * step;
  }
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  return { max, ticks };
}

function ChartError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="task-section-error" role="alert">
      <span>{describeError(error).message}</span>
      <Button size="sm" icon={<RotateCw size={14} aria-hidden="true" />} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

function TaskOverviewChart() {
  const [type, setType] = useState<BarChartType>('assignAction');
  const [day, setDay] = useState<DashboardPeriodKey>('month');
  const selectId = useId();
  const titleId = useId();
  const query = useBarChart(type, day, true);
  const data = query.data && [
    { name: 'Forms', value: query.data.form, colour: COLOURS.form },
    { name: 'Assigned Actions', value: query.data.assignAction, colour: COLOURS.assignAction },
    {
      name: 'Scheduled Activities',
      value: query.data.scheduledActivites,
      colour: COLOURS.scheduledActivites,
    },
  ];
  const axis = barAxis(Math.max(0, ...(data ?? []).map((entry) => entry.value)));
  const summary = data?.map((entry) => `${entry.name} ${entry.value}`).join(', ');

  return (
    <section className="card chart-card chart-card-wide" aria-labelledby={titleId}>
      <header className="chart-card-header">
        <h3 id={titleId} className="task-section-title">
          Task overview
        </h3>
        <div className="chart-controls">
          <Segmented label="Whose tasks" options={BAR_TYPES} current={type} onChange={setType} />
          <label className="visually-hidden" htmlFor={selectId}>
            Period
          </label>
          <select
            id={selectId}
            className="input select-sm"
            value={day}
            onChange={(event) => setDay(event.target.value as DashboardPeriodKey)}
          >
            {DASHBOARD_PERIODS.map((period) => (
              <option key={period} value={period}>
                {PERIOD_LABELS[period]}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="chart-body">
        {query.isPending && (
          <div className="chart-loading">
            <Spinner label="Loading the task overview" />
          </div>
        )}
        {query.isError && !data && <ChartError error={query.error} onRetry={() => void query.refetch()} />}
        {data && (
          <figure className="chart-figure" aria-busy={query.isFetching}>
            <BarChart
              responsive
              style={{ width: '100%', height: 280 }}
              data={data}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
              accessibilityLayer
            >
              <CartesianGrid vertical={false} stroke="var(--border-default)" />
              <XAxis dataKey="name" tickLine={false} axisLine={{ stroke: 'var(--border-strong)' }} />
              <YAxis
                domain={[0, axis.max]}
                ticks={axis.ticks}
                interval={0}
                allowDecimals={false}
                tickLine={false}
                axisLine={false}
              />
              <Tooltip cursor={{ fill: 'var(--bg-muted)' }} />
              <Bar
                dataKey="value"
                name="Items"
                radius={[6, 6, 0, 0]}
                maxBarSize={64}
                isAnimationActive={false}
              >
                {data.map((entry) => (
                  <Cell key={entry.name} fill={entry.colour} />
                ))}
              </Bar>
            </BarChart>
            <figcaption className="visually-hidden">
              {BAR_TYPES.find((option) => option.value === type)?.label}, {PERIOD_LABELS[day]}: {summary}
            </figcaption>
          </figure>
        )}
      </div>
    </section>
  );
}

const PIES: Array<{ key: 'form' | 'assignAction' | 'scheduledActivites'; title: string }> = [
  { key: 'form', title: 'Form' },
  { key: 'assignAction', title: 'Assigned Action' },
  { key: 'scheduledActivites', title: 'Scheduled Activities' },
];

function PieCard({ title, entry }: { title: string; entry: TPieEntry }) {
  const titleId = useId();
  const slices = [
    { name: 'Today', value: entry.today, colour: COLOURS.today },
    { name: 'Upcoming', value: entry.upcoming, colour: COLOURS.upcoming },
    { name: 'Due', value: entry.due, colour: COLOURS.due },
  ];
  return (
    <section className="card chart-card" aria-labelledby={titleId}>
      <header className="chart-card-header">
        <h3 id={titleId} className="task-section-title">
          {title}
        </h3>
        <span className="task-section-total" aria-label={`${entry.total} in total`}>
          {entry.total}
        </span>
      </header>
      <figure className="pie-figure">
        <div className="pie-wrap">
          <PieChart width={200} height={200} accessibilityLayer>
            <Pie
              data={slices.filter((slice) => slice.value > 0)}
              dataKey="value"
              nameKey="name"
              startAngle={0}
              endAngle={360}
              innerRadius={58}
              outerRadius={92}
              paddingAngle={slices.filter((slice) => slice.value > 0).length > 1 ? 2 : 0}
              stroke="var(--bg-surface)"
              isAnimationActive={false}
            >
              {slices
                .filter((slice) => slice.value > 0)
                .map((slice) => (
                  <Cell key={slice.name} fill={slice.colour} />
                ))}
            </Pie>
            <Tooltip />
          </PieChart>
          <span className="pie-centre" aria-hidden="true">
            <strong>{entry.total}</strong>
            <span>total</span>
          </span>
        </div>
        <figcaption>
          <ul className="chart-legend" aria-label={`${title} by due date`}>
            {slices.map((slice) => (
              <li key={slice.name}>
                <span className="legend-swatch" style={{ background: slice.colour }} aria-hidden="true" />
                <span className="legend-label">{slice.name}</span>
                <span className="legend-value">{slice.value}</span>
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
    </section>
  );
}

function PieCharts({ supplierSide }: { supplierSide: boolean }) {
  const query = usePieChart(true);
  if (query.isPending) {
    return (
      <div className="chart-loading card">
        <Spinner label="Loading the charts" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="card chart-card">
        <ChartError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  // Each pie only when its total is greater than 0 (000 section 2.2).
  const shown = PIES.filter((pie) => query.data[pie.key].total > 0);
  if (shown.length === 0) {
    return (
      <section className="card state-panel chart-empty">
        <span className="state-icon">
          <ChartPie size={24} aria-hidden="true" />
        </span>
        <h3>No open items to chart</h3>
        <p>
          {supplierSide
            ? 'The charts count the forms, actions and scheduled activities of the organisation’s employees. Your own items are listed under My Tasks.'
            : 'Forms, assigned actions and scheduled activities appear here once you have some.'}
        </p>
      </section>
    );
  }
  return (
    <>
      {shown.map((pie) => (
        <PieCard key={pie.key} title={pie.title} entry={query.data[pie.key]} />
      ))}
    </>
  );
}

/** The Overview Charts tab: the task-overview bar chart (non-suppliers) and the three pies. */
export function OverviewCharts({
  showBarChart,
  supplierSide,
}: {
  showBarChart: boolean;
  supplierSide: boolean;
}) {
  return (
    <div className="chart-grid">
      {showBarChart && <TaskOverviewChart />}
      <PieCharts supplierSide={supplierSide} />
    </div>
  );
}
