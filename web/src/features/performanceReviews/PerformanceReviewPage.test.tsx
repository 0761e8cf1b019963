import { performanceReviewMessages as say } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bodiesSent,
  envelope,
  mockFetch,
  ok,
  permissionsFixture,
  renderRoutes,
  testId,
} from '../../../test/helpers';
import { EmployeeReviewsPage } from './EmployeeReviewsPage';
import {
  ETHAN,
  MIA,
  objective,
  peopleSearch,
  REVIEW,
  reviewDetails,
  reviewRow,
  TITLE,
} from './performanceReviews.fixtures';
import { PerformanceReviewPage } from './PerformanceReviewPage';

const routes = [
  { path: '/human-resource/employee/performance-review/:employee', element: <EmployeeReviewsPage /> },
  { path: '/human-resource/employee/performance-review/:employee/:id', element: <PerformanceReviewPage /> },
];
const render = () => renderRoutes(routes, `/human-resource/employee/performance-review/${MIA._id}/${REVIEW}`);
const saved = (status: string) => ok({ version: 4, status }, say.draftSaved);

type User = ReturnType<typeof userEvent.setup>;
const rate = (user: User, title: string, rating: RegExp) =>
  user.click(
    within(screen.getByRole('radiogroup', { name: `Your rating of ${title}` })).getByRole('radio', {
      name: rating,
    }),
  );

