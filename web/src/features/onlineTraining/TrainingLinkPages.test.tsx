import { trainingAssignmentMessages as say, trainingLinkPaths } from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes, stubObjectUrls } from '../../../test/helpers';
import { AUTH_TOKEN_KEY } from '../../lib/storage';
import {
  ASSIGNMENT,
  ATTEMPT,
  assignmentView,
  attemptRow,
  attemptView,
  MANUAL,
  QUESTIONS,
  OPTION,
} from './onlineTraining.fixtures';
import { TrainingLinkAttemptPage } from './TrainingLinkAttemptPage';
import { TrainingLinkTakePage } from './TrainingLinkTakePage';
import { TrainingStatusPage } from './TrainingStatusPage';

const TOKEN = 'link-token/1';
const BASE = '/online-training/employee';

const render = (entry: string) =>
  renderRoutes(
    [
      { path: `${BASE}/form-attempt/:assignmentId`, element: <TrainingStatusPage /> },
      { path: `${BASE}/form-submit/:assignmentId`, element: <TrainingLinkTakePage /> },
      { path: `${BASE}/form-re-test/:assignmentId`, element: <TrainingLinkTakePage /> },
      { path: `${BASE}/form-attempt-view/:attemptId`, element: <TrainingLinkAttemptPage /> },
      { path: '/login', element: <p>The sign-in page</p> },
    ],
    entry,
  );

/** The addresses the page called (path and query), in order. */
const urlsCalled = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url).replace(/^https?:\/\/[^/]+/, ''));

/** Personnel's induction, opened from the mail's link. */
const personnelView = (over: Parameters<typeof assignmentView>[0] = {}) =>
  assignmentView({ employeeId: null, personnelId: MIA_PERSONNEL, supplierName: 'Acme Hire', ...over });
const MIA_PERSONNEL = '00000000-0000-4000-8000-000000000099';

