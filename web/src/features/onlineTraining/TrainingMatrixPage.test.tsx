import type { TTrainingMatrix } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  accessMap,
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { TrainingMatrixPage } from './TrainingMatrixPage';

const FORKLIFT = { _id: testId(1), name: 'Forklift Safety' };
const LADDERS = { _id: testId(2), name: 'Ladder Use' };
const MIA = { _id: testId(3), name: 'Mia Thompson' };
const ATTEMPT = testId(4);

const matrix: TTrainingMatrix = {
  columns: [FORKLIFT, LADDERS],
  rows: [
    {
      employee: MIA,
      position: 'Storeman',
      workplace: 'Riverside Depot',
      cells: [
        {
          courseId: FORKLIFT._id,
          standing: 'done',
          day: '2026-03-02',
          assignmentId: testId(5),
          lastAttemptId: ATTEMPT,
          score: 90,
        },
        {
          courseId: LADDERS._id,
          standing: 'overdue',
          day: '2026-11-20',
          assignmentId: testId(6),
          lastAttemptId: null,
          score: null,
        },
      ],
    },
  ],
  total: 1,
};

const OPTIONS = {
  courses: [{ ...FORKLIFT, expectedMinutes: 10, attemptsAllowed: 2, hasShortAnswers: false }],
  positions: [],
  workplaces: [{ _id: testId(7), name: 'Riverside Depot' }],
};

const PATH = '/human-resource/admin/online-training/matrix';
const render = (entry = PATH) => renderRoutes([{ path: PATH, element: <TrainingMatrixPage /> }], entry);

describe('TrainingMatrixPage', () => {
  beforeEach(() => setAuthToken('token'));

  it('shows HR each person’s standing per course with its day, opens a cell’s last attempt, and filters on the server', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/trainingMatrix': () => ok(matrix),
      'POST /api/trainingAssignOptions': () => ok(OPTIONS),
    });
    const { router } = render();
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Training matrix' });
    const table = await within(card).findByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['Employee', 'Forklift Safety', 'Ladder Use']);
    const row = within(table).getByRole('row', { name: /Mia Thompson/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Done02/03/2026');
    expect(within(cells[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `/human-resource/employee/online-training-form-attempt-view/${ATTEMPT}`,
    );
    expect(cells[1]).toHaveTextContent('Overdue20/11/2026');
    expect(within(cells[1]!).queryByRole('link')).not.toBeInTheDocument();
    const legend = within(card).getByRole('list', { name: 'Legend' });
    expect(within(legend).getByText('a refresher past its complete-by day')).toBeInTheDocument();

    await user.selectOptions(await screen.findByLabelText('Course'), FORKLIFT._id);
    await user.selectOptions(screen.getByLabelText('Standing'), 'expired');
    expect(bodiesSent(fetchMock, '/api/trainingMatrix').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      courseId: FORKLIFT._id,
      standing: 'expired',
    });
    // The filters are kept in the address.
    expect(router.state.location.search).toContain('standing=expired');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/human-resource/admin/online-training',
    );
  }, 15_000);

  it('opens on the filters of its address', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/trainingMatrix': () => ok(matrix),
      'POST /api/trainingAssignOptions': () => ok(OPTIONS),
    });
    render(`${PATH}?standing=failed&search=mia`);
    await screen.findByRole('table');
    expect(bodiesSent(fetchMock, '/api/trainingMatrix').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      search: 'mia',
      standing: 'failed',
    });
  }, 15_000);

  it('shows a manager their people without HR’s pick lists or the attempts', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ access: accessMap({ hrAdmin: 'no' }) })),
      'POST /api/trainingMatrix': () => ok(matrix),
    });
    render();
    await waitFor(() => expect(bodiesSent(fetchMock, '/api/permissions')).toHaveLength(1));
    const row = await screen.findByRole('row', { name: /Mia Thompson/ });
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('Done02/03/2026');
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Course')).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAssignOptions')).toEqual([]);
  }, 15_000);

  it('tells someone who looks after nobody that the matrix is not theirs', async () => {
    mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture({ access: accessMap({ hrAdmin: 'no' }) })),
      'POST /api/trainingMatrix': () => ({ status: 403, body: envelope(null, 403, 'Forbidden') }),
    });
    render();
    expect(
      await screen.findByRole('heading', { name: 'The training matrix is for HR and managers' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  }, 15_000);
});
