import { reportValueText } from '@compass/shared';
import type { TReportColumn, TReportData, TReportRow } from '@compass/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReportChart } from './ReportChart';

const column = (id: string, label: string, over: Partial<TReportColumn> = {}): TReportColumn => ({
  id,
  label,
  unit: 'count',
  charted: 'yes',
  drill: 'yes',
  ...over,
});

function reportData(over: Partial<TReportData> & Pick<TReportData, 'columns' | 'rows'>): TReportData {
  return {
    report: 'actions',
    by: 'assignee',
    chart: 'stackedBar',
    total: over.columns.map(() => null),
    rowCount: over.rows.length,
    page: 1,
    pageSize: 100,
    period: { from: '2025-12', to: '2026-11', label: 'Last 12 months' },
    asOf: null,
    ...over,
  };
}

const ACTION_COLUMNS = [
  column('open', 'Open'),
  column('overdue', 'Overdue'),
  column('closed', 'Closed'),
  column('avgDays', 'Avg days to close', { unit: 'days', charted: 'no', drill: 'no' }),
];

const actions = (rows: TReportRow[], over: Partial<TReportData> = {}) =>
  reportData({ columns: ACTION_COLUMNS, rows, ...over });

const person = (n: number, values: (number | null)[]): TReportRow => ({
  key: `person-${n}`,
  label: `Person ${n}`,
  values,
});

describe('reportValueText', () => {
  it('formats each unit as the table and the chart show it', () => {
    expect(reportValueText(12345, 'count')).toBe('12,345');
    expect(reportValueText(83, 'percent')).toBe('83%');
    expect(reportValueText(87.54, 'score')).toBe('87.5%');
    expect(reportValueText(4.25, 'days')).toBe('4.3');
    expect(reportValueText(8.5, 'hours')).toBe('8.50');
    expect(reportValueText(1250, 'money')).toBe('1,250.00');
    expect(reportValueText(null, 'days')).toBe('—');
  });
});

