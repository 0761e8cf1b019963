import {
  documentMessages as say,
  type TDocumentApprovalOpen,
  type TDocumentDetails,
  type TDocumentReading,
  type TDocumentRow,
} from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accessMap,
  bodiesSent,
  EMPLOYEE_ID,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { AcknowledgementPage } from './AcknowledgementPage';
import { ApprovalPage } from './ApprovalPage';
import { DocumentPage } from './DocumentPage';
import { DocumentReviewPage } from './DocumentReviewPage';
import { LibraryPage } from './LibraryPage';
import { MyAcknowledgementsPage } from './MyAcknowledgementsPage';

const DOC = testId(1);
const VERSION = testId(2);
const FOLDER = testId(3);
const file = {
  _id: testId(4),
  name: 'ppe-policy.docx',
  path: `/api/files/${testId(4)}`,
  fileType: 'docx',
  size: 2048,
};

const row = (over: Partial<TDocumentRow> = {}): TDocumentRow => ({
  _id: DOC,
  name: 'PPE Policy',
  folderName: 'Policies',
  ownerName: 'Olivia Bennett',
  currentVersion: 2,
  status: 'published',
  reviewFrequency: 'years',
  nextReviewDate: '2027-03-01',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const approval = (over: Partial<TDocumentDetails['versions'][number]['approvals'][number]> = {}) => ({
  _id: testId(20),
  employeeId: EMPLOYEE_ID,
  name: 'Sophie Dubois',
  status: 'requested' as const,
  comment: null,
  decidedAt: null,
  ...over,
});

const version = (
  over: Partial<TDocumentDetails['versions'][number]> = {},
): TDocumentDetails['versions'][number] => ({
  _id: VERSION,
  number: 2,
  status: 'published',
  isCurrent: true,
  note: 'Hearing protection everywhere.',
  uploadedBy: 'Olivia Bennett',
  createdAt: '2026-11-01T10:00:00.000Z',
  publishedAt: '2026-11-01T10:00:00.000Z',
  file,
  approvals: [],
  acknowledged: 3,
  toAcknowledge: 5,
  ...over,
});

const details = (over: Partial<TDocumentDetails> = {}): TDocumentDetails => ({
  _id: DOC,
  name: 'PPE Policy',
  description: 'What to wear where.',
  folder: { _id: FOLDER, name: 'Policies' },
  owner: { _id: EMPLOYEE_ID, name: 'Alex Morgan' },
  reviewer: { _id: testId(5), name: 'Sophie Dubois' },
  coReviewer: null,
  reviewFrequency: 'years',
  nextReviewDate: '2027-03-01',
  lastReviewDate: null,
  audienceWorkplaces: [],
  audienceRoles: [{ _id: testId(6), name: 'Coordinator' }],
  audienceEmployees: [],
  status: 'published',
  versions: [version()],
  attachments: [],
  actions: [],
  reviews: [],
  canManage: true,
  ...over,
});

beforeEach(() => localStorage.setItem('authToken', 't'));

describe('LibraryPage', () => {
  it('lists documents and asks the server again when a filter changes', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/documentFolders': () => ok([{ _id: FOLDER, name: 'Policies', documentCount: 1 }]),
      'POST /api/documentList': () => ok({ rows: [row()], total: 1 }),
    });
    renderRoutes([{ path: '/document/library', element: <LibraryPage /> }], '/document/library');
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'PPE Policy' })).toHaveAttribute(
      'href',
      `/document/library/${DOC}`,
    );
    expect(within(table).getByText('Annual')).toBeInTheDocument();
    expect(within(table).getByText('01/03/2027')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Folder'), 'Policies (1)');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Next review (soonest)');
    await screen.findByRole('table');
    expect(bodiesSent(fetchMock, '/api/documentList').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      folderId: FOLDER,
      sort: 'nextReviewDate',
    });
    expect(screen.getByRole('button', { name: 'Upload document' })).toBeInTheDocument();
  });

  it('hides uploading without documentEdit and says when the library is empty', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ access: accessMap({ documentEdit: 'no' }) })),
      'POST /api/documentFolders': () => ok([]),
      'POST /api/documentList': () => ok({ rows: [], total: 0 }),
    });
    renderRoutes([{ path: '/document/library', element: <LibraryPage /> }], '/document/library');
    expect(await screen.findByText('The library is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload document' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('checks the upload form before sending anything', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/documentFolders': () => ok([]),
      'POST /api/documentOptions': () => ok({ workplaces: [], roles: [] }),
      'POST /api/documentList': () => ok({ rows: [], total: 0 }),
    });
    renderRoutes([{ path: '/document/library', element: <LibraryPage /> }], '/document/library');
    // The picker's accept list would hide the file; the check under test is the product's own.
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Upload document' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Next review'), '2001-01-01');
    await user.upload(within(dialog).getByLabelText('File'), new File(['MZ'], 'setup.exe'));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText(say.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.ownerRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.nextReviewPast)).toBeInTheDocument();
    expect(within(dialog).getByText('This file type is not allowed: setup.exe')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/documentCreate')).toEqual([]);
  });
});

