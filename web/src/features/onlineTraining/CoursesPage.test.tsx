import { ONLINE_TRAINING_ADMIN_PATH, onlineTrainingMessages as say } from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { CoursesPage } from './CoursesPage';
import { courseRow } from './onlineTraining.fixtures';

function OpenedCourse() {
  return <p>Editor of {useParams().id}</p>;
}

const render = () =>
  renderRoutes(
    [
      { path: ONLINE_TRAINING_ADMIN_PATH, element: <CoursesPage /> },
      { path: `${ONLINE_TRAINING_ADMIN_PATH}/:id`, element: <OpenedCourse /> },
    ],
    ONLINE_TRAINING_ADMIN_PATH,
  );

describe('CoursesPage', () => {
  it('lists the catalogue with each course’s version and test, searched and filtered on the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/trainingCourseList': () =>
        ok({
          rows: [
            courseRow(),
            courseRow({
              _id: testId(2),
              name: 'Site induction',
              description: null,
              currentVersion: 0,
              hasDraft: true,
              questionCount: null,
              passMark: null,
              attemptsAllowed: null,
              expectedMinutes: null,
            }),
          ],
          total: 2,
        }),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Courses' });
    const forklift = (await within(table).findByRole('link', { name: 'Forklift refresher' })).closest('tr')!;
    expect(within(forklift).getByRole('link')).toHaveAttribute(
      'href',
      `${ONLINE_TRAINING_ADMIN_PATH}/${courseRow()._id}`,
    );
    expect(within(forklift).getByText('v2')).toBeInTheDocument();
    expect(within(forklift).getByText('Unpublished changes')).toBeInTheDocument();
    expect(within(forklift).getByText('80%')).toBeInTheDocument();
    expect(within(forklift).getByText('20 min')).toBeInTheDocument();
    expect(within(forklift).getByText('20/11/2026')).toBeInTheDocument();
    const induction = within(table).getByText('Site induction').closest('tr')!;
    expect(within(induction).getByText('Not published')).toBeInTheDocument();
    expect(within(induction).queryByText('Unpublished changes')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    expect(bodiesSent(fetchMock, '/api/trainingCourseList').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      status: 'all',
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'forklift');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(bodiesSent(fetchMock, '/api/trainingCourseList').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      status: 'all',
      search: 'forklift',
    });
  }, 15_000);

  it('says how to start when there are no courses, and what went wrong when the list fails', async () => {
    let fail = false;
    mockFetch({
      'POST /api/trainingCourseList': () =>
        fail
          ? { status: 403, body: envelope(null, 403, 'You do not have access to this page.') }
          : ok({ rows: [], total: 0 }),
    });
    render();
    expect(await screen.findByText('No courses yet: add the first one.')).toBeInTheDocument();
    fail = true;
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'inactive');
    const table = screen.getByRole('region', { name: 'Courses' });
    expect(await within(table).findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  }, 15_000);

  it('adds a course after checking its name, then opens it in the editor', async () => {
    const fetchMock = mockFetch({
      'POST /api/trainingCourseList': () => ok({ rows: [], total: 0 }),
      'POST /api/trainingCourseSave': () => ok({ _id: testId(9), revision: 1 }, say.saved),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New course' }));
    const dialog = screen.getByRole('dialog', { name: 'New course' });
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(within(dialog).getByText(say.nameRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), 'Manual handling');
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Lifting safely.');
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await screen.findByText(`Editor of ${testId(9)}`)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingCourseSave')).toEqual([
      { name: 'Manual handling', description: 'Lifting safely.', content: {} },
    ]);
  }, 15_000);

  it('shows the server’s refusal of a name at the name', async () => {
    mockFetch({
      'POST /api/trainingCourseList': () => ok({ rows: [], total: 0 }),
      'POST /api/trainingCourseSave': () => ({
        status: 400,
        body: envelope(null, 400, say.nameTaken, {
          validation_errors: [{ field: 'name', message: say.nameTaken }],
        }),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New course' }));
    const dialog = screen.getByRole('dialog', { name: 'New course' });
    await user.type(within(dialog).getByLabelText('Name'), 'Forklift refresher');
    await user.click(within(dialog).getByRole('button', { name: 'Create course' }));
    expect(await within(dialog).findByText(say.nameTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  }, 15_000);
});
