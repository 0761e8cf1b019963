import {
  addDays,
  localDateOf,
  obligationMessages as say,
  reviewMessages,
  type TObligationDetails,
  type TObligationRow,
} from '@compass/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes, testId } from '../../../test/helpers';
import { ObligationEditPage } from './ObligationEditPage';
import { ObligationReviewPage } from './ObligationReviewPage';
import { ObligationsPage } from './ObligationsPage';

const OBLIGATION = testId(1);
const ETHAN = testId(2);
const MIA = testId(3);
const DEPOT = testId(4);
const QUESTION = testId(5);
const today = localDateOf(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

const row = (over: Partial<TObligationRow> = {}): TObligationRow => ({
  _id: OBLIGATION,
  name: 'Work Health and Safety Act 2011',
  type: 'legislation',
  authority: 'Commonwealth — Safe Work Australia',
  reference: 's.19 Primary duty of care',
  owner: 'Olivia Bennett',
  workplaceNames: [],
  reviewFrequency: 'years',
  reviewer: 'Ethan Clarke',
  nextReviewDate: '2027-01-15',
  taskDueDateType: 'nodue',
  compliance: 'overdue',
  questions: 3,
  openQuestions: 1,
  ...over,
});

const details = (over: Partial<TObligationDetails> = {}): TObligationDetails => ({
  _id: OBLIGATION,
  name: 'Work Health and Safety Act 2011',
  type: 'legislation',
  authority: 'Commonwealth — Safe Work Australia',
  reference: 's.19',
  description: 'The primary duty of care.',
  owner: { _id: testId(6), name: 'Olivia Bennett' },
  workplaceIds: [DEPOT],
  reviewFrequency: 'years',
  reviewer: { _id: ETHAN, name: 'Ethan Clarke' },
  coReviewer: null,
  nextReviewDate: '2027-01-15',
  myReview: 'review',
  compliance: 'inProgress',
  questions: [
    {
      _id: testId(7),
      reference: 's.38 Notifiable incidents',
      instruction: 'Confirm the incident register is current.',
      assignee: { _id: MIA, name: 'Mia Torres' },
      dueDate: '2026-11-01',
      taskDueDateType: 'nodue',
      response: 'Register checked on Friday.',
      isComplete: true,
      answeredBy: 'Mia Torres',
      completedOn: '2026-11-20',
    },
    {
      _id: QUESTION,
      reference: 's.47 Duty to consult',
      instruction: 'Attach the minutes of the last safety committee.',
      assignee: { _id: MIA, name: 'Mia Torres' },
      dueDate: '2027-01-05',
      taskDueDateType: 'nodue',
      response: '',
      isComplete: false,
      answeredBy: null,
      completedOn: null,
    },
  ],
  attachments: [
    { _id: testId(8), name: 'licence.pdf', path: `/api/files/${testId(8)}`, fileType: 'pdf', size: 10 },
  ],
  reviewHistory: [],
  ...over,
});

const options = { workplaces: [{ _id: DEPOT, name: 'Riverside Depot' }] };

describe('the register', () => {
  it('lists obligations with their compliance, and filters and sorts on the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/obligationList': () => ok({ rows: [row()], total: 1 }),
      'POST /api/obligationOptions': () => ok(options),
    });
    renderRoutes([{ path: '/obligation/register', element: <ObligationsPage /> }], '/obligation/register');
    const user = userEvent.setup();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'Work Health and Safety Act 2011' })).toHaveAttribute(
      'href',
      `/obligation/edit/${OBLIGATION}`,
    );
    expect(within(table).getByText('Overdue questions')).toBeInTheDocument();
    expect(within(table).getByText('2 of 3 answered')).toBeInTheDocument();
    expect(within(table).getByText('All workplaces')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Compliance'), 'Overdue questions');
    await user.selectOptions(await screen.findByLabelText('Workplace'), 'Riverside Depot');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name ↓');
    await user.type(screen.getByRole('searchbox'), 'safety');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table');
    expect(bodiesSent(fetchMock, '/api/obligationList').at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      search: 'safety',
      compliance: 'overdue',
      workplaceId: DEPOT,
      sort: 'name',
      sortDirection: 'desc',
    });
  });

  it('says so when the register is empty, and offers to add one', async () => {
    mockFetch({
      'POST /api/obligationList': () => ok({ rows: [], total: 0 }),
      'POST /api/obligationOptions': () => ok(options),
    });
    renderRoutes([{ path: '/obligation/register', element: <ObligationsPage /> }], '/obligation/register');
    expect(await screen.findByText('The register is empty: add the first obligation.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add obligation' })).toHaveAttribute('href', '/obligation/new');
  });

  it('shows a failure with a Retry', async () => {
    mockFetch({
      'POST /api/obligationList': () => ({ status: 500, body: envelope(null, 500, 'Something went wrong.') }),
      'POST /api/obligationOptions': () => ok(options),
    });
    renderRoutes([{ path: '/obligation/register', element: <ObligationsPage /> }], '/obligation/register');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

function openEdit(path: string) {
  return renderRoutes(
    [
      { path: '/obligation/new', element: <ObligationEditPage /> },
      { path: '/obligation/edit/:id', element: <ObligationEditPage /> },
      { path: '/obligation/register', element: <h1>The register</h1> },
    ],
    path,
  );
}

describe('the people pickers', () => {
  it('ask for reviewers those who can review, for assignees those who can answer, the owner anyone', async () => {
    const fetchMock = mockFetch({
      'POST /api/obligationDetails': () => ok(details()),
      'POST /api/obligationOptions': () => ok(options),
      'POST /api/changeLogList': () => ok({ list: [] }),
      'POST /api/obligationPeopleSearch': () => ok([{ _id: ETHAN, name: 'Ethan Clarke' }]),
    });
    openEdit(`/obligation/edit/${OBLIGATION}`);
    const user = userEvent.setup();
    const search = async (label: string) => {
      const chosen = await screen.findByRole('textbox', { name: label });
      await user.click(within(chosen.closest('.search-choice')! as HTMLElement).getByRole('button'));
      await user.type(screen.getByRole('searchbox', { name: label }), 'Et');
      await screen.findByRole('list', { name: 'Matches' });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      return bodiesSent(fetchMock, '/api/obligationPeopleSearch').at(-1);
    };
    expect(await search('Assignee')).toEqual({ search: 'Et', role: 'assignee' });
    expect(await search('Reviewer')).toEqual({ search: 'Et', role: 'reviewer' });
    expect(await search('Owner')).toEqual({ search: 'Et', role: 'anyone' });
  }, 15_000);
});

describe('the edit page', () => {
  it('shows answered questions with who answered and when, and saves the open ones', async () => {
    const fetchMock = mockFetch({
      'POST /api/obligationDetails': () => ok(details()),
      'POST /api/obligationOptions': () => ok(options),
      'POST /api/changeLogList': () => ok({ list: [] }),
      'POST /api/obligationSave': () => ok({ _id: OBLIGATION }, say.saved),
    });
    openEdit(`/obligation/edit/${OBLIGATION}`);
    const user = userEvent.setup();
    const answered = await screen.findByRole('table', { name: 'Answered questions' });
    expect(within(answered).getByText('Register checked on Friday.')).toBeInTheDocument();
    expect(within(answered).getByText('Mia Torres')).toBeInTheDocument();
    expect(within(answered).getByText('20/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open your review/ })).toHaveAttribute(
      'href',
      `/obligation/review/${OBLIGATION}/review`,
    );
    expect(screen.getByLabelText('Riverside Depot')).toBeChecked();

    const question = screen.getByRole('group', { name: 'Question 1' });
    expect(within(question).getByLabelText('Reference')).toHaveValue('s.47 Duty to consult');
    await user.clear(within(question).getByLabelText('Reference'));
    await user.type(within(question).getByLabelText('Reference'), 's.47 Consultation');
    await user.click(screen.getByRole('button', { name: 'Save obligation' }));
    expect(await screen.findByText(say.saved)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/obligationSave')[0]).toMatchObject({
      _id: OBLIGATION,
      type: 'legislation',
      workplaceIds: [DEPOT],
      reviewerId: ETHAN,
      questions: [{ _id: QUESTION, reference: 's.47 Consultation', assigneeId: MIA, dueDate: '2027-01-05' }],
    });
  });

  it('names what is missing before sending, with the server’s messages', async () => {
    const fetchMock = mockFetch({
      'POST /api/obligationOptions': () => ok(options),
      'POST /api/obligationSave': () => ok({ _id: OBLIGATION }, say.saved),
    });
    openEdit('/obligation/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add question' }));
    await user.type(screen.getByLabelText('Next review'), addDays(today, -1));
    await user.click(screen.getByRole('button', { name: 'Create obligation' }));
    expect((await screen.findAllByText(say.nameRequired)).length).toBeGreaterThan(0);
    expect(screen.getByText(say.typeUnknown)).toBeInTheDocument();
    expect(screen.getByText(say.frequencyUnknown)).toBeInTheDocument();
    expect(screen.getByText(say.reviewerRequired)).toBeInTheDocument();
    expect(screen.getByText(say.nextReviewPast)).toBeInTheDocument();
    const question = screen.getByRole('group', { name: 'Question 1' });
    expect(within(question).getByText(say.referenceRequired)).toBeInTheDocument();
    expect(within(question).getByText(say.assigneeRequired)).toBeInTheDocument();
    expect(within(question).getByText(say.dueDateInvalid)).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/obligationSave')).toEqual([]);
  });

  it('shows the server’s field errors, and nothing else changes', async () => {
    mockFetch({
      'POST /api/obligationDetails': () => ok(details()),
      'POST /api/obligationOptions': () => ok(options),
      'POST /api/changeLogList': () => ok({ list: [] }),
      'POST /api/obligationSave': () => ({
        status: 400,
        body: envelope(null, 400, say.personUnknown, {
          validation_errors: [{ field: 'questions.0.assigneeId', message: say.personUnknown }],
        }),
      }),
    });
    openEdit(`/obligation/edit/${OBLIGATION}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save obligation' }));
    const question = screen.getByRole('group', { name: 'Question 1' });
    expect(await within(question).findByText(say.personUnknown)).toBeInTheDocument();
  });

  it('deletes after asking, then goes back to the register; Cancel keeps it', async () => {
    const fetchMock = mockFetch({
      'POST /api/obligationDetails': () => ok(details()),
      'POST /api/obligationOptions': () => ok(options),
      'POST /api/changeLogList': () => ok({ list: [] }),
      'POST /api/obligationDelete': () => ok(null, say.deleted),
    });
    openEdit(`/obligation/edit/${OBLIGATION}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const asked = screen.getByRole('dialog', { name: 'Delete this obligation?' });
    expect(asked).toHaveTextContent('answered ones too');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/obligationDelete')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete obligation' }));
    expect(await screen.findByRole('heading', { name: 'The register' })).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/obligationDelete')).toEqual([{ _id: OBLIGATION }]);
  });

  it('cannot open another organisation’s obligation', async () => {
    mockFetch({
      'POST /api/obligationDetails': () => ({ status: 404, body: envelope(null, 404, 'Not found.') }),
      'POST /api/obligationOptions': () => ok(options),
    });
    openEdit(`/obligation/edit/${OBLIGATION}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This obligation cannot be opened');
  });
});

describe('the review page', () => {
  it('completes the review and opens the obligation', async () => {
    const fetchMock = mockFetch({
      'POST /api/obligationReviewDetails': () =>
        ok({
          _id: testId(9),
          name: 'Work Health and Safety Act 2011',
          itemId: OBLIGATION,
          actionType: 'review',
          reviewer: { _id: ETHAN, name: 'Ethan Clarke' },
          coReviewer: null,
          isCoReviewed: false,
          coReviewComments: null,
          frequency: 'years',
          dueDate: today,
          taskDueDateType: 'due',
          waitingForCoReviewer: false,
          history: [],
        }),
      'POST /api/obligationReviewComplete': () =>
        ok({ nextDueDate: addDays(today, 365) }, reviewMessages.reviewed),
      'POST /api/obligationDetails': () => ok(details({ myReview: null })),
      'POST /api/obligationOptions': () => ok(options),
      'POST /api/changeLogList': () => ok({ list: [] }),
    });
    renderRoutes(
      [
        { path: '/obligation/review/:id/:x', element: <ObligationReviewPage /> },
        { path: '/obligation/edit/:id', element: <ObligationEditPage /> },
      ],
      `/obligation/review/${OBLIGATION}/review`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Still current: no change needed'));
    await user.click(screen.getByRole('button', { name: 'Complete review' }));
    expect(await screen.findByText(reviewMessages.reviewed)).toBeInTheDocument();
    // The obligation's page (its form; the review page has the same h1) loads its details and
    // options after the navigation: slower on a busy machine.
    const obligation = await screen.findByRole('form', { name: 'Obligation' }, { timeout: 5000 });
    expect(obligation).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Work Health and Safety Act 2011', level: 1 }),
    ).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/obligationReviewComplete')[0]).toMatchObject({
      itemId: OBLIGATION,
      actionType: 'review',
      outcome: 'noChange',
    });
  });
});
