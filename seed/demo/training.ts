import {
  coursePoints,
  coursePublishProblems,
  ZTrainingCourseContent,
  type TTrainingCourseContent,
  type TTrainingCourseContentInput,
} from '@compass/shared';
import type {
  TrainingAttemptStatus,
  TrainingAssignmentStatus,
} from '../../server/src/generated/prisma/client';
import { occurrenceDay, type FrequencyUnit } from '../../shared/src/rules/frequency';
import type { Json } from './ids';
import type { Org } from './rows';

/**
 * Online training courses, their assignments and attempts (issue 43, docs/online-training.md), for
 * both organisations. An attempt is described by which questions it got wrong and what the reviewer
 * gave its short answers; its answers, marks, points, score and the assignment's status follow from
 * the version it was taken on, as the server scores them.
 */

export type Question = NonNullable<TTrainingCourseContentInput['questions']>[number];
type Content = TTrainingCourseContent;
/** The id of a part (section, question, option) of one course. */
export type PartId = (part: string) => string;

export interface DemoCourse {
  name: string;
  description: string;
  /** The published versions' content, oldest first. */
  versions: Content[];
  draft: Content | null;
  isActive: boolean;
  createdDaysAgo: number;
  /** What the demo's trainees write for a short answer. */
  writtenAnswer?: string;
}

/** A course as written: its id and published versions (the assignments take them). */
export interface BuiltCourse {
  id: string;
  name: string;
  versions: Content[];
  writtenAnswer: string;
}

export const content = (input: TTrainingCourseContentInput): Content => ZTrainingCourseContent.parse(input);

/** A choice question: single choice with one correct answer, multiple choice with several. */
export const choice = (
  id: PartId,
  n: number,
  text: string,
  answers: string[],
  correct: number[],
): Question => ({
  _id: id(`q${n}`),
  kind: correct.length > 1 ? 'multipleChoice' : 'singleChoice',
  text,
  options: answers.map((answer, index) => ({ _id: id(`q${n}o${index}`), text: answer })),
  correctOptionIds: correct.map((index) => id(`q${n}o${index}`)),
});

export const trueFalse = (id: PartId, n: number, text: string, correctAnswer: boolean): Question => ({
  _id: id(`q${n}`),
  kind: 'trueFalse',
  text,
  correctAnswer,
});

/** The id maker of a course's parts. */
export const partsOf =
  (o: Org, course: string): PartId =>
  (part) =>
    o.id('trainingCourse', `${course}/${part}`);

/** Adds the courses and their published versions, published by `publisherUserId`. */
export function addCourses(
  o: Org,
  courses: DemoCourse[],
  publisherUserId: string,
): Record<string, BuiltCourse> {
  const { companyId, cal, rows } = o;
  const built: Record<string, BuiltCourse> = {};
  for (const course of courses) {
    for (const version of course.versions)
      if (coursePublishProblems(version).length > 0)
        throw new Error(`Demo seed: ${course.name} cannot be published`);
    const id = o.id('trainingCourse', course.name);
    const published = course.versions.length;
    rows.trainingCourse.push({
      id,
      companyId,
      name: course.name,
      description: course.description,
      isActive: course.isActive,
      currentVersion: published,
      draft: course.draft ?? undefined,
      revision: published + (course.draft ? 1 : 0) + (course.isActive ? 0 : 1),
      createdById: publisherUserId,
      updatedByUserId: publisherUserId,
      createdAt: cal.at(-course.createdDaysAgo),
    });
    rows.trainingCourseVersion.push(
      ...course.versions.map((version, index) => ({
        id: o.id('trainingCourseVersion', `${course.name}/${index + 1}`),
        companyId,
        courseId: id,
        number: index + 1,
        content: version as Json,
        passMark: version.passMark,
        attemptsAllowed: version.attemptsAllowed,
        expectedMinutes: version.expectedMinutes,
        questionCount: version.questions.length,
        publishedById: publisherUserId,
        publishedAt: cal.at(-course.createdDaysAgo + 30 * index),
      })),
    );
    built[course.name] = {
      id,
      name: course.name,
      versions: course.versions,
      writtenAnswer: course.writtenAnswer ?? 'As the course explains.',
    };
  }
  return built;
}

export interface DemoAttempt {
  /** Days from today it was submitted. */
  day: number;
  minutes: number;
  /** The questions (1-based) answered wrongly. */
  wrong?: number[];
  /** The reviewer's points for each short answer; null: not marked yet (awaiting review). */
  shortPoints?: number | null;
  comment?: string;
}

export interface DemoAssignment {
  /** Unique within the organisation. */
  key: string;
  course: BuiltCourse;
  /** The trainee: an employee or a supplier's person (a site induction), exactly one of the two. */
  employeeId?: string;
  personnelId?: string;
  reviewerId: string;
  /** Days from today. */
  completeBy: number;
  createdDaysAgo: number;
  createdById: string;
  /** Submitted attempts, oldest first. */
  attempts?: DemoAttempt[];
  /** The published version its attempts took (default the current one). */
  versionNumber?: number;
  /** Attempts allowed (default the version's). */
  allowed?: number;
  message?: string;
  repeat?: { frequency: FrequencyUnit; interval: number };
  /** The position's standing assignment that made it. */
  positionRuleId?: string;
}

