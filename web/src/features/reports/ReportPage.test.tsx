import {
  ACCESS_KEYS,
  reportMessages,
  type AccessMap,
  type TReportColumn,
  type TReportData,
  type TReportRecords,
  type TReportRow,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  stubObjectUrls,
  testId,
} from '../../../test/helpers';
import { relatedListsFixture } from '../submissions/submissions.fixtures';
import { ReportPage } from './ReportPage';

const column = (id: string, label: string, over: Partial<TReportColumn> = {}): TReportColumn => ({
  id,
  label,
  unit: 'count',
  charted: 'yes',
  drill: 'yes',
  ...over,
});

const COLUMNS = [
  column('open', 'Open'),
  column('overdue', 'Overdue'),
  column('closed', 'Closed'),
  column('avgDays', 'Avg days to close', { unit: 'days', charted: 'no', drill: 'no' }),
];

/** Actions grouped by age: three groups whose figures the total adds up. */
const AGES: TReportRow[] = [
  { key: '0-30', label: '0–30 days', values: [12, 3, 1204, 4.25] },
  { key: '31-90', label: '31–90 days', values: [5, 5, 0, null] },
];

const data = (over: Partial<TReportData> = {}): TReportData => ({
  report: 'actions',
  by: 'age',
  chart: 'stackedBar',
  columns: COLUMNS,
  rows: AGES,
  total: [17, 8, 1204, 4.25],
  rowCount: AGES.length,
  page: 1,
  pageSize: 100,
  period: { from: '2026-01', to: '2026-06', label: 'Jan 2026 – Jun 2026' },
  asOf: '2026-11-30T05:35:00.000Z',
  ...over,
});

/** The page of 150 assignees the request asks for, 100 a page. */
function assignees(page: number): TReportData {
  const rows = Array.from({ length: page === 1 ? 100 : 50 }, (_, index) => {
    const n = (page - 1) * 100 + index + 1;
    return { key: testId(n), label: `Person ${n}`, values: [n, 0, 0, null] };
  });
  return data({ by: 'assignee', rows, rowCount: 150, page });
}