describe('a performance review, as the employee', () => {
  it('rates each objective and writes the self-assessment; submitting needs them all', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewDetails': () =>
        ok(
          reviewDetails({
            canSelfAssess: true,
            returnComment: 'Say more about the audits.',
            objectives: [
              objective(1, { selfRating: 4, selfComment: 'No incidents.' }),
              objective(2),
              objective(3),
            ],
          }),
        ),
      'POST /api/performanceReviewSaveSelf': () => saved('managerAssessment'),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(`Returned by ${ETHAN.name}: “Say more about the audits.”`)).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps of the review' });
    expect(within(steps).getByText('Self-assessment').closest('li')).toHaveAttribute('aria-current', 'step');
    // The reviewer's side is not on the page at all.
    expect(screen.queryByRole('columnheader', { name: 'Reviewer’s assessment' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '4 Exceeds expectations', checked: true })).toBeInTheDocument();

    await rate(user, 'Customer focus', /^3 /);
    await user.click(screen.getByRole('button', { name: 'Submit to reviewer' }));
    expect(screen.getByText(say.objectivesAllRated)).toBeInTheDocument();
    expect(screen.getByText(say.selfAssessmentRequired)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/performanceReviewSaveSelf')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await rate(user, 'Learning', /^5 /);
    await user.type(screen.getByLabelText('Comment on Learning'), 'Finished the forklift course.');
    await user.type(screen.getByLabelText('How the period went for you'), 'A steady year.');
    await user.click(screen.getByRole('button', { name: 'Submit to reviewer' }));
    await screen.findAllByText(say.draftSaved);
    const objectives = (ratings: (number | null)[], last: string | null) => [
      { _id: objective(1)._id, rating: 4, comment: 'No incidents.' },
      { _id: objective(2)._id, rating: ratings[0], comment: null },
      { _id: objective(3)._id, rating: ratings[1], comment: last },
    ];
    expect(bodiesSent(fetchMock, '/api/performanceReviewSaveSelf')).toEqual([
      {
        _id: REVIEW,
        version: 3,
        objectives: objectives([3, null], null),
        selfAssessment: null,
        submit: false,
      },
      {
        _id: REVIEW,
        version: 3,
        objectives: objectives([3, 5], 'Finished the forklift course.'),
        selfAssessment: 'A steady year.',
        submit: true,
      },
    ]);
  }, 30_000);

  it('sees nothing of the reviewer’s draft while it is theirs, and who it waits for', async () => {
    mockFetch({
      'POST /api/performanceReviewDetails': () =>
        ok(
          reviewDetails({
            status: 'managerAssessment',
            selfAssessment: 'A steady year.',
            objectives: [objective(1, { selfRating: 4 })],
          }),
        ),
    });
    render();
    expect(await screen.findByText(`Waiting for ${ETHAN.name}’s assessment.`)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Self-assessment' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Reviewer’s assessment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save draft|Sign off/ })).not.toBeInTheDocument();
  });

  it('signs with a comment, and sees both signatures', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewDetails': () =>
        ok(
          reviewDetails({
            status: 'signOff',
            shows: { self: true, manager: true },
            canSignOff: true,
            overallRating: 4,
            managerAssessment: 'Strong year.',
            reviewerSignedAt: '2026-11-28T03:00:00.000Z',
            reviewerComment: 'Well done.',
            agreedActions: [
              {
                instruction: 'Book the first-aid course',
                assigneeEmployeeId: MIA._id,
                assigneeName: MIA.name,
                dueDate: '2027-02-01',
                actionId: null,
                isComplete: false,
              },
            ],
            objectives: [objective(1, { selfRating: 4, managerRating: 5, managerComment: 'Spotless.' })],
          }),
        ),
      'POST /api/performanceReviewSignOff': () => ok({ version: 4, status: 'completed' }, say.completed),
    });
    render();
    const user = userEvent.setup();
    const signatures = await screen.findByRole('region', { name: 'Sign-off' });
    expect(signatures).toHaveTextContent(`${MIA.name} (employee): not signed yet`);
    expect(signatures).toHaveTextContent('“Well done.”');
    expect(screen.getByText('5 · Outstanding')).toBeInTheDocument();
    expect(screen.getByText('Spotless.')).toBeInTheDocument();
    expect(screen.getByText('4 · Exceeds expectations', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Book the first-aid course' })).toBeInTheDocument();

    await user.click(within(signatures).getByRole('button', { name: 'Sign off' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign off the review' });
    expect(dialog).toHaveTextContent('Yours is the second signature');
    await user.type(
      within(dialog).getByLabelText('Comment (optional)'),
      'I see the second objective differently.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(say.completed)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/performanceReviewSignOff')).toEqual([
      { _id: REVIEW, version: 3, comment: 'I see the second objective differently.' },
    ]);
  }, 20_000);
});

describe('a performance review, as the reviewer', () => {
  it('rates beside the employee’s ratings, gives the overall rating and agrees actions', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewDetails': () =>
        ok(
          reviewDetails({
            status: 'managerAssessment',
            side: 'reviewer',
            shows: { self: true, manager: true },
            canManagerAssess: true,
            canReturn: true,
            selfAssessment: 'A steady year.',
            objectives: [objective(1, { selfRating: 4, selfComment: 'No incidents.', weight: 100 })],
          }),
        ),
      'POST /api/performanceReviewSaveManager': () => saved('signOff'),
      'POST /api/performanceReviewReturn': () => ok({ version: 4, status: 'selfAssessment' }, say.returned),
      ...peopleSearch,
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('No incidents.')).toBeInTheDocument();
    expect(screen.getByText('A steady year.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for sign-off' }));
    expect(screen.getByText(say.objectivesAllRated)).toBeInTheDocument();
    expect(screen.getByText(say.managerAssessmentRequired)).toBeInTheDocument();
    expect(screen.getByText(say.overallRatingRequired)).toBeInTheDocument();

    await rate(user, 'Safe work', /^5 /);
    await user.type(screen.getByLabelText('Your assessment of the period'), 'Strong year.');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Overall rating' })).getByRole('radio', { name: /^4 / }),
    );
    await user.click(screen.getByRole('button', { name: 'Add action' }));
    await user.type(screen.getByLabelText('Action 1'), 'Book the first-aid course');
    await user.type(screen.getByLabelText('Due date'), '01/02/2099');
    await user.click(screen.getByRole('button', { name: 'Submit for sign-off' }));
    await screen.findAllByText(say.draftSaved);
    expect(bodiesSent(fetchMock, '/api/performanceReviewSaveManager')).toEqual([
      {
        _id: REVIEW,
        version: 3,
        objectives: [{ _id: objective(1)._id, rating: 5, comment: null }],
        managerAssessment: 'Strong year.',
        overallRating: 4,
        agreedActions: [
          { instruction: 'Book the first-aid course', assigneeEmployeeId: MIA._id, dueDate: '2099-02-01' },
        ],
        submit: true,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Return to employee' }));
    const dialog = screen.getByRole('dialog', { name: 'Return to employee' });
    await user.type(within(dialog).getByLabelText('What needs to change'), 'Say more about the audits.');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    await screen.findAllByText(say.returned);
    expect(bodiesSent(fetchMock, '/api/performanceReviewReturn')).toEqual([
      { _id: REVIEW, version: 3, comment: 'Say more about the audits.' },
    ]);
  }, 30_000);

  it('offers to reload when someone else changed the review first', async () => {
    mockFetch({
      'POST /api/performanceReviewDetails': () =>
        ok(reviewDetails({ status: 'managerAssessment', side: 'reviewer', canManagerAssess: true })),
      'POST /api/performanceReviewSaveManager': () => ({
        status: 409,
        body: envelope(null, 409, say.stale, { error_code: 'stale_version' }),
      }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(say.stale);
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('a performance review, as HR', () => {
  it('shows no content without private access, changes the objectives and cancels', async () => {
    const fetchMock = mockFetch({
      'POST /api/performanceReviewDetails': () =>
        ok(
          reviewDetails({
            side: 'hr',
            shows: { self: false, manager: false },
            canEditObjectives: true,
            canCancel: true,
            objectives: [objective(1, { weight: 60 }), objective(2, { weight: 40 })],
          }),
        ),
      'POST /api/performanceReviewSaveObjectives': () =>
        ok({ version: 4, status: 'selfAssessment' }, say.objectivesSaved),
      'POST /api/performanceReviewCancel': () => ok({ version: 4, status: 'cancelled' }, say.cancelled),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Performance Reviews' })).toHaveAttribute(
      'href',
      '/human-resource/admin/performance-reviews',
    );
    const table = screen.getByRole('region', { name: 'Objectives' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Objective', 'Weight']);

    await user.click(screen.getByRole('button', { name: 'Change objectives' }));
    const dialog = screen.getByRole('dialog', { name: 'Change objectives' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Customer focus' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save objectives' }));
    expect(within(dialog).getByText(say.weightsTotal)).toBeInTheDocument();
    const weight = within(dialog).getByLabelText('Weight (%)');
    await user.clear(weight);
    await user.type(weight, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save objectives' }));
    expect(await screen.findByText(say.objectivesSaved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/performanceReviewSaveObjectives')).toEqual([
      {
        _id: REVIEW,
        version: 3,
        objectives: [{ _id: objective(1)._id, title: 'Safe work', description: null, weight: 100 }],
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Cancel review' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel this review?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel review' }));
    expect(await screen.findByText(say.cancelled)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/performanceReviewCancel')).toEqual([{ _id: REVIEW, version: 3 }]);
  }, 30_000);
});

describe('a performance review that cannot be shown', () => {
  it('says so kindly for someone else’s review', async () => {
    mockFetch({
      'POST /api/performanceReviewDetails': () => ({ status: 403, body: envelope(null, 403, say.notYours) }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'This review cannot be opened' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(say.notYours))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('an employee’s reviews', () => {
  it('lists them latest first with the overall rating where shown, a page at a time, and starts the next', async () => {
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/performanceReviewHistory': () =>
        ok({
          employee: MIA,
          canStart: true,
          rows: [
            { ...reviewRow(), overallRating: null },
            {
              ...reviewRow({ _id: testId(8), title: 'Performance review 2025', status: 'completed' }),
              overallRating: 3,
            },
          ],
          total: 22,
        }),
      ...peopleSearch,
    });
    renderRoutes(routes, `/human-resource/employee/performance-review/${MIA._id}`);
    const user = userEvent.setup();
    const list = await screen.findByRole('region', { name: 'Reviews' });
    expect(
      screen.getByRole('heading', { level: 1, name: `Performance reviews of ${MIA.name}` }),
    ).toBeInTheDocument();
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      '—',
      '3 · Meets expectations',
    ]);
    expect(within(list).getByText('1–20 of 22')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, '/performanceReviewHistory').at(-1)).toEqual({
        employeeId: MIA._id,
        page: 2,
        pageSize: 20,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Start review' }));
    const dialog = screen.getByRole('dialog', { name: 'Start review' });
    const employee = within(dialog).getByText('Employee', { selector: '.field-label' }).closest('.field')!;
    expect(within(employee as HTMLElement).getByRole('textbox')).toHaveValue(MIA.name);
    const reviewer = within(dialog).getByText('Reviewer', { selector: '.field-label' }).closest('.field')!;
    expect(within(reviewer as HTMLElement).getByRole('textbox')).toHaveValue(ETHAN.name);
  }, 20_000);
});
