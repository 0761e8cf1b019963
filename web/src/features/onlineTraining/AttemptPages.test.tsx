import {
  trainingAssignmentMessages as say,
  trainingAttemptReviewPath,
  trainingAttemptViewPath,
  trainingTakePath,
} from '@compass/shared';
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
  stubObjectUrls,
} from '../../../test/helpers';
import { setAuthToken } from '../../lib/storage';
import { AttemptReviewPage } from './AttemptReviewPage';
import { AttemptViewPage } from './AttemptViewPage';
import { ASSIGNMENT, ATTEMPT, attemptView, COURSE, MIA, QUESTIONS } from './onlineTraining.fixtures';

const render = (path: string) =>
  renderRoutes(
    [
      {
        path: '/human-resource/employee/online-training-form-attempt-view/:id',
        element: <AttemptViewPage />,
      },
      { path: '/human-resource/employee/online-training-form-edit/:id', element: <AttemptReviewPage /> },
    ],
    path,
  );

const question = (n: number) => screen.getByRole('region', { name: `Question ${n}` });

describe('AttemptViewPage', () => {
  it('shows each answer as given, how it came out and its points, never which answer was right', async () => {
    setAuthToken('token');
    const fetchMock = mockFetch({
      'GET /api/permissions': () => ok(permissionsFixture()),
      'POST /api/trainingAttemptDetails': () =>
        ok(
          attemptView({
            side: 'employee',
            canMark: false,
            canRetest: true,
            status: 'failed',
            score: 67,
            points: 4,
            reviewComment: 'Look at the tyres too.',
            questions: attemptView().questions.map((each, index) =>
              index === 3 ? { ...each, result: 'partial', pointsAwarded: 1, modelAnswer: null } : each,
            ),
          }),
        ),
    });
    render(trainingAttemptViewPath(ATTEMPT));
    expect(
      await screen.findByRole('heading', { name: 'Forklift refresher — attempt 1' }),
    ).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAttemptDetails')).toEqual([{ _id: ATTEMPT }]);
    expect(screen.getByText('Score 67%')).toBeInTheDocument();
    expect(screen.getByText('Pass mark 80%')).toBeInTheDocument();
    expect(screen.getByText('Time taken 5 min 5 s')).toBeInTheDocument();
    expect(screen.getByText('Look at the tyres too.')).toBeInTheDocument();

    expect(within(question(1)).getByText('Correct')).toBeInTheDocument();
    expect(within(question(1)).getByText('1 of 1 point')).toBeInTheDocument();
    const multiple = question(2);
    expect(within(multiple).getByText('Incorrect')).toBeInTheDocument();
    expect(within(multiple).getByText('0 of 2 points')).toBeInTheDocument();
    // Only the trainee's own choice is marked: nothing tells which of the others was right.
    expect(within(multiple).getAllByText('Your answer')).toHaveLength(1);
    expect(within(multiple).getByText('Tyres').closest('li')).toHaveClass('is-chosen');
    expect(within(multiple).getByText('Horn').closest('li')).not.toHaveClass('is-chosen');
    expect(within(question(3)).getByText('True').closest('li')).toHaveClass('is-chosen');
    expect(within(question(4)).getByText('Partly correct')).toBeInTheDocument();
    expect(within(question(4)).getByText('Cracked forks drop loads.')).toBeInTheDocument();
    expect(screen.queryByText('Guidance')).not.toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Take the test again' })).toHaveAttribute(
      'href',
      trainingTakePath(COURSE, MIA._id, ASSIGNMENT),
    );
    expect(screen.queryByRole('link', { name: 'Mark this attempt' })).not.toBeInTheDocument();
  });

  it('leads the reviewer to the marking of an attempt waiting for them', async () => {
    mockFetch({ 'POST /api/trainingAttemptDetails': () => ok(attemptView()) });
    render(trainingAttemptViewPath(ATTEMPT));
    expect(await screen.findByRole('link', { name: 'Mark this attempt' })).toHaveAttribute(
      'href',
      trainingAttemptReviewPath(ATTEMPT),
    );
    expect(screen.getAllByText('Awaiting review').length).toBeGreaterThan(0);
    expect(within(question(4)).getByText('A cracked fork can break under load.')).toBeInTheDocument();
  });

  it('offers the certificate of a passed training, from the session', async () => {
    const saved = stubObjectUrls();
    const fetchMock = mockFetch({
      'POST /api/trainingAttemptDetails': () =>
        ok(
          attemptView({
            side: 'employee',
            canMark: false,
            status: 'passed',
            assignmentStatus: 'passed',
            score: 90,
          }),
        ),
      'GET /api/trainingCertificate': () => ({ body: 'PDF' }),
    });
    render(trainingAttemptViewPath(ATTEMPT));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download certificate' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toMatch(
      new RegExp(`/api/trainingCertificate\\?assignmentId=${ASSIGNMENT}$`),
    );
  });

  it('says why an attempt cannot be opened', async () => {
    mockFetch({
      'POST /api/trainingAttemptDetails': () => ({ status: 403, body: envelope(null, 403, say.notYours) }),
    });
    render(trainingAttemptViewPath(ATTEMPT));
    expect(await screen.findByText(say.notYours)).toBeInTheDocument();
  });
});