describe('DocumentPage', () => {
  it('shows the facts, the versions and who has read a version', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/documentDetails': () =>
        ok(
          details({
            versions: [version(), version({ _id: testId(7), number: 1, isCurrent: false, note: null })],
            reviews: [
              {
                _id: testId(40),
                dueDate: '2026-10-26',
                completedAt: '2026-10-27T09:00:00.000Z',
                completedBy: 'Sophie Dubois',
                outcome: 'noChange',
                comments: null,
                coReviewer: null,
                coReviewComments: null,
              },
            ],
          }),
        ),
      'POST /api/changeLogList': () => ok({ list: [] }),
      'POST /api/documentReaders': () =>
        ok({
          versionNumber: 2,
          rows: [
            {
              employeeId: testId(8),
              name: 'Mia Torres',
              dueDate: '2026-11-08',
              acknowledgedAt: null,
              lapsed: false,
            },
            {
              employeeId: testId(9),
              name: 'Jack Morrison',
              dueDate: '2026-11-08',
              acknowledgedAt: '2026-11-02T09:00:00.000Z',
              lapsed: false,
            },
          ],
        }),
    });
    renderRoutes([{ path: '/document/library/:id', element: <DocumentPage /> }], `/document/library/${DOC}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'PPE Policy' })).toBeInTheDocument();
    expect(screen.getByText('Role: Coordinator')).toBeInTheDocument();
    const reviews = screen.getByRole('region', { name: 'Review history' });
    expect(within(reviews).getByText('Still current')).toBeInTheDocument();
    expect(within(reviews).getByText('Sophie Dubois')).toBeInTheDocument();
    const versions = screen.getByRole('region', { name: 'Versions' });
    expect(within(versions).getAllByRole('row')).toHaveLength(3);
    expect(within(versions).getAllByText('3 of 5')).toHaveLength(2);
    await user.click(within(versions).getAllByRole('button', { name: 'Readers' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Readers of version 2' });
    expect(await within(dialog).findByText('Mia Torres')).toBeInTheDocument();
    expect(within(dialog).getByText('Not yet')).toBeInTheDocument();
    expect(screen.getByText('No changes recorded yet.')).toBeInTheDocument();
  });
  it('raises an action after checking it, and completes one the caller may complete', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/documentDetails': () =>
        ok(
          details({
            actions: [
              {
                _id: testId(50),
                instruction: 'Reprint the signs.',
                assigneeId: EMPLOYEE_ID,
                assigneeName: 'Alex Morgan',
                dueDate: '2099-01-10',
                completedOn: null,
                canComplete: true,
              },
            ],
          }),
        ),
      'POST /api/changeLogList': () => ok({ list: [] }),
      'POST /api/documentPeopleSearch': () =>
        ok({ options: [{ _id: testId(9), name: 'Jack Morrison' }], hasMore: false }),
      'POST /api/documentActionCreate': () => ok({ _id: testId(51) }, say.actionCreated),
      'POST /api/documentActionComplete': () => ok(null, say.actionCompleted),
    });
    renderRoutes([{ path: '/document/library/:id', element: <DocumentPage /> }], `/document/library/${DOC}`);
    const user = userEvent.setup();
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(within(actions).getByText('Reprint the signs.')).toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Complete' }));
    expect(bodiesSent(fetchMock, '/api/documentActionComplete')).toEqual([{ _id: testId(50) }]);

    await user.click(within(actions).getByRole('button', { name: 'Raise action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Raise action' });
    await user.click(within(dialog).getByRole('button', { name: 'Raise action' }));
    expect(within(dialog).getByText(say.instructionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(say.assigneeRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/documentActionCreate')).toEqual([]);
    await user.type(within(dialog).getByLabelText('What has to be done'), 'Move the eye-wash sign.');
    await user.click(within(dialog).getByRole('button', { name: 'Choose' }));
    await user.type(within(dialog).getByRole('searchbox'), 'Jac');
    await user.click(await within(dialog).findByRole('button', { name: 'Jack Morrison' }));
    await user.click(within(dialog).getByRole('button', { name: 'Raise action' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/documentActionCreate')).toEqual([
        {
          _id: DOC,
          instruction: 'Move the eye-wash sign.',
          assigneeId: testId(9),
          dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        },
      ]),
    );
  });
});

describe('AcknowledgementPage', () => {
  const reading = (over: Partial<TDocumentReading> = {}): TDocumentReading => ({
    _id: DOC,
    name: 'PPE Policy',
    description: null,
    ownerName: 'Olivia Bennett',
    version: { _id: VERSION, number: 2, note: null, publishedAt: '2026-11-01T10:00:00.000Z', file },
    dueDate: '2026-11-30',
    acknowledgedAt: null,
    ...over,
  });

  it('confirms the reading only after the reader ticks the box, then returns to the dashboard', async () => {
    const fetchMock = mockFetch({
      'POST /api/documentAcknowledgementOpen': () => ok(reading()),
      'POST /api/documentAcknowledge': () => ok(null, say.acknowledged),
    });
    const path = `/document/action/acknowledgement/${DOC}/${EMPLOYEE_ID}`;
    renderRoutes(
      [
        { path: '/document/action/acknowledgement/:id/:employeeId', element: <AcknowledgementPage /> },
        { path: '/dashboard', element: <p>Dashboard</p> },
      ],
      path,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'PPE Policy' })).toBeInTheDocument();
    expect(screen.getByText(/cannot show DOCX files/)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Acknowledge' });
    expect(button).toBeDisabled();
    await user.click(screen.getByLabelText(/I have read and understood version 2/));
    await user.click(button);
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/documentAcknowledge')).toEqual([
      { _id: DOC, employeeId: EMPLOYEE_ID },
    ]);
  });

  it('says when the version is already acknowledged, and shows a refusal', async () => {
    mockFetch({
      'POST /api/documentAcknowledgementOpen': () =>
        ok(reading({ acknowledgedAt: '2026-11-02T09:00:00.000Z' })),
    });
    renderRoutes(
      [{ path: '/document/action/acknowledgement/:id/:employeeId', element: <AcknowledgementPage /> }],
      `/document/action/acknowledgement/${DOC}/${EMPLOYEE_ID}`,
    );
    expect(await screen.findByText(/You acknowledged version 2/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });
});

describe('ApprovalPage', () => {
  const open = (): TDocumentApprovalOpen => ({
    _id: DOC,
    name: 'Emergency Response Plan',
    ownerName: 'Olivia Bennett',
    version: version({ number: 3, status: 'approvalPending', isCurrent: false, approvals: [approval()] }),
    currentVersion: 2,
    mine: approval(),
  });

  it('asks for a reason before rejecting and sends the decision', async () => {
    const fetchMock = mockFetch({
      'POST /api/documentApprovalOpen': () => ok(open()),
      'POST /api/documentApprovalDecide': () => ok({ published: false }, say.rejected),
    });
    renderRoutes(
      [
        { path: '/document/action/approval/:id/:employeeId', element: <ApprovalPage /> },
        { path: '/dashboard', element: <p>Dashboard</p> },
      ],
      `/document/action/approval/${DOC}/${EMPLOYEE_ID}`,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Emergency Response Plan' })).toBeInTheDocument();
    expect(screen.getByText('Approval Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject version' }));
    expect(within(dialog).getByText(say.commentRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/documentApprovalDecide')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Assembly point B moved.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject version' }));
    expect(await screen.findByText('Dashboard', { selector: 'p' })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/documentApprovalDecide')).toEqual([
      { _id: DOC, employeeId: EMPLOYEE_ID, decision: 'reject', comment: 'Assembly point B moved.' },
    ]);
  });
});

describe('DocumentReviewPage (revise)', () => {
  it('shows why the version was rejected and withdraws it', async () => {
    const rejected = version({
      _id: testId(11),
      number: 3,
      status: 'rejected',
      isCurrent: false,
      approvals: [approval({ status: 'rejected', comment: 'Step 4 names the old bay.' })],
    });
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/documentDetails': () => ok(details({ status: 'rejected', versions: [rejected, version()] })),
      'POST /api/documentRevisionWithdraw': () => ok(null, say.withdrawn),
    });
    renderRoutes(
      [
        { path: '/document/review/:id/:x', element: <DocumentReviewPage /> },
        { path: '/document/library/:id', element: <p>The document</p> },
      ],
      `/document/review/${DOC}/revise`,
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/Step 4 names the old bay/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Withdraw it' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The document')).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/documentRevisionWithdraw')).toEqual([{ _id: DOC }]);
  });
});

describe('MyAcknowledgementsPage', () => {
  it("links each document to read to the reader's acknowledgement page", async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/documentMyAcknowledgements': () =>
        ok({
          rows: [
            {
              _id: testId(30),
              documentId: DOC,
              name: 'PPE Policy',
              versionNumber: 2,
              dueDate: '2026-11-30',
              acknowledgedAt: null,
            },
          ],
          total: 1,
        }),
    });
    renderRoutes(
      [{ path: '/document/acknowledgement', element: <MyAcknowledgementsPage /> }],
      '/document/acknowledgement',
    );
    const link = await screen.findByRole('link', { name: 'Read PPE Policy' });
    expect(link).toHaveAttribute('href', `/document/action/acknowledgement/${DOC}/${EMPLOYEE_ID}`);
    expect(screen.getByText('30/11/2026')).toBeInTheDocument();
  });
});
