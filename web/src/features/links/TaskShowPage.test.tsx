import { EXTERNAL_TASK_REDIRECT_MS, messages, type TExternalTaskDetails } from '@compass/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { browser } from '../../lib/browser';
import { AUTH_TOKEN_KEY } from '../../lib/storage';
import { TaskShowPage } from './TaskShowPage';

const SUBMISSION = '44444444-4444-4444-8444-444444444444';
const TASK = '55555555-5555-4555-8555-555555555555';
const COMPANY = '22222222-2222-4222-8222-222222222222';
const FILE = '66666666-6666-4666-8666-666666666666';
const HOME = 'https://www.compass.example/';

const task = (over: Partial<TExternalTaskDetails> = {}): TExternalTaskDetails => ({
  _id: TASK,
  formSubmissionId: SUBMISSION,
  companyId: COMPANY,
  formatedNumber: 'FS 1001',
  formName: 'Incident Report',
  formDescription: 'Slip on wet floor near loading bay 2',
  instruction: 'Clear and repair the gutter above loading bay 2.',
  actionType: 'external',
  assignTo: '77777777-7777-4777-8777-777777777777',
  assignToName: 'Liam Walker',
  due: '2026-03-14',
  response: 'Gutter cleared.',
  attachment: [{ _id: FILE, name: 'gutter.jpg', path: `/api/files/${FILE}`, fileType: 'jpg', size: 1200 }],
  complete: false,
  completedOn: null,
  status: 'Open',
  editable: 'yes',
  ...over,
});

function renderPage(query = '?authtoken=link-token') {
  return renderRoutes(
    [
      { path: 'form/form-submission/task-show/:id/:taskId/:companyId', element: <TaskShowPage /> },
      { path: 'dashboard', element: <p>Dashboard page</p> },
      { path: 'login', element: <p>Login page</p> },
    ],
    `/form/form-submission/task-show/${SUBMISSION}/${TASK}/${COMPANY}${query}`,
  );
}

function server(details: TExternalTaskDetails | { refused: number; message: string }) {
  return mockFetch({
    'GET /api/configuration': () =>
      ok({ productName: 'Compass', homeSiteUrl: HOME, helpCentreUrl: 'https://help.example', sso: {} }),
    'POST /api/externalTaskDetails': () =>
      'refused' in details
        ? { status: details.refused, body: envelope(null, details.refused, details.message) }
        : ok(details),
    'POST /api/externalTaskSave': () => ok(null, messages.action.completed),
  });
}

/** The multipart fields of the save call. */
function savedFields(fetchMock: ReturnType<typeof mockFetch>) {
  const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/externalTaskSave'));
  const form = call?.[1]?.body as FormData;
  return { url: String(call?.[0]), fields: Object.fromEntries(form.entries()) };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('external task-action page', () => {
  it('opens through the link without signing in, completes, and leaves for the product site after 2 s', async () => {
    const fetchMock = server(task());
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();

    expect(await screen.findByRole('heading', { name: task().instruction })).toBeInTheDocument();
    const details = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/externalTaskDetails'));
    expect(String(details?.[0])).toBe('/api/externalTaskDetails?authtoken=link-token');
    expect(screen.getByText('Liam Walker')).toBeInTheDocument();
    expect(screen.getByText('14/03/2026')).toBeInTheDocument();
    // Not signed in: the form link goes to sign-in with the organisation and the submission.
    expect(screen.getByRole('link', { name: /FS 1001 · Incident Report/ })).toHaveAttribute(
      'href',
      `/login?companyId=${COMPANY}&submissionData=${SUBMISSION}`,
    );

    const response = screen.getByLabelText('Response');
    await user.clear(response);
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(screen.getByText(messages.action.responseRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/externalTaskSave'))).toBe(false);

    await user.type(response, 'Gutter repaired.');
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText(messages.action.completed)).toBeInTheDocument();
    const saved = savedFields(fetchMock);
    expect(saved.url).toBe('/api/externalTaskSave?authtoken=link-token');
    expect(saved.fields).toMatchObject({
      formSubmissionId: SUBMISSION,
      taskId: TASK,
      response: 'Gutter repaired.',
      complete: 'true',
    });
    expect(saved.fields.localTimeZone).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(EXTERNAL_TASK_REDIRECT_MS - 100));
    expect(assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(assign).toHaveBeenCalledWith(HOME);
  });

  it('for a signed-in user links to the record and goes to the dashboard after Save Draft', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    const fetchMock = server(task());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('');

    expect(await screen.findByRole('link', { name: /FS 1001/ })).toHaveAttribute(
      'href',
      `/form-submission/record/${COMPANY}/${SUBMISSION}`,
    );
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByRole('status');
    const saved = savedFields(fetchMock);
    expect(saved.url).toBe('/api/externalTaskSave');
    expect(saved.fields).toMatchObject({ complete: 'false', response: 'Gutter cleared.' });
    await act(() => vi.advanceTimersByTimeAsync(EXTERNAL_TASK_REDIRECT_MS + 50));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
  });

  it('shows a completed action view-only', async () => {
    server(task({ complete: true, completedOn: '2026-03-13', status: 'Completed', editable: 'no' }));
    renderPage();
    expect(await screen.findByText('This action was completed on 13/03/2026.')).toBeInTheDocument();
    expect(screen.getByLabelText('Response')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete gutter.jpg/ })).not.toBeInTheDocument();
  });

  it('refuses a file type that is not allowed before sending anything', async () => {
    server(task());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    renderPage();
    await screen.findByRole('heading', { name: task().instruction });
    await user.upload(screen.getByLabelText('Add files'), new File(['x'], 'tool.exe'));
    expect(screen.getByText('This file type is not allowed: tool.exe')).toBeInTheDocument();
  });

  it('shows an expired link on the page and keeps whoever is signed in signed in', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    server({ refused: 403, message: messages.links.expired });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText(messages.links.expired)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This action cannot be opened' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows an unknown link (401) on the page without signing anyone out', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    server({ refused: 401, message: messages.links.unknown });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderPage('?authtoken=made-up');
    expect(await screen.findByText(messages.links.unknown)).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-token');
    expect(assign).not.toHaveBeenCalled();
  });

  it('says a link without its token is not valid, without asking the server, to a visitor not signed in', async () => {
    const fetchMock = server({ refused: 401, message: messages.common.sessionExpired });
    renderPage('');
    expect(await screen.findByText(messages.links.unknown)).toBeInTheDocument();
    expect(screen.queryByText(messages.common.sessionExpired)).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('/externalTaskDetails'))).toEqual([]);
  });
});