describe('ReportChart', () => {
  it('stacks the charted columns of each group, with a legend, and opens a bar’s records from the keyboard', async () => {
    const onDrill = vi.fn();
    const data = actions([
      { key: 'olivia', label: 'Olivia Wilde', values: [3, 2, 10, 4.5] },
      { key: 'noah', label: 'Noah Brown', values: [1, 0, 4, null] },
    ]);
    render(<ReportChart data={data} title="Actions" groupingLabel="Assignee" onDrill={onDrill} />);
    const user = userEvent.setup();

    const figure = screen.getByRole('figure', { name: 'Actions by Assignee' });
    expect(
      within(within(figure).getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Open', 'Overdue', 'Closed']);
    // The bars are the Tab stops: the drawing itself is no unnamed "application" to tab into.
    expect(within(figure).queryByRole('application')).not.toBeInTheDocument();
    expect(figure.querySelector('svg[tabindex]')).toBeNull();
    // A bar per figure with records: Noah's 0 overdue has none; the average is not drawn.
    expect(
      within(figure)
        .getAllByRole('button')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual([
      'Olivia Wilde, Open: 3, show the records',
      'Noah Brown, Open: 1, show the records',
      'Olivia Wilde, Overdue: 2, show the records',
      'Olivia Wilde, Closed: 10, show the records',
      'Noah Brown, Closed: 4, show the records',
    ]);

    const overdue = within(figure).getByRole('button', {
      name: 'Olivia Wilde, Overdue: 2, show the records',
    });
    overdue.focus();
    await user.keyboard('{Enter}');
    expect(onDrill).toHaveBeenLastCalledWith('olivia', 'overdue');
    await user.click(within(figure).getByRole('button', { name: 'Noah Brown, Closed: 4, show the records' }));
    expect(onDrill).toHaveBeenLastCalledWith('noah', 'closed');
    expect(onDrill).toHaveBeenCalledTimes(2);
  }, 15_000);

  it('draws the first 20 groups of a longer page and says the rest are in the table', () => {
    const rows = Array.from({ length: 45 }, (_, index) => person(index + 1, [45 - index, 0, 0, null]));
    const data = actions(rows, { chart: 'bar', columns: [ACTION_COLUMNS[0]!, ACTION_COLUMNS[3]!] });
    render(
      <ReportChart
        data={{ ...data, rowCount: 145 }}
        title="Actions"
        groupingLabel="Assignee"
        onDrill={vi.fn()}
      />,
    );
    const bars = within(screen.getByRole('figure')).getAllByRole('button');
    expect(bars).toHaveLength(20);
    expect(bars.at(-1)).toHaveAccessibleName('Person 20, Open: 26, show the records');
    expect(screen.getByText('Showing the first 20 of 145 — all are in the table')).toBeInTheDocument();
  });

  it('draws a line over the months, each point opening the month’s records when its column is not a drill column', async () => {
    const onDrill = vi.fn();
    const data = reportData({
      report: 'auditScores',
      by: 'month',
      chart: 'line',
      columns: [
        column('audits', 'Audits', { charted: 'no' }),
        column('averageScore', 'Average score', { unit: 'score', drill: 'no' }),
      ],
      rows: [
        { key: '2026-01', label: 'Jan 2026', values: [2, 87.5] },
        { key: '2026-02', label: 'Feb 2026', values: [0, null] },
        { key: '2026-03', label: 'Mar 2026', values: [1, 64] },
      ],
    });
    render(<ReportChart data={data} title="Audit scores" groupingLabel="Month" onDrill={onDrill} />);
    const user = userEvent.setup();
    const figure = screen.getByRole('figure', { name: 'Audit scores by Month' });
    expect(
      within(figure)
        .getAllByRole('button')
        .map((point) => point.getAttribute('aria-label')),
    ).toEqual([
      'Jan 2026, Average score: 87.5%, show the records',
      'Mar 2026, Average score: 64%, show the records',
    ]);
    within(figure)
      .getByRole('button', { name: /^Mar 2026/ })
      .focus();
    await user.keyboard(' ');
    expect(onDrill).toHaveBeenCalledWith('2026-03', undefined);
    expect(within(figure).getByRole('list', { name: 'Legend' })).toHaveTextContent('Average score');
  });

  it('draws the risk matrix as a grid of cells shaded by count, each with records a button', async () => {
    const onDrill = vi.fn();
    const consequences = [1, 2, 3, 4, 5].map((n) => column(`c${n}`, `Consequence ${n}`));
    const rows = [5, 4, 3, 2, 1].map((likelihood) => ({
      key: String(likelihood),
      label: `Likelihood ${likelihood}`,
      values: consequences.map((_, index) =>
        likelihood === 5 && index === 4 ? 8 : likelihood === 1 ? index : 0,
      ),
    }));
    const data = reportData({
      report: 'risks',
      by: 'matrixBefore',
      chart: 'heatmap',
      columns: consequences,
      rows,
    });
    render(
      <ReportChart data={data} title="Risks" groupingLabel="Matrix before controls" onDrill={onDrill} />,
    );
    const user = userEvent.setup();

    const figure = screen.getByRole('figure', { name: 'Risks by Matrix before controls' });
    const cells = within(figure).getAllByRole('button');
    // Likelihood 5 × Consequence 5 (8), and Likelihood 1 × Consequences 2..5 (1..4): zeros open nothing.
    expect(cells.map((cell) => cell.textContent)).toEqual(['8', '1', '2', '3', '4']);
    const worst = within(figure).getByRole('button', {
      name: 'Likelihood 5, Consequence 5: 8, show the records',
    });
    expect(worst).toHaveClass('report-heat-4');
    expect(within(figure).getByRole('button', { name: /^Likelihood 1, Consequence 2: 1,/ })).toHaveClass(
      'report-heat-1',
    );
    expect(within(figure).getAllByText('0')[0]).toHaveClass('report-heat-0');
    worst.focus();
    await user.keyboard('{Enter}');
    expect(onDrill).toHaveBeenCalledWith('5', 'c5');
  });
});
