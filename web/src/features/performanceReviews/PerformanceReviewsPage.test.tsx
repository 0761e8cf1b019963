import { addDays, performanceReviewMessages as say } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodiesSent,
  choosePerson,
  mockFetch,
  ok,
  renderRoutes,
  stubObjectUrls,
  testId,
} from '../../../test/helpers';
import { browserToday } from '../../lib/timeZone';
import { ETHAN, MIA, NOAH, peopleSearch, REVIEW, reviewRow, TITLE } from './performanceReviews.fixtures';
import { PerformanceReviewsPage } from './PerformanceReviewsPage';

const PATH = '/human-resource/admin/performance-reviews';
const render = () => renderRoutes([{ path: PATH, element: <PerformanceReviewsPage /> }], PATH);

describe('HR Admin > Performance Reviews', () => {
  it('lists the reviews with links to each and to the employee’s, filters on the server, exports', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewList': () =>
        ok({
          rows: [
            reviewRow(),
            reviewRow({
              _id: testId(7),
              employeeId: NOAH._id,
              employeeName: NOAH.name,
              status: 'completed',
              taskDueDateType: 'overdue',
            }),
          ],
          total: 2,
        }),
      'GET /api/performanceReviewExport': () => ok(null),
      ...peopleSearch,
    });
    const saved = stubObjectUrls();
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Performance reviews' });
    const mia = (await within(table).findByRole('link', { name: `Reviews of ${MIA.name}` })).closest('tr')!;
    expect(mia).toHaveTextContent('Self-assessment');
    expect(within(mia).getByRole('link', { name: TITLE })).toHaveAttribute(
      'href',
      `/human-resource/employee/performance-review/${MIA._id}/${REVIEW}`,
    );
    expect(within(mia).getByRole('link', { name: `Reviews of ${MIA.name}` })).toHaveAttribute(
      'href',
      `/human-resource/employee/performance-review/${MIA._id}`,
    );
    // A finished review is not marked overdue.
    const noah = within(table)
      .getByRole('link', { name: `Reviews of ${NOAH.name}` })
      .closest('tr')!;
    expect(within(noah).queryByText('Overdue')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'managerAssessment');
    await choosePerson(user, screen.getByRole('form', { name: 'Filters' }), 'Reviewer', ETHAN.name);
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/api/performanceReviewList').at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        status: 'managerAssessment',
        reviewerEmployeeId: ETHAN._id,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const exported = fetchMock.mock.calls.find(([url]) =>
      String(url).includes('/api/performanceReviewExport'),
    );
    expect(Object.fromEntries(new URL(String(exported![0]), 'http://localhost').searchParams)).toEqual({
      status: 'managerAssessment',
      reviewerEmployeeId: ETHAN._id,
    });
  }, 20_000);

  it('says what to do when there is no review yet', async () => {
    mockFetch({ 'POST /api/performanceReviewList': () => ok({ rows: [], total: 0 }) });
    render();
    expect(await screen.findByText('No performance reviews yet: start the first one.')).toBeInTheDocument();
  });

  it('starts a review: checks it first, proposes the manager as reviewer, sends the objectives', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewList': () => ok({ rows: [], total: 0 }),
      'POST /api/performanceReviewStart': () => ok({ _id: testId(9) }, say.started),
      ...peopleSearch,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    const dialog = screen.getByRole('dialog', { name: 'Start review' });
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(within(dialog).getByText(say.employeeUnknown)).toBeInTheDocument();
    expect(within(dialog).getByText(say.reviewerUnknown)).toBeInTheDocument();
    expect(within(dialog).getByText(say.objectiveTitleRequired)).toBeInTheDocument();

    await choosePerson(user, dialog, 'Employee', MIA.name);
    const reviewer = within(dialog).getByText('Reviewer', { selector: '.field-label' }).closest('.field')!;
    expect(within(reviewer as HTMLElement).getByRole('textbox')).toHaveValue(ETHAN.name);
    await user.type(within(dialog).getByLabelText('Objective 1'), 'Safe work');
    await user.clear(within(dialog).getByLabelText('Weight (%)'));
    await user.type(within(dialog).getByLabelText('Weight (%)'), '60');
    await user.click(within(dialog).getByRole('button', { name: 'Add objective' }));
    await user.type(within(dialog).getByLabelText('Objective 2'), 'Customer focus');
    await user.type(within(dialog).getAllByLabelText('Description (optional)')[1]!, 'Fewer call-backs.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Total 100% of 100%');
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(await screen.findByText(say.started)).toBeInTheDocument();
    const year = browserToday().slice(0, 4);
    expect(bodiesSent(fetchMock, '/api/performanceReviewStart')).toEqual([
      {
        employeeId: MIA._id,
        reviewerEmployeeId: ETHAN._id,
        title: null,
        periodStart: `${year}-01-01`,
        periodEnd: `${year}-12-31`,
        dueDate: addDays(browserToday(), 14),
        objectives: [
          { title: 'Safe work', description: null, weight: 60 },
          { title: 'Customer focus', description: 'Fewer call-backs.', weight: 40 },
        ],
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 30_000);

  it('refuses weights that do not add up to 100 before sending', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewList': () => ok({ rows: [], total: 0 }),
      ...peopleSearch,
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start review' }));
    const dialog = screen.getByRole('dialog', { name: 'Start review' });
    await choosePerson(user, dialog, 'Employee', NOAH.name);
    await choosePerson(user, dialog, 'Reviewer', ETHAN.name);
    await user.type(within(dialog).getByLabelText('Objective 1'), 'Safe work');
    await user.clear(within(dialog).getByLabelText('Weight (%)'));
    await user.type(within(dialog).getByLabelText('Weight (%)'), '90');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Total 90% of 100%');
    await user.click(within(dialog).getByRole('button', { name: 'Start review' }));
    expect(within(dialog).getByText(say.weightsTotal)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/performanceReviewStart')).toEqual([]);
  }, 30_000);
});
