import {
  trainingAssignmentMessages as say,
  trainingAttemptViewPath,
  trainingTakePath,
} from '@compass/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSent, envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import {
  ASSIGNMENT,
  ATTEMPT,
  assignmentView,
  attemptRow,
  COURSE,
  MANUAL,
  MIA,
  OPTION,
  QUESTIONS,
} from './onlineTraining.fixtures';
import { TakeCoursePage } from './TakeCoursePage';

const render = () =>
  renderRoutes(
    [
      {
        path: '/human-resource/employee/online-training-form-submit/:courseId/:employeeId',
        element: <TakeCoursePage />,
      },
      { path: '/human-resource/employee/online-training-form-attempt-view/:id', element: <p>The attempt</p> },
      { path: '/dashboard', element: <p>The dashboard</p> },
    ],
    trainingTakePath(COURSE, MIA._id, ASSIGNMENT),
  );

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });

describe('TakeCoursePage', () => {
  it('shows the course to read: its facts, HR’s message, the sections with their video and files', async () => {
    mockFetch({ 'POST /api/trainingAssignmentOpen': () => ok(assignmentView()) });
    render();
    expect(await screen.findByRole('heading', { name: 'Forklift refresher' })).toBeInTheDocument();
    expect(screen.getByText('Complete by 09/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Attempt 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Expected time 20 min')).toBeInTheDocument();
    expect(screen.getByText('Before the audit, please.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1. Before you drive' })).toBeInTheDocument();
    const video = screen.getByRole('link', { name: 'Watch the video' });
    expect(video).toHaveAttribute('href', 'https://video.example/forks');
    expect(video).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: `Download ${MANUAL.name}` }));
    expect(fetch).toHaveBeenCalledWith(MANUAL.path, expect.anything());
    expect(screen.queryByRole('group', { name: 'Question 1' })).not.toBeInTheDocument();
  });

  it('starts the test, asks for every answer, then submits them and shows the result', async () => {
    let started = false;
    const fetchMock = mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(
          started ? assignmentView({ inProgress: attemptRow(), attempts: [attemptRow()] }) : assignmentView(),
        ),
      'POST /api/trainingAttemptStart': () => {
        started = true;
        return ok(attemptRow());
      },
      'POST /api/trainingAttemptSubmit': () => {
        started = false;
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
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Start the test' }));
    expect(bodiesSent(fetchMock, '/api/trainingAttemptStart')).toEqual([{ assignmentId: ASSIGNMENT }]);
    expect(await screen.findByRole('group', { name: 'Question 1' })).toBeInTheDocument();
    expect(screen.getByText(/^Elapsed time \d+:\d\d$/)).toBeInTheDocument();

    await user.click(within(question(1)).getByLabelText('The forks'));
    await user.click(within(question(2)).getByLabelText('Horn'));
    await user.click(within(question(2)).getByLabelText('Tyres'));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(within(question(3)).getByText(say.answerRequired)).toBeInTheDocument();
    expect(within(question(4)).getByText(say.answerRequired)).toBeInTheDocument();
    expect(within(question(1)).queryByText(say.answerRequired)).not.toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAttemptSubmit')).toEqual([]);

    await user.click(within(question(3)).getByLabelText('False'));
    await user.type(within(question(4)).getByLabelText('Your answer'), 'Cracked forks drop loads.');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const result = await screen.findByRole('status', { name: 'Your result' });
    expect(within(result).getByText(say.failed(50, 2))).toBeInTheDocument();
    expect(bodiesSent(fetchMock, '/api/trainingAttemptSubmit')).toEqual([
      {
        _id: ATTEMPT,
        answers: {
          [QUESTIONS.single]: [OPTION.forks],
          [QUESTIONS.multiple]: [OPTION.tyres, OPTION.horn],
          [QUESTIONS.trueFalse]: false,
          [QUESTIONS.written]: 'Cracked forks drop loads.',
        },
      },
    ]);
    expect(within(result).getByRole('link', { name: 'View your answers' })).toHaveAttribute(
      'href',
      trainingAttemptViewPath(ATTEMPT),
    );
    expect(within(result).getByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();

    await user.click(within(result).getByRole('link', { name: 'Take the test again' }));
    expect(await screen.findByRole('button', { name: 'Start the test' })).toBeInTheDocument();
  }, 30_000);

  it('opens straight on the questions of an attempt in progress, and shows the server’s problem at its question', async () => {
    mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(assignmentView({ inProgress: attemptRow({ number: 2 }), attemptsUsed: 1 })),
      'POST /api/trainingAttemptSubmit': () => ({
        status: 400,
        body: envelope(null, 400, say.answerInvalid, {
          validation_errors: [{ field: `answers.${QUESTIONS.single}`, message: say.answerInvalid }],
        }),
      }),
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText('Attempt 2 of 3')).toBeInTheDocument();
    await user.click(within(question(1)).getByLabelText('The radio'));
    await user.click(within(question(2)).getByLabelText('Lunch'));
    await user.click(within(question(3)).getByLabelText('True'));
    await user.type(within(question(4)).getByLabelText('Your answer'), 'Safety.');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await within(question(1)).findByText(say.answerInvalid)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Your result' })).not.toBeInTheDocument();
  }, 20_000);

  it('asks before leaving answers not submitted', async () => {
    mockFetch({ 'POST /api/trainingAssignmentOpen': () => ok(assignmentView({ inProgress: attemptRow() })) });
    render();
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('group', { name: 'Question 3' })).findByLabelText('True'),
    );
    await user.click(screen.getByRole('link', { name: /Dashboard/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(within(question(3)).getByLabelText('True')).toBeChecked();
    await user.click(screen.getByRole('link', { name: /Dashboard/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
  }, 20_000);

  it('says why a training that is not the caller’s cannot be opened', async () => {
    mockFetch({
      'POST /api/trainingAssignmentOpen': () => ({ status: 403, body: envelope(null, 403, say.notYours) }),
    });
    render();
    expect(await screen.findByText(say.notYours)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This training cannot be opened' })).toBeInTheDocument();
  });

  it('offers the certificate once the training is passed', async () => {
    mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(assignmentView({ status: 'passed', score: 90, canAttempt: false, attemptsUsed: 1 })),
    });
    render();
    expect(await screen.findByText(say.passed(90))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the test' })).not.toBeInTheDocument();
  });

  it('offers no test once the attempts are used up', async () => {
    mockFetch({
      'POST /api/trainingAssignmentOpen': () =>
        ok(
          assignmentView({
            status: 'failed',
            canAttempt: false,
            attemptsUsed: 3,
            attempts: [
              attemptRow({
                status: 'failed',
                score: 40,
                submittedAt: '2026-11-28T03:00:00.000Z',
                durationSeconds: 65,
              }),
            ],
          }),
        ),
    });
    render();
    expect(await screen.findByText(say.noAttemptsLeft)).toBeInTheDocument();
    expect(screen.getByText('3 of 3 attempts used')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'View attempt 1' }).closest('tr')!;
    expect(within(row).getByText('40%')).toBeInTheDocument();
    expect(within(row).getByText('1 min 5 s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start the test' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download certificate' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Question 1' })).not.toBeInTheDocument());
  });
});