describe('AttemptReviewPage', () => {
  it('checks the points, then saves the marks and the comment and shows the result', async () => {
    let marked = false;
    const fetchMock = mockFetch({
      'POST /api/trainingAttemptDetails': () =>
        ok(
          marked
            ? attemptView({ canMark: false, status: 'failed', score: 50, reviewComment: 'Name the load.' })
            : attemptView(),
        ),
      'POST /api/trainingAttemptMark': () => {
        marked = true;
        return ok({
          status: 'failed',
          assignmentStatus: 'assigned',
          score: 50,
          passMark: 80,
          attemptsLeft: 2,
          message: say.failed(50, 2),
        });
      },
    });
    render(trainingAttemptReviewPath(ATTEMPT));
    const user = userEvent.setup();
    const written = await screen.findByRole('region', { name: 'Question 4' });
    expect(within(written).getByText('Guidance')).toBeInTheDocument();
    // Already on the marking page: no way to it.
    expect(screen.queryByRole('link', { name: 'Mark this attempt' })).not.toBeInTheDocument();
    expect(within(question(1)).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(within(written).getByText(say.markRequired)).toBeInTheDocument();

    const points = within(written).getByLabelText('Points for question 4 (0–2)');
    await user.type(points, '5');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(within(written).getByText(say.markRange(2))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAttemptMark')).toEqual([]);

    await user.clear(points);
    await user.type(points, '1');
    await user.type(screen.getByLabelText('Comment to the employee'), 'Name the load.');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await screen.findByText(say.failed(50, 2))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAttemptMark')).toEqual([
      { _id: ATTEMPT, marks: [{ questionId: QUESTIONS.written, points: 1 }], comment: 'Name the load.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save marks' })).not.toBeInTheDocument());
    expect(screen.queryByText('This attempt is not waiting for your marks.')).not.toBeInTheDocument();
  }, 30_000);

  it('shows the server’s refusal of a mark at its question', async () => {
    mockFetch({
      'POST /api/trainingAttemptDetails': () => ok(attemptView()),
      'POST /api/trainingAttemptMark': () => ({
        status: 400,
        body: envelope(null, 400, say.markRange(2), {
          validation_errors: [{ field: `marks.${QUESTIONS.written}`, message: say.markRange(2) }],
        }),
      }),
    });
    render(trainingAttemptReviewPath(ATTEMPT));
    const user = userEvent.setup();
    const written = await screen.findByRole('region', { name: 'Question 4' });
    await user.type(within(written).getByLabelText('Points for question 4 (0–2)'), '2');
    await user.click(screen.getByRole('button', { name: 'Save marks' }));
    expect(await within(written).findByText(say.markRange(2))).toBeInTheDocument();
  }, 20_000);

  it('is read-only for an attempt not waiting for the caller’s marks', async () => {
    mockFetch({
      'POST /api/trainingAttemptDetails': () => ok(attemptView({ canMark: false, side: 'hr' })),
    });
    render(trainingAttemptReviewPath(ATTEMPT));
    expect(await screen.findByText('This attempt is not waiting for your marks.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save marks' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Forklift refresher/ })).toHaveAttribute(
      'href',
      `/human-resource/admin/online-training/${COURSE}`,
    );
  });
});
