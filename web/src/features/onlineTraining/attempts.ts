import {
  trainingAssignmentMessages as say,
  type TTraineeQuestion,
  type TTrainingAnswer,
  type TrainingAssignmentStatus,
  type TrainingAttemptStatus,
  type TTrainingAttemptQuestion,
} from '@compass/shared';

/** The trainee's answers while they take the test, by question id (absent: not answered yet). */
export type Answers = Record<string, TTrainingAnswer>;

/** An answer that counts: a chosen option, true or false, or some text. */
export function isAnswered(answer: TTrainingAnswer | undefined): boolean {
  if (answer === undefined) return false;
  if (typeof answer === 'boolean') return true;
  if (typeof answer === 'string') return answer.trim() !== '';
  return answer.length > 0;
}

/** The questions not answered yet, by id, with the server's words. */
export function unanswered(questions: readonly TTraineeQuestion[], answers: Answers): Record<string, string> {
  return Object.fromEntries(
    questions
      .filter((question) => !isAnswered(answers[question._id]))
      .map((question) => [question._id, say.answerRequired]),
  );
}

/** The server's problems of a submit (`answers.<questionId>`), by question id. */
export function answerProblems(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([field]) => field.startsWith('answers.'))
      .map(([field, message]) => [field.slice('answers.'.length), message]),
  );
}

/** A length of time as the clock shows it: 4:05, 1:02:09. */
export function clockText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** How long an attempt took, in words: "12 min 5 s"; '—' while not submitted. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** "3 points", "1 point". */
export const pointsText = (points: number) => `${points} point${points === 1 ? '' : 's'}`;

export const ATTEMPT_BADGES: Record<TrainingAttemptStatus, string> = {
  inProgress: 'badge-primary',
  awaitingReview: 'badge-warning',
  passed: 'badge-success',
  failed: 'badge-danger',
};

export const ASSIGNMENT_BADGES: Record<TrainingAssignmentStatus, string> = {
  assigned: 'badge-primary',
  awaitingReview: 'badge-warning',
  passed: 'badge-success',
  failed: 'badge-danger',
  cancelled: 'badge-neutral',
};

/** How an answer came out, in words, with its badge. */
export const ANSWER_RESULTS: Record<TTrainingAttemptQuestion['result'], { label: string; badge: string }> = {
  correct: { label: 'Correct', badge: 'badge-success' },
  incorrect: { label: 'Incorrect', badge: 'badge-danger' },
  partial: { label: 'Partly correct', badge: 'badge-warning' },
  awaitingReview: { label: 'Awaiting review', badge: 'badge-neutral' },
};

/** A true/false question's two answers, as the choices of the other kinds. */
export const TRUE_FALSE = [
  { value: true, label: 'True' },
  { value: false, label: 'False' },
] as const;
