import {
  isChoiceQuestion,
  trainingAssignmentMessages as say,
  ZTrainingAnswer,
  type TTrainingAnswer,
  type TTrainingAttemptQuestion,
  type TTrainingQuestion,
} from '@compass/shared';
import { z } from 'zod';
import { traineeQuestion } from './content';

/**
 * Scoring an attempt against the version it started on, on the server only: a choice question
 * scores its points when the chosen set is the correct set (a part of it scores none), true/false
 * when equal, a short answer what its reviewer awards (0 to its points). score = round(100 ×
 * points / maxPoints), passed at the pass mark or above. Pure: no database.
 */

export type Answers = Record<string, TTrainingAnswer>;
/** The reviewer's points by short answer's question id. */
export type Marks = Record<string, number>;
export type AnswerResult = TTrainingAttemptQuestion['result'];

const ZStoredAnswers = z.record(z.string(), ZTrainingAnswer);
const ZStoredMarks = z.record(z.string(), z.number().int());

/** An attempt's stored answers and marks (written by submit and mark only). */
export const storedAnswers = (value: unknown): Answers => ZStoredAnswers.parse(value);
export const storedMarks = (value: unknown): Marks => ZStoredMarks.parse(value);

const isBlank = (answer: TTrainingAnswer | undefined) =>
  answer === undefined || answer === '' || (Array.isArray(answer) && answer.length === 0);

function fitsQuestion(question: TTrainingQuestion, answer: TTrainingAnswer): boolean {
  if (question.kind === 'trueFalse') return typeof answer === 'boolean';
  if (question.kind === 'shortAnswer') return typeof answer === 'string';
  if (!Array.isArray(answer) || new Set(answer).size !== answer.length) return false;
  if (question.kind === 'singleChoice' && answer.length !== 1) return false;
  const ids = new Set(question.options.map((option) => option._id));
  return answer.every((id) => ids.has(id));
}

/** What stops answers from being submitted, on `answers.<questionId>`: none left out, each of its kind. */
export function answerProblems(
  questions: TTrainingQuestion[],
  answers: Answers,
): { field: string; message: string }[] {
  return questions.flatMap((question): { field: string; message: string }[] => {
    const answer = answers[question._id];
    const field = `answers.${question._id}`;
    if (isBlank(answer)) return [{ field, message: say.answerRequired }];
    return fitsQuestion(question, answer!) ? [] : [{ field, message: say.answerInvalid }];
  });
}

/** The answers to the questions only (anything else sent is not kept). */
export const keptAnswers = (questions: TTrainingQuestion[], answers: Answers): Answers =>
  Object.fromEntries(questions.map((question) => [question._id, answers[question._id]!]));

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === new Set(b).size;

/** How one answer came out and the points it earned (null while its reviewer has not marked it). */
export function answerResult(
  question: TTrainingQuestion,
  answer: TTrainingAnswer | undefined,
  mark: number | undefined,
): { result: AnswerResult; pointsAwarded: number | null } {
  if (question.kind === 'shortAnswer') {
    if (mark === undefined) return { result: 'awaitingReview', pointsAwarded: null };
    const result = mark >= question.points ? 'correct' : mark === 0 ? 'incorrect' : 'partial';
    return { result, pointsAwarded: mark };
  }
  const right = isChoiceQuestion(question.kind)
    ? Array.isArray(answer) && sameSet(answer, question.correctOptionIds)
    : answer === question.correctAnswer;
  return right
    ? { result: 'correct', pointsAwarded: question.points }
    : { result: 'incorrect', pointsAwarded: 0 };
}

export type AttemptOutcome =
  | { status: 'awaitingReview'; points: null; score: null }
  | { status: 'passed' | 'failed'; points: number; score: number };

/** The attempt's outcome: waiting for its reviewer while a short answer is unmarked, else scored. */
export function attemptOutcome(
  questions: TTrainingQuestion[],
  answers: Answers,
  marks: Marks,
  passMark: number,
): AttemptOutcome {
  const results = questions.map((question) =>
    answerResult(question, answers[question._id], marks[question._id]),
  );
  if (results.some((one) => one.pointsAwarded === null))
    return { status: 'awaitingReview', points: null, score: null };
  const points = results.reduce((sum, one) => sum + one.pointsAwarded!, 0);
  const maxPoints = questions.reduce((sum, question) => sum + question.points, 0);
  const score = maxPoints === 0 ? 0 : Math.round((100 * points) / maxPoints);
  return { status: score >= passMark ? 'passed' : 'failed', points, score };
}

/**
 * The questions of a submitted attempt as its view shows them: the trainee's answers and how each
 * came out, never the key; `withGuidance` (its reviewer, HR) adds a short answer's model answer.
 */
export const attemptQuestions = (
  questions: TTrainingQuestion[],
  answers: Answers,
  marks: Marks,
  withGuidance: boolean,
): TTrainingAttemptQuestion[] =>
  questions.map((question) => ({
    ...traineeQuestion(question),
    answer: answers[question._id] ?? null,
    ...answerResult(question, answers[question._id], marks[question._id]),
    modelAnswer: withGuidance && question.kind === 'shortAnswer' ? question.modelAnswer : null,
  }));

/** What the trainee is told of an outcome. */
export function outcomeMessage(outcome: AttemptOutcome, attemptsLeft: number): string {
  if (outcome.status === 'awaitingReview') return say.submittedForReview;
  return outcome.status === 'passed' ? say.passed(outcome.score) : say.failed(outcome.score, attemptsLeft);
}