/** Adds an assignment with its attempts (and, passed with a repeat, the next one). Returns its id. */
export function addTrainingAssignment(o: Org, a: DemoAssignment): string {
  const { companyId, cal, rows } = o;
  if (!a.employeeId === !a.personnelId) throw new Error(`Demo seed: ${a.key} needs one trainee`);
  const versionNumber = a.versionNumber ?? a.course.versions.length;
  const version = a.course.versions[versionNumber - 1]!;
  const id = o.id('training', a.key);
  const allowed = a.allowed ?? version.attemptsAllowed;
  const attempts = (a.attempts ?? []).map((attempt, index) =>
    attemptRow(o, { id, a, version, versionNumber, attempt, number: index + 1 }),
  );
  rows.trainingAttempt.push(...attempts);
  const last = attempts.at(-1);
  let status: TrainingAssignmentStatus = 'assigned';
  if (last?.status === 'awaitingReview' || last?.status === 'passed') status = last.status;
  else if (last?.status === 'failed' && attempts.length >= allowed) status = 'failed';
  const passedAt = status === 'passed' ? (last!.reviewedAt ?? last!.submittedAt!) : null;
  rows.onlineTrainingAssignment.push({
    id,
    companyId,
    courseId: a.course.id,
    employeeId: a.employeeId ?? null,
    personnelId: a.personnelId ?? null,
    positionRuleId: a.positionRuleId ?? null,
    reviewerEmployeeId: a.reviewerId,
    lastAttemptId: last?.id ?? null,
    completeBy: cal.day(a.completeBy),
    expectationDuration: version.expectedMinutes,
    noTestAttempt: allowed,
    completedTestAttempt: attempts.length,
    status,
    score: last?.score ?? null,
    passedAt,
    message: a.message ?? null,
    frequency: a.repeat?.frequency ?? null,
    repeatInterval: a.repeat?.interval ?? null,
    createdById: a.createdById,
    createdAt: cal.at(-a.createdDaysAgo),
  });
  if (passedAt && a.repeat) addRefresher(o, a, passedAt);
  return id;
}

/** The next assignment of a passed refresher: due interval × frequency after the pass day. */
function addRefresher(o: Org, a: DemoAssignment, passedAt: Date): void {
  const passDay = passedAt.toISOString().slice(0, 10);
  const due = occurrenceDay(passDay, a.repeat!.frequency, a.repeat!.interval);
  const days = Math.round((Date.parse(`${due}T00:00:00Z`) - o.cal.day(0).getTime()) / 86_400_000);
  const daysSincePass = Math.round(
    (o.cal.day(0).getTime() - Date.parse(`${passDay}T00:00:00Z`)) / 86_400_000,
  );
  addTrainingAssignment(o, {
    ...a,
    key: `${a.key}/next`,
    completeBy: days,
    createdDaysAgo: daysSincePass,
    attempts: [],
    versionNumber: undefined,
    allowed: undefined,
  });
}

/** One submitted attempt, scored as the server scores it. */
function attemptRow(
  o: Org,
  input: {
    id: string;
    a: DemoAssignment;
    version: Content;
    versionNumber: number;
    attempt: DemoAttempt;
    number: number;
  },
) {
  const { a, version, attempt } = input;
  const wrong = new Set(attempt.wrong ?? []);
  const answers: Record<string, Json> = {};
  const marks: Record<string, number> = {};
  let awaiting = false;
  version.questions.forEach((question, index) => {
    const right = !wrong.has(index + 1);
    if (question.kind === 'shortAnswer') {
      answers[question._id] = a.course.writtenAnswer;
      if (attempt.shortPoints === null || attempt.shortPoints === undefined) awaiting = true;
      else marks[question._id] = Math.min(attempt.shortPoints, question.points);
      return;
    }
    if (question.kind === 'trueFalse') answers[question._id] = right === question.correctAnswer;
    else {
      const wrongOption = question.options.find((option) => !question.correctOptionIds.includes(option._id));
      answers[question._id] = right ? question.correctOptionIds : [wrongOption!._id];
    }
    marks[question._id] = right ? question.points : 0;
  });
  const maxPoints = coursePoints(version);
  const points = awaiting ? null : Object.values(marks).reduce((sum, mark) => sum + mark, 0);
  const score = points === null ? null : Math.round((100 * points) / maxPoints);
  let status: TrainingAttemptStatus = 'awaitingReview';
  if (score !== null) status = score >= version.passMark ? 'passed' : 'failed';
  const hasShort = version.questions.some((question) => question.kind === 'shortAnswer');
  const submittedAt = o.cal.at(attempt.day, 10, 15 + input.number);
  const durationSeconds = attempt.minutes * 60 + 17 * input.number;
  return {
    id: o.id('trainingAttempt', `${a.key}/${input.number}`),
    companyId: o.companyId,
    assignmentId: input.id,
    courseId: a.course.id,
    versionNumber: input.versionNumber,
    number: input.number,
    status,
    answers,
    marks,
    points,
    maxPoints,
    score,
    startedAt: new Date(submittedAt.getTime() - durationSeconds * 1000),
    submittedAt,
    durationSeconds,
    reviewerEmployeeId: hasShort ? a.reviewerId : null,
    reviewComment: hasShort && !awaiting ? (attempt.comment ?? null) : null,
    reviewedAt: hasShort && !awaiting ? o.cal.at(attempt.day + 1, 11) : null,
  };
}