const RECORDS: TReportRecords = {
  items: [
    {
      _id: testId(40),
      title: 'Replace the guard rail',
      detail: 'Olivia Wilde',
      date: '2026-11-03',
      status: 'Open',
      path: `/action-register?action=${testId(40)}`,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

/** The queries a GET call was asked with. */
const queried = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);

/** The queries of the exports asked for. */
const exported = (fetchMock: ReturnType<typeof mockFetch>) => queried(fetchMock, '/api/reportExport');

const holding = (...keys: (keyof AccessMap)[]): AccessMap =>
  Object.fromEntries(ACCESS_KEYS.map((key) => [key, keys.includes(key) ? 'yes' : 'no'])) as AccessMap;

function show(
  path: string,
  calls: Parameters<typeof mockFetch>[0],
  access = holding('reportChart', 'actionRegister'),
) {
  localStorage.setItem('authToken', 't');
  const fetchMock = mockFetch({
    'GET /api/permissions': () => ok(permissionsFixture({ access })),
    'GET /api/reportOptions': () =>
      ok({
        categories: [{ _id: 'audit', name: 'Audit findings' }],
        templates: [],
        companies: [],
        person: null,
      }),
    ...calls,
  });
  const rendered = renderRoutes([{ path: '/report-chart/:report', element: <ReportPage /> }], path);
  return { fetchMock, ...rendered };
}

describe('ReportPage', () => {
  it('draws the report the address names: its filters, the table with its total, a cell’s records', async () => {
    const { fetchMock } = show(
      '/report-chart/actions?by=age&period=custom&fromMonth=2026-01&toMonth=2026-06&category=audit&workplaceId=x',
      {
        'POST /api/reportData': () => ok(data()),
        'POST /api/reportRecords': () => ok(RECORDS),
      },
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reports & Charts' })).toHaveAttribute('href', '/report-chart');

    // Only the filters Actions takes; a workplace in the address is not one of them and is not sent.
    expect(screen.getByLabelText('Group by')).toHaveValue('age');
    expect(screen.getByLabelText('Period')).toHaveValue('custom');
    expect(screen.getByLabelText('Period')).toHaveAccessibleDescription('Assigned on');
    expect(screen.getByLabelText('From month')).toHaveValue('2026-01');
    expect(screen.getByLabelText('To month')).toHaveValue('2026-06');
    expect(await screen.findByRole('option', { name: 'Audit findings' })).toBeInTheDocument();
    expect(screen.getByLabelText('Source')).toHaveValue('audit');
    expect(screen.getByText('Assignee', { selector: '.field-label' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Workplace')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Template')).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/reportData')).toEqual([
      {
        report: 'actions',
        by: 'age',
        filters: { period: 'custom', fromMonth: '2026-01', toMonth: '2026-06', category: 'audit' },
        page: 1,
      },
    ]);

    const table = await screen.findByRole('table', { name: 'Age figures' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual(['Age', 'Open', 'Overdue', 'Closed', 'Avg days to close']);
    const [, first, second, total] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '3', '1,204', '4.3']);
    // A zero opens nothing; an average is not a drill column; nothing to average shows "—".
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '5', '0', '—']);
    expect(within(second!).getAllByRole('button')).toHaveLength(2);
    expect(within(total!).getByRole('rowheader')).toHaveTextContent('Total');
    expect(
      within(total!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['17', '8', '1,204', '4.3']);
    expect(
      screen.getByText(/^Figures as of \d{1,2} Nov 2026, \d{2}:\d{2} — brought up to date every 5 minutes$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Actions by Age' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    for (const name of ['Export CSV', 'Export XLSX', 'Export PDF', 'Save report'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: '0–30 days, Open: 12, show the records' }));
    const dialog = await screen.findByRole('dialog', { name: '0–30 days — Open' });
    expect(await within(dialog).findByRole('link', { name: 'Replace the guard rail' })).toHaveAttribute(
      'href',
      RECORDS.items[0]!.path,
    );
    expect(within(dialog).getByText('Olivia Wilde')).toBeInTheDocument();
    expect(within(dialog).getByText('03/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByText('Open')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/reportRecords')).toEqual([
      {
        report: 'actions',
        by: 'age',
        filters: { period: 'custom', fromMonth: '2026-01', toMonth: '2026-06', category: 'audit' },
        key: '0-30',
        column: 'open',
        page: 1,
      },
    ]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 15_000);

  it('pages the table, keeps the grouping and filters in the address, and clears the filters but the grouping', async () => {
    const { fetchMock, router } = show('/report-chart/actions', {
      'POST /api/reportData': ({ body }) => ok(assignees((body as { page: number }).page)),
      'POST /api/reportRecords': () => ok({ items: [], total: 0, page: 1, pageSize: 25 }),
    });
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Assignee figures' });
    expect(within(table).getAllByRole('row')).toHaveLength(102);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Person 150')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/reportData').map((body) => body.page)).toEqual([1, 2]);

    // A row's records: the dialog says when there are none.
    await user.click(within(table).getByRole('button', { name: 'Person 150, Open: 150, show the records' }));
    const dialog = await screen.findByRole('dialog', { name: 'Person 150 — Open' });
    expect(await within(dialog).findByText('No records.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // Another period starts again at page 1, and the address keeps it.
    await user.selectOptions(screen.getByLabelText('Period'), 'lastMonth');
    expect(router.state.location.search).toBe('?period=lastMonth');
    expect(bodiesSent(fetchMock, '/api/reportData').at(-1)).toEqual({
      report: 'actions',
      by: 'assignee',
      filters: { period: 'lastMonth' },
      page: 1,
    });
    await user.selectOptions(screen.getByLabelText('Group by'), 'source');
    expect(new URLSearchParams(router.state.location.search).get('by')).toBe('source');
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    const chosen = new URLSearchParams(router.state.location.search);
    expect(chosen.get('period')).toBe('custom');
    expect(chosen.get('fromMonth')).toMatch(/^\d{4}-\d{2}$/);

    // A half-filled custom period asks nothing and says why.
    const asked = bodiesSent(fetchMock, '/api/reportData').length;
    await user.clear(screen.getByLabelText('To month'));
    expect(
      await screen.findByText(reportMessages.customPeriod, { selector: '[role="alert"]' }),
    ).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/reportData')).toHaveLength(asked);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?by=source');
    expect(screen.getByLabelText('Period')).toHaveValue('last12Months');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  }, 40_000);

  it('exports the report as drawn: its grouping and filters flat in the query', async () => {
    const { fetchMock } = show('/report-chart/actions?by=age&period=thisYear&category=audit', {
      'POST /api/reportData': () => ok(data()),
      'GET /api/reportExport': () => ({ body: 'Age,Open\n' }),
    });
    stubObjectUrls();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Age figures' });
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await vi.waitFor(() => expect(exported(fetchMock)).toHaveLength(1));
    expect(Object.fromEntries(exported(fetchMock)[0]!)).toEqual({
      report: 'actions',
      by: 'age',
      period: 'thisYear',
      category: 'audit',
      format: 'xlsx',
    });
  });

  it('says when no figure answers the filters', async () => {
    show('/report-chart/actions', { 'POST /api/reportData': () => ok(data({ rows: [], rowCount: 0 })) });
    expect(await screen.findByText('No figures for these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal in place of the figures', async () => {
    show('/report-chart/actions', {
      'POST /api/reportData': () => ({ status: 403, body: envelope(null, 403, reportMessages.noAccess) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(reportMessages.noAccess);
  });

  it('refuses a report the keys do not run without asking for figures', async () => {
    const { fetchMock } = show('/report-chart/risks', {});
    expect(await screen.findByText(reportMessages.noAccess)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/reportData')).toHaveLength(0);
  });

  it('says an unknown report is not found, not refused', async () => {
    const { fetchMock } = show('/report-chart/payroll', {});
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/reportData')).toHaveLength(0);
  });

  it('draws a bad address from what it can keep: the first grouping, the default period, valid filters', async () => {
    const { fetchMock } = show(
      '/report-chart/actions?by=payroll&period=forever&fromMonth=2026-01&category=audit&personId=not-an-id',
      { 'POST /api/reportData': () => ok(data({ by: 'assignee' })) },
    );
    await screen.findByRole('table', { name: 'Assignee figures' });
    expect(bodiesSent(fetchMock, '/api/reportData')).toEqual([
      { report: 'actions', by: 'assignee', filters: { period: 'last12Months', category: 'audit' }, page: 1 },
    ]);
    expect(screen.getByLabelText('Group by')).toHaveValue('assignee');
    expect(screen.getByLabelText('Period')).toHaveValue('last12Months');
  });

  it('keeps a chosen workplace that is not among the choices as one: never "Any workplace" while filtered', async () => {
    show(
      `/report-chart/submissions?workplaceId=${testId(3)}`,
      {
        'POST /api/reportData': () => ok(data({ report: 'submissions', by: 'template' })),
        'POST /api/formSubmissionRelatedLists': () =>
          ok(relatedListsFixture({ workplace: [{ _id: testId(4), name: 'Riverside Depot' }] })),
      },
      holding('reportChart', 'formSubmissionAllRecord'),
    );
    const workplace = await screen.findByLabelText('Workplace');
    await within(workplace).findByRole('option', { name: 'Riverside Depot' });
    expect(workplace).toHaveValue(testId(3));
    expect(within(workplace).getByRole('option', { selected: true })).toHaveTextContent('Unknown workplace');
  });

  it('names the person of the address after a reload, from the filter choices', async () => {
    const { fetchMock } = show(`/report-chart/actions?personId=${testId(7)}`, {
      'POST /api/reportData': () => ok(data()),
      'GET /api/reportOptions': () =>
        ok({
          categories: [],
          templates: [],
          companies: [],
          person: { _id: testId(7), name: 'Olivia Wilde' },
        }),
    });
    expect(await screen.findByDisplayValue('Olivia Wilde')).toBeInTheDocument();
    expect(queried(fetchMock, '/api/reportOptions').map((query) => query.get('personId'))).toContain(
      testId(7),
    );
    expect(bodiesSent(fetchMock, '/api/reportData')[0]).toMatchObject({ filters: { personId: testId(7) } });
  });

  it('gives the focus back to the figure whose records were listed when Escape closes them', async () => {
    show('/report-chart/actions?by=age', {
      'POST /api/reportData': () => ok(data()),
      'POST /api/reportRecords': () => ok(RECORDS),
    });
    const user = userEvent.setup();
    const figure = await screen.findByRole('figure', { name: 'Actions by Age' });
    const bar = within(figure).getByRole('button', { name: '0–30 days, Open: 12, show the records' });
    bar.focus();
    expect(bar).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: '0–30 days — Open' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(figure).getByRole('button', { name: '0–30 days, Open: 12, show the records' })).toBe(bar);
    expect(bar).toHaveFocus();
  });
});