describe('the training link’s pages', () => {
  it('shows where the training stands, calling with the link’s token, and starts the course on the take page', async () => {
    const fetchMock = mockFetch({ 'POST /api/trainingAssignmentOpen': () => ok(personnelView()) });
    render(trainingLinkPaths.status(ASSIGNMENT, TOKEN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forklift refresher' })).toBeInTheDocument();
    expect(screen.getByText('Assigned to Mia Chen')).toBeInTheDocument();
    expect(screen.getByText('Complete by 09/12/2026')).toBeInTheDocument();
    expect(screen.getByText('To complete')).toBeInTheDocument();
    expect(screen.getByText('Before the audit, please.')).toBeInTheDocument();
    expect(screen.getByText('You have not taken the test yet.')).toBeInTheDocument();
    expect(urlsCalled(fetchMock)).toEqual([
      `/api/trainingAssignmentOpen?authtoken=${encodeURIComponent(TOKEN)}`,
    ]);
    expect(screen.getByRole('link', { name: 'Start the course' })).toHaveAttribute(
      'href',
      trainingLinkPaths.take(ASSIGNMENT, TOKEN),
    );
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
  });

  it('offers a re-test after an attempt, its answers on the link’s attempt page, and the note while reviewed', async () => {
    const submitted = attemptRow({ status: 'failed', score: 40, submittedAt: '2026-11-28T03:00:00.000Z' });
    mockFetch({
      'POST /api/trainingAssignmentOpen': () => ok(personnelView({ attemptsUsed: 1, attempts: [submitted] })),
    });
    const { unmount } = render(trainingLinkPaths.status(ASSIGNMENT, TOKEN));
    expect(await screen.findByRole('link', { name: 'Take a re-test' })).toHaveAttribute(
      'href',
      trainingLinkPaths.retest(ASSIGNMENT, TOKEN),
    );
    expect(screen.getByRole('link', { name: 'View attempt 1' })).toHaveAttribute(
      'href',
      trainingLinkPaths.attempt(ATTEMPT, TOKEN),
    );
    unmount();

    mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(
          personnelView({
            status: 'awaitingReview',
            canAttempt: false,
            attemptsUsed: 1,
            attempts: [submitted],
          }),
        ),
    });
    render(trainingLinkPaths.status(ASSIGNMENT, TOKEN));
    expect(await screen.findByText(say.submittedForReview)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start the course|Take a re-test/ })).not.toBeInTheDocument();
  });

  it('downloads the certificate of a passed training with the link’s token', async () => {
    const saved = stubObjectUrls();
    const fetchMock = mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(personnelView({ status: 'passed', score: 90, canAttempt: false, attemptsUsed: 1 })),
      'GET /api/trainingCertificate': () => ({ body: 'PDF' }),
    });
    render(trainingLinkPaths.status(ASSIGNMENT, TOKEN));
    expect(await screen.findByText(say.passed(90))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(urlsCalled(fetchMock).at(-1)).toBe(
      `/api/trainingCertificate?assignmentId=${ASSIGNMENT}&authtoken=${encodeURIComponent(TOKEN)}`,
    );
  });

  it('shows a refused link’s message on the page and signs nobody out', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'session-token');
    mockFetch({
      'POST /api/trainingAssignmentOpen': () => ({
        status: 401,
        body: envelope(null, 401, 'This link has expired. Please ask for a new one.'),
      }),
    });
    render(trainingLinkPaths.status(ASSIGNMENT, TOKEN));
    const problem = await screen.findByRole('alert');
    expect(
      within(problem).getByRole('heading', { name: 'This training cannot be opened' }),
    ).toBeInTheDocument();
    expect(within(problem).getByText('This link has expired. Please ask for a new one.')).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('session-token');
  });

  it('asks someone without the link’s token and signed out to sign in, without calling', async () => {
    const fetchMock = mockFetch({});
    render(trainingLinkPaths.status(ASSIGNMENT));
    expect(await screen.findByRole('heading', { name: 'Sign in to open this training' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent(trainingLinkPaths.status(ASSIGNMENT))}`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the test with the link’s token, then leads back to the training and to the certificate', async () => {
    let started = false;
    const fetchMock = mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(started ? personnelView({ inProgress: attemptRow(), attempts: [attemptRow()] }) : personnelView()),
      'POST /api/trainingAttemptStart': () => {
        started = true;
        return ok(attemptRow());
      },
      'POST /api/trainingAttemptSubmit': () =>
        ok({
          status: 'passed',
          assignmentStatus: 'passed',
          score: 100,
          passMark: 80,
          attemptsLeft: 2,
          message: say.passed(100),
        }),
    });
    render(trainingLinkPaths.take(ASSIGNMENT, TOKEN));
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: /Back to your training/ })).toHaveAttribute(
      'href',
      trainingLinkPaths.status(ASSIGNMENT, TOKEN),
    );
    await user.click(screen.getByRole('button', { name: `Download ${MANUAL.name}` }));
    expect(fetch).toHaveBeenCalledWith(
      `${MANUAL.path}?authtoken=${encodeURIComponent(TOKEN)}`,
      expect.anything(),
    );
    await user.click(screen.getByRole('button', { name: 'Start the test' }));
    const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
    await screen.findByRole('group', { name: 'Question 1' });
    await user.click(within(question(1)).getByLabelText('The forks'));
    await user.click(within(question(2)).getByLabelText('Tyres'));
    await user.click(within(question(3)).getByLabelText('True'));
    await user.type(within(question(4)).getByLabelText('Your answer'), 'Safety.');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const result = await screen.findByRole('status', { name: 'Your result' });
    expect(within(result).getByText(say.passed(100))).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Back to your training' })).toHaveAttribute(
      'href',
      trainingLinkPaths.status(ASSIGNMENT, TOKEN),
    );
    expect(within(result).getByRole('link', { name: 'View your answers' })).toHaveAttribute(
      'href',
      trainingLinkPaths.attempt(ATTEMPT, TOKEN),
    );
    expect(within(result).getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
    const query = `?authtoken=${encodeURIComponent(TOKEN)}`;
    expect(urlsCalled(fetchMock)).toEqual(
      expect.arrayContaining([`/api/trainingAttemptStart${query}`, `/api/trainingAttemptSubmit${query}`]),
    );
    expect(
      JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes('Submit'))?.[1]?.body)),
    ).toMatchObject({ _id: ATTEMPT, answers: { [QUESTIONS.single]: [OPTION.forks] } });
  }, 30_000);

  it('shows a submitted attempt with the way back to the training and a re-test, all with the token', async () => {
    const fetchMock = mockFetch({
      'POST /api/trainingAttemptDetails': () =>
        ok(
          attemptView({
            side: 'employee',
            canMark: false,
            canRetest: true,
            employeeId: null,
            personnelId: MIA_PERSONNEL,
            questions: attemptView().questions.map((question) => ({ ...question, modelAnswer: null })),
          }),
        ),
    });
    render(trainingLinkPaths.attempt(ATTEMPT, TOKEN));
    expect(await screen.findByRole('link', { name: /Back to your training/ })).toHaveAttribute(
      'href',
      trainingLinkPaths.status(ASSIGNMENT, TOKEN),
    );
    expect(screen.getByRole('link', { name: 'Take the test again' })).toHaveAttribute(
      'href',
      trainingLinkPaths.retest(ASSIGNMENT, TOKEN),
    );
    expect(screen.queryByRole('link', { name: 'Mark this attempt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
    expect(urlsCalled(fetchMock)).toEqual([
      `/api/trainingAttemptDetails?authtoken=${encodeURIComponent(TOKEN)}`,
    ]);
  });
});
