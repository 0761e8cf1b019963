import type { TFormSubmissionListRequest, TFormSubmissionListRow } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/storage';
import { accessMap, mockFetch, ok, permissionsFixture, renderRoutes, testId } from '../../../test/helpers';
import { NewSubmissionPage } from './NewSubmissionPage';
import { MyRecordsPage, RecordsPage } from './routes';
import { relatedListsFixture } from './submissions.fixtures';

const id = testId;
const TEMPLATE = id(1);
const WORKPLACE = id(2);

function row(n: number, over: Partial<TFormSubmissionListRow> = {}): TFormSubmissionListRow {
  return {
    _id: id(100 + n),
    formatedNumber: `FS ${1000 + n}`,
    formTemplateId: TEMPLATE,
    formTemplateName: 'Incident Report',
    formDescription: `Report ${n}`,
    formDate: '2026-11-20',
    workplaceName: 'Riverside Depot',
    branchName: 'Workshop',
    status: 'Open',
    coordinator: 'Ethan Clarke',
    recordedBy: 'Mia Torres',
    formType: 'form-submission',
    ...over,
  };
}

function serveList(total: number, totalCapped?: boolean) {
  setAuthToken('token-1');
  const requests: TFormSubmissionListRequest[] = [];
  const fetchMock = mockFetch({
    'POST /api/formSubmissionList': ({ body }) => {
      const request = body as TFormSubmissionListRequest;
      requests.push(request);
      const rows = [row(1), row(2, { formatedNumber: '(Draft)', status: 'Draft' })];
      return ok({ rows, total, totalCapped, page: request.page, pageSize: request.pageSize });
    },
    'POST /api/formSubmissionRelatedLists': () =>
      ok(
        relatedListsFixture({
          formTemplate: [{ _id: TEMPLATE, name: 'Incident Report', formType: 'form-submission' }],
          workplace: [{ _id: WORKPLACE, name: 'Riverside Depot' }],
        }),
      ),
    'POST /api/formTemplateList': () =>
      ok([
        { _id: TEMPLATE, name: 'Incident Report', formType: 'form-submission' },
        { _id: id(3), name: 'Toolbox Talk', formType: 'form-submission' },
      ]),
  });
  return { requests, fetchMock };
}

const routes = [
  { path: '/form-submission/my-records', element: <MyRecordsPage /> },
  { path: '/form-submission/records', element: <RecordsPage /> },
  { path: '/form-submission/new', element: <NewSubmissionPage /> },
];

// The first render and six filters typed and chosen one by one take a while on a busy machine.
describe('My Records and Records', { timeout: 20_000 }, () => {
  it("asks the server for the caller's page, shows 'FS ' numbers and '(Draft)', and pages on", async () => {
    const { requests } = serveList(45);
    renderRoutes(routes, '/form-submission/my-records');
    expect(await screen.findByRole('link', { name: 'FS 1001' })).toHaveAttribute(
      'href',
      `/form-submission/Record/${id(101)}`,
    );
    expect(screen.getByRole('link', { name: '(Draft)' })).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      scope: 'my',
      page: 1,
      pageSize: 20,
      sort: 'formDate',
      sortDirection: 'desc',
    });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ page: 2 }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('says there are more when the server stopped counting', async () => {
    serveList(1_000, true);
    renderRoutes(routes, '/form-submission/records');
    expect(await screen.findByText('1–20 of 1,000+')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 50+')).toBeInTheDocument();
  });

  it('sends the filters and the sort, starting again at page 1', async () => {
    const { requests } = serveList(45);
    const { router } = renderRoutes(routes, '/form-submission/records?page=2');
    await screen.findByRole('link', { name: 'FS 1001' });
    expect(requests[0]).toMatchObject({ scope: 'all', page: 2 });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Form template'), 'Incident Report');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ formTemplateId: TEMPLATE, page: 1 }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Closed');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ status: 'Closed' }));
    await user.selectOptions(screen.getByLabelText('Workplace'), 'Riverside Depot');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ workplace: WORKPLACE }));
    await user.type(screen.getByLabelText('From date'), '01/11/2026');
    await user.type(screen.getByLabelText('To date'), '30/11/2026');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ fromDate: '2026-11-01', toDate: '2026-11-30' }),
    );
    await user.type(screen.getByLabelText('Search'), 'slip');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ search: 'slip' }));

    const table = screen.getByRole('table');
    await user.click(within(table).getByRole('button', { name: /Description/ }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sort: 'formDescription', sortDirection: 'desc' }),
    );
    await user.click(within(table).getByRole('button', { name: /Description/ }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ sort: 'formDescription', sortDirection: 'asc' }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(requests.at(-1)).not.toHaveProperty('status'));
    // The address keeps the order (a shared link opens the list sorted so), not the cleared filters.
    expect(router.state.location.search).toBe('?sort=formDescription&dir=asc');
  });

  it('says so when nothing matches', async () => {
    setAuthToken('token-1');
    mockFetch({
      'POST /api/formSubmissionList': () => ok({ rows: [], total: 0, page: 1, pageSize: 20 }),
      'POST /api/formSubmissionRelatedLists': () => ok(null),
    });
    renderRoutes(routes, '/form-submission/my-records?status=Closed');
    expect(await screen.findByText('No forms match these filters.')).toBeInTheDocument();
  });
});

describe('New Submission', () => {
  it('lists the templates to start from, searchable', async () => {
    serveList(0);
    renderRoutes(routes, '/form-submission/new');
    expect(await screen.findByRole('link', { name: /Incident Report/ })).toHaveAttribute(
      'href',
      `/form-submission/new/${TEMPLATE}`,
    );
    await userEvent.type(screen.getByLabelText('Search forms'), 'toolbox');
    expect(screen.queryByRole('link', { name: /Incident Report/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Toolbox Talk/ })).toBeInTheDocument();
  });

  function servePosterTemplates(system: 'yes' | 'no') {
    setAuthToken('token-1');
    return mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ access: accessMap({ system }) })),
      'POST /api/formTemplateList': () =>
        ok([
          { _id: TEMPLATE, name: 'Incident Report', formType: 'form-submission' },
          { _id: id(4), name: 'Visitor Feedback', formType: 'qr' },
        ]),
      [`GET /api/formTemplateQrPoster/${id(4)}`]: () => ({ status: 200, body: '<svg/>' }),
    });
  }

  it('offers administrators the QR poster of QR forms only, and downloads it', async () => {
    const fetchMock = servePosterTemplates('yes');
    const createObjectURL = vi.fn(() => 'blob:poster');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderRoutes(routes, '/form-submission/new');
    const poster = await screen.findByRole('button', { name: 'Download the QR poster of Visitor Feedback' });
    expect(screen.getAllByRole('button', { name: /QR poster/ })).toHaveLength(1);
    await userEvent.click(poster);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(`/api/formTemplateQrPoster/${id(4)}`, expect.anything());
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows no poster button to an employee without system access', async () => {
    const fetchMock = servePosterTemplates('no');
    renderRoutes(routes, '/form-submission/new');
    await screen.findByRole('link', { name: /Visitor Feedback/ });
    const permissionsRead = () =>
      fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/permissions'));
    await waitFor(() => expect(permissionsRead()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /QR poster/ })).not.toBeInTheDocument();
  });
});
