import { randomUUID } from 'node:crypto';
import {
  addDays,
  localDateOf,
  occurrenceDay,
  trainingAssignmentMessages as say,
  type TDashboardListResponse,
  type TTrainingCourseContentInput,
  type TTrainingQuestion,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerProblems, attemptOutcome, type Answers } from '../src/modules/onlineTraining/scoring';
import {
  apiCalls,
  employeeOf,
  multipartPayload,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * Online training's assignments (issue 43, part two): HR (Olivia, hrAdmin) assigns a published
 * course; the trainee (Mia) takes it; the reviewer (Ethan) marks short answers. Ava is another
 * employee of the organisation, Sam another organisation's. The answer key never reaches a trainee.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const HR = 'olivia.admin';
const TRAINEE = 'mia.employee';
const REVIEWER = 'ethan.coordinator';
const OTHER = 'ava.dual';
const ZONE = 'Australia/Sydney';
let mia: { id: string; positionId: string | null; companyId: string };
let ethan: { id: string };
let ava: { id: string };
let today: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  await setRoleKeys(ctx.db, TRAINEE, { hrAdmin: false });
  await setRoleKeys(ctx.db, OTHER, { hrAdmin: false });
  tokens = await signInAll(ctx.app, [HR, TRAINEE, REVIEWER, OTHER, 'sam.southbank', 'acme.supplier']);
  [mia, ethan, ava] = [
    await employeeOf(ctx.db, TRAINEE),
    await employeeOf(ctx.db, REVIEWER),
    await employeeOf(ctx.db, OTHER),
  ];
  const company = await ctx.db.company.findUniqueOrThrow({ where: { id: mia.companyId } });
  today = localDateOf(new Date(), company.timeZone);
});

const unique = () => Math.random().toString(36).slice(2, 8);
const ids = () => ({ yes: randomUUID(), no: randomUUID(), maybe: randomUUID() });

/** The questions of a test: single (1 point), multiple (2 points), true/false (1), and a short answer (4). */
function questions(withShortAnswer: boolean) {
  const single = ids();
  const multiple = ids();
  const list = [
    {
      _id: randomUUID(),
      kind: 'singleChoice' as const,
      text: 'Wear a helmet?',
      options: [
        { _id: single.yes, text: 'Yes' },
        { _id: single.no, text: 'No' },
      ],
      correctOptionIds: [single.yes],
      points: 1,
    },
    {
      _id: randomUUID(),
      kind: 'multipleChoice' as const,
      text: 'Which are hazards?',
      options: [
        { _id: multiple.yes, text: 'Wet floor' },
        { _id: multiple.no, text: 'A chair' },
        { _id: multiple.maybe, text: 'Live wire' },
      ],
      correctOptionIds: [multiple.yes, multiple.maybe],
      points: 2,
    },
    {
      _id: randomUUID(),
      kind: 'trueFalse' as const,
      text: 'Running is fine.',
      correctAnswer: false,
      points: 1,
    },
  ];
  const short = {
    _id: randomUUID(),
    kind: 'shortAnswer' as const,
    text: 'Why report near misses?',
    modelAnswer: `So that we learn before someone is hurt ${unique()}.`,
    points: 4,
  };
  return withShortAnswer ? [...list, short] : list;
}
type Question = ReturnType<typeof questions>[number];

function content(
  test: Question[],
  extra: Partial<TTrainingCourseContentInput> = {},
): TTrainingCourseContentInput {
  return {
    introduction: 'For everyone on site.',
    sections: [{ _id: randomUUID(), title: 'Hazards', body: '<p>Look <b>up</b>.</p>' }],
    questions: test,
    passMark: 75,
    attemptsAllowed: 2,
    expectedMinutes: 15,
    ...extra,
  };
}

/** A published course: its id and its questions (with the key, as HR wrote them). */
async function publishedCourse(
  options: { shortAnswer?: boolean; attempts?: number; draftOnly?: boolean; fileIds?: string[] } = {},
) {
  const test = questions(options.shortAnswer ?? false);
  const saved = await data(HR, 'trainingCourseSave', {
    name: `Course ${unique()}`,
    content: content(test, { attemptsAllowed: options.attempts ?? 2 }),
  });
  if (!options.draftOnly)
    await data(HR, 'trainingCoursePublish', { _id: saved._id, revision: saved.revision });
  return { courseId: saved._id as string, test };
}

const assignBody = (courseId: string, extra: object = {}) => ({
  courseId,
  employeeIds: [mia.id],
  reviewerEmployeeId: ethan.id,
  completeBy: addDays(today, 14),
  message: 'Please finish before the audit.',
  ...extra,
});

/** Assigns a course to one employee (Mia by default): the assignment's id. */
async function assigned(courseId: string, extra: object = {}): Promise<string> {
  const answer = await data(HR, 'trainingAssign', assignBody(courseId, extra));
  return answer.ids[0] as string;
}

/** The right answers (`right`), or wrong ones: the multiple choice only partly, the others wrong. */
function answersTo(test: Question[], right: boolean, shortText = 'To learn from them.'): Answers {
  return Object.fromEntries(
    test.map((question) => {
      if (question.kind === 'shortAnswer') return [question._id, shortText];
      if (question.kind === 'trueFalse') return [question._id, right ? false : true];
      const correct = question.correctOptionIds;
      if (right) return [question._id, correct];
      return [question._id, question.kind === 'multipleChoice' ? [correct[0]!] : [question.options[1]!._id]];
    }),
  );
}

/** Starts an attempt as the trainee and submits the answers: the raw response. */
async function takeTest(assignmentId: string, answers: Answers, as = TRAINEE) {
  const attempt = await data(as, 'trainingAttemptStart', { assignmentId });
  const response = await call(as, 'trainingAttemptSubmit', { _id: attempt._id, answers });
  return { attemptId: attempt._id as string, response };
}

const statusOf = async (id: string) =>
  (await ctx.db.onlineTrainingAssignment.findUniqueOrThrow({ where: { id } })).status;

describe('scoring (pure)', () => {
  const test = questions(false) as TTrainingQuestion[];
  const [single, multiple, trueFalse] = test as [TTrainingQuestion, TTrainingQuestion, TTrainingQuestion];
  const right = answersTo(test as Question[], true);

  it('scores every question right as 100 and passes', () => {
    expect(attemptOutcome(test, right, {}, 75)).toEqual({ status: 'passed', points: 4, score: 100 });
  });

  it('a single choice, a true/false: points only when equal to the key', () => {
    const wrongSingle = { ...right, [single._id]: [single.options[1]!._id] };
    expect(attemptOutcome(test, wrongSingle, {}, 75)).toEqual({ status: 'passed', points: 3, score: 75 });
    const wrongTrueFalse = { ...right, [trueFalse._id]: true };
    expect(attemptOutcome(test, wrongTrueFalse, {}, 76)).toEqual({ status: 'failed', points: 3, score: 75 });
  });

  it('a multiple choice partly chosen, or with one too many, scores 0', () => {
    const partly = { ...right, [multiple._id]: [multiple.correctOptionIds[0]!] };
    expect(attemptOutcome(test, partly, {}, 75)).toEqual({ status: 'failed', points: 2, score: 50 });
    const everything = { ...right, [multiple._id]: multiple.options.map((option) => option._id) };
    expect(attemptOutcome(test, everything, {}, 75).points).toBe(2);
    const reordered = { ...right, [multiple._id]: [...multiple.correctOptionIds].reverse() };
    expect(attemptOutcome(test, reordered, {}, 75).points).toBe(4);
  });

  it('waits for the reviewer while a short answer is unmarked, then counts the mark', () => {
    const withShort = questions(true) as TTrainingQuestion[];
    const answers = answersTo(withShort as Question[], true);
    const short = withShort[3]!;
    expect(attemptOutcome(withShort, answers, {}, 75)).toEqual({
      status: 'awaitingReview',
      points: null,
      score: null,
    });
    expect(attemptOutcome(withShort, answers, { [short._id]: 2 }, 75)).toEqual({
      status: 'passed',
      points: 6,
      score: 75,
    });
  });

  it('refuses an unanswered question and an answer not of the question', () => {
    const { [single._id]: _left, ...missing } = right;
    expect(answerProblems(test, missing)).toEqual([
      { field: `answers.${single._id}`, message: say.answerRequired },
    ]);
    expect(answerProblems(test, { ...right, [single._id]: [randomUUID()] })).toEqual([
      { field: `answers.${single._id}`, message: say.answerInvalid },
    ]);
    expect(answerProblems(test, { ...right, [trueFalse._id]: 'yes' })[0]?.message).toBe(say.answerInvalid);
  });
});

describe('assigning', () => {
  it('assigns to chosen employees: one assignment each, the version’s figures, a mail, the change log', async () => {
    const { courseId } = await publishedCourse();
    const response = await call(HR, 'trainingAssign', assignBody(courseId));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response_message).toBe(say.assigned(1, 1));
    const [id] = response.json().response_data.ids;
    const row = await ctx.db.onlineTrainingAssignment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      employeeId: mia.id,
      reviewerEmployeeId: ethan.id,
      status: 'assigned',
      noTestAttempt: 2,
      expectationDuration: 15,
      completedTestAttempt: 0,
    });
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'trainingAssigned', textBody: { contains: `assignFormId=${id}` } },
    });
    expect(mail.toAddress).toBe('mia.torres@northwind.example');
    expect(mail.textBody).toContain('Please finish before the audit.');
    expect(await ctx.db.changeLog.count({ where: { entityId: id, entityType: 'trainingAssignment' } })).toBe(
      1,
    );
    const again = await call(HR, 'trainingAssign', assignBody(courseId));
    expect(again.statusCode).toBe(400);
    expect(again.json().validation_errors).toEqual([
      { field: 'employeeIds', message: say.alreadyAssigned('Mia Torres') },
    ]);
  });

  it('assigns to a position, leaving out who already has it open and the reviewer', async () => {
    const { courseId } = await publishedCourse();
    await assigned(courseId);
    const inPosition = await ctx.db.employee.findMany({
      where: { companyId: mia.companyId, positionId: mia.positionId, isActive: true },
    });
    const expected = inPosition.filter((person) => person.id !== mia.id && person.id !== ethan.id);
    const response = await call(HR, 'trainingAssign', {
      ...assignBody(courseId, { employeeIds: undefined, positionId: mia.positionId }),
    });
    // Mia's position (Technician) has Lucas and Mason too.
    expect(expected).toHaveLength(2);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response_data.count).toBe(expected.length);
    const made = await ctx.db.onlineTrainingAssignment.findMany({ where: { courseId } });
    expect(made.map((row) => row.employeeId).sort()).toEqual(
      [mia.id, ...expected.map((row) => row.id)].sort(),
    );
  });

  it('refuses an unpublished course, a past date, an unknown reviewer, another organisation’s employee', async () => {
    const draft = await publishedCourse({ draftOnly: true });
    const { courseId } = await publishedCourse();
    const sam = await employeeOf(ctx.db, 'sam.southbank');
    const cases: Array<[object, string, string]> = [
      [assignBody(draft.courseId), 'courseId', say.courseUnknown],
      [assignBody(courseId, { completeBy: addDays(today, -1) }), 'completeBy', say.completeByInPast],
      [assignBody(courseId, { reviewerEmployeeId: randomUUID() }), 'reviewerEmployeeId', say.reviewerUnknown],
      [assignBody(courseId, { employeeIds: [sam.id] }), 'employeeIds', say.employeeUnknown],
      [assignBody(courseId, { employeeIds: [ethan.id] }), 'reviewerEmployeeId', say.reviewerIsAssignee],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(HR, 'trainingAssign', body);
      expect(response.statusCode, `${field} ${response.body}`).toBe(400);
      expect(response.json().validation_errors).toEqual([{ field, message }]);
    }
    expect(await ctx.db.onlineTrainingAssignment.count({ where: { courseId } })).toBe(0);
  });

  it('is HR’s: an employee without hrAdmin is refused the assign calls and the list', async () => {
    const { courseId } = await publishedCourse();
    for (const [path, body] of [
      ['trainingAssign', assignBody(courseId)],
      ['trainingAssignOptions', {}],
      ['trainingAssignmentList', { courseId }],
    ] as const) {
      const response = await call(TRAINEE, path, body);
      expect(response.statusCode).toBe(403);
      expect(response.json().error_code).toBe('access_key_missing');
    }
  });

  it('offers the published courses in use, with whether the reviewer marks short answers', async () => {
    const plain = await publishedCourse();
    const short = await publishedCourse({ shortAnswer: true });
    const draft = await publishedCourse({ draftOnly: true });
    const options = await data(HR, 'trainingAssignOptions', {});
    const byId = Object.fromEntries(options.courses.map((course: { _id: string }) => [course._id, course]));
    expect(byId[plain.courseId]).toMatchObject({
      attemptsAllowed: 2,
      expectedMinutes: 15,
      hasShortAnswers: false,
    });
    expect(byId[short.courseId]).toMatchObject({ hasShortAnswers: true });
    expect(byId[draft.courseId]).toBeUndefined();
    expect(options.positions.length).toBeGreaterThan(0);
  });
});

describe('who opens an assignment', () => {
  let id: string;
  beforeAll(async () => {
    id = await assigned((await publishedCourse()).courseId);
  });

  it('its employee, its reviewer and HR, each on their side', async () => {
    for (const [as, side, canAttempt] of [
      [TRAINEE, 'employee', true],
      [REVIEWER, 'reviewer', false],
      [HR, 'hr', false],
    ] as const) {
      const view = await data(as, 'trainingAssignmentOpen', { _id: id });
      expect(view).toMatchObject({ _id: id, side, canAttempt, employeeName: 'Mia Torres', attempts: [] });
    }
  });

  it('refuses another employee (403), another organisation (404), a supplier (403) and a guest (401)', async () => {
    const other = await call(OTHER, 'trainingAssignmentOpen', { _id: id });
    expect([other.statusCode, other.json().response_message]).toEqual([403, say.notYours]);
    expect((await call('sam.southbank', 'trainingAssignmentOpen', { _id: id })).statusCode).toBe(404);
    const supplier = await call('acme.supplier', 'trainingAssignmentOpen', { _id: id });
    expect([supplier.statusCode, supplier.json().error_code]).toEqual([403, 'caller_not_served']);
    expect((await call(null, 'trainingAssignmentOpen', { _id: id })).statusCode).toBe(401);
    expect((await call(OTHER, 'trainingAttemptStart', { assignmentId: id })).statusCode).toBe(403);
    expect((await call(HR, 'trainingAttemptStart', { assignmentId: id })).statusCode).toBe(403);
  });
});

/** Every UUID of a JSON value outside the options' ids and the trainee's own answers. */
function loneIds(value: unknown, key = ''): string[] {
  if (key === 'answer' || key === 'answers') return [];
  if (Array.isArray(value)) return value.flatMap((item) => loneIds(item, key === 'options' ? 'option' : ''));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) =>
      key === 'option' && name === '_id' ? [] : loneIds(item, name),
    );
  return typeof value === 'string' ? (value.match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? []) : [];
}

describe('the answer key never reaches a trainee', () => {
  it('not in the page, the start, the result, the attempt view, nor the mails', async () => {
    const { courseId, test } = await publishedCourse({ shortAnswer: true, attempts: 3 });
    const id = await assigned(courseId);
    const seen: unknown[] = [await data(TRAINEE, 'trainingAssignmentOpen', { _id: id })];
    const attempt = await call(TRAINEE, 'trainingAttemptStart', { assignmentId: id });
    seen.push(attempt.json());
    const submitted = await call(TRAINEE, 'trainingAttemptSubmit', {
      _id: attempt.json().response_data._id,
      answers: answersTo(test, false),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    seen.push(submitted.json());
    seen.push(
      (await call(TRAINEE, 'trainingAttemptDetails', { _id: attempt.json().response_data._id })).json(),
    );
    seen.push((await call(TRAINEE, 'trainingAttemptDetails', { _id: id })).json());
    seen.push(await data(TRAINEE, 'trainingAssignmentOpen', { _id: id }));
    await data(REVIEWER, 'trainingAttemptMark', {
      _id: attempt.json().response_data._id,
      marks: [{ questionId: test[3]!._id, points: 1 }],
      comment: 'Think about the next person.',
    });
    seen.push((await call(TRAINEE, 'trainingAttemptDetails', { _id: id })).json());
    const mails = await ctx.db.mailMessage.findMany({
      where: { toAddress: 'mia.torres@northwind.example', category: { startsWith: 'training' } },
    });
    expect(mails.map((mail) => mail.category)).toEqual(
      expect.arrayContaining(['trainingAssigned', 'trainingReviewed']),
    );
    seen.push(...mails.map((mail) => [mail.subject, mail.textBody, mail.htmlBody]));
    const text = JSON.stringify(seen);
    const key = test.flatMap((question) =>
      'correctOptionIds' in question ? (question.correctOptionIds as string[]) : [],
    );
    const modelAnswer = (test[3] as { modelAnswer: string }).modelAnswer;
    expect(text).not.toContain('correctOptionIds');
    expect(text).not.toContain('correctAnswer');
    expect(text).not.toContain(modelAnswer);
    for (const answer of seen) expect(loneIds(answer).filter((one) => key.includes(one))).toEqual([]);
    // The reviewer and HR see the model answer (the guidance they mark by).
    for (const as of [REVIEWER, HR]) {
      const view = await data(as, 'trainingAttemptDetails', { _id: id });
      expect(view.questions[3].modelAnswer).toBe(modelAnswer);
    }
  });
});

describe('taking the test', () => {
  it('refuses a submit with a question unanswered, on answers.<id>', async () => {
    const { courseId, test } = await publishedCourse();
    const id = await assigned(courseId);
    const { [test[0]!._id]: _left, ...answers } = answersTo(test, true);
    const { response } = await takeTest(id, answers);
    expect(response.statusCode).toBe(400);
    expect(response.json().validation_errors).toEqual([
      { field: `answers.${test[0]!._id}`, message: say.answerRequired },
    ]);
  });

  it('fails the first attempt (attempts left: to take again), passes the second', async () => {
    const { courseId, test } = await publishedCourse();
    const id = await assigned(courseId);
    const first = await takeTest(id, answersTo(test, false));
    expect(first.response.json()).toMatchObject({
      response_message: say.failed(0, 1),
      response_data: { status: 'failed', assignmentStatus: 'assigned', score: 0, attemptsLeft: 1 },
    });
    const view = await data(TRAINEE, 'trainingAttemptDetails', { _id: first.attemptId });
    expect(view).toMatchObject({ number: 1, canRetest: true, canMark: false, side: 'employee' });
    expect(view.questions.map((question: { result: string }) => question.result)).toEqual([
      'incorrect',
      'incorrect',
      'incorrect',
    ]);
    const second = await takeTest(id, answersTo(test, true));
    expect(second.response.json()).toMatchObject({
      response_message: say.passed(100),
      response_data: { status: 'passed', assignmentStatus: 'passed', score: 100 },
    });
    const row = await ctx.db.onlineTrainingAssignment.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      status: 'passed',
      score: 100,
      completedTestAttempt: 2,
      lastAttemptId: second.attemptId,
    });
    expect(row.passedAt).not.toBeNull();
    const page = await data(TRAINEE, 'trainingAssignmentOpen', { _id: id });
    expect(page.attempts.map((one: { status: string }) => one.status)).toEqual(['failed', 'passed']);
    expect(page.canAttempt).toBe(false);
  });

  it('fails every attempt: the assignment is failed, the dashboard shows “view”; HR allows another', async () => {
    const { courseId, test } = await publishedCourse({ attempts: 1 });
    const id = await assigned(courseId);
    const { response } = await takeTest(id, answersTo(test, false));
    expect(response.json().response_data).toMatchObject({ assignmentStatus: 'failed', attemptsLeft: 0 });
    expect(response.json().response_message).toBe(say.failed(0, 0));
    const itemOf = async () => {
      const { list } = (await data(TRAINEE, 'dashboardList', {
        localTimeZone: ZONE,
      })) as TDashboardListResponse;
      return list.employeeOnlineTrainingAssessment.list.find((item) => item.assignFormId === id);
    };
    expect((await itemOf())?.action).toBe('view');
    expect((await call(TRAINEE, 'trainingAttemptStart', { assignmentId: id })).statusCode).toBe(409);
    const allowed = await call(HR, 'trainingAssignmentAllowAttempt', { _id: id });
    expect(allowed.json()).toMatchObject({
      response_message: say.attemptAllowed,
      response_data: { attemptsAllowed: 2 },
    });
    expect(await statusOf(id)).toBe('assigned');
    expect((await itemOf())?.action).toBe('reTest');
    const again = await call(HR, 'trainingAssignmentAllowAttempt', { _id: id });
    expect([again.statusCode, again.json().response_message]).toEqual([409, say.notFailed]);
    const passed = await takeTest(id, answersTo(test, true));
    expect(passed.response.json().response_data.assignmentStatus).toBe('passed');
  });

  it('of two racing submits one counts, the other gets 409', async () => {
    const { courseId, test } = await publishedCourse();
    const id = await assigned(courseId);
    const attempt = await data(TRAINEE, 'trainingAttemptStart', { assignmentId: id });
    const again = await data(TRAINEE, 'trainingAttemptStart', { assignmentId: id });
    expect(again._id).toBe(attempt._id);
    const body = { _id: attempt._id, answers: answersTo(test, true) };
    const answers = await Promise.all([
      call(TRAINEE, 'trainingAttemptSubmit', body),
      call(TRAINEE, 'trainingAttemptSubmit', body),
    ]);
    expect(answers.map((one) => one.statusCode).sort()).toEqual([200, 409]);
    const row = await ctx.db.onlineTrainingAssignment.findUniqueOrThrow({ where: { id } });
    expect(row.completedTestAttempt).toBe(1);
  });
});

describe('the review of short answers', () => {
  it('goes to the reviewer, who marks it once: refusals first, then pass by the mark', async () => {
    const { courseId, test } = await publishedCourse({ shortAnswer: true });
    const id = await assigned(courseId);
    const { attemptId, response } = await takeTest(id, answersTo(test, true));
    expect(response.json()).toMatchObject({
      response_message: say.submittedForReview,
      response_data: { status: 'awaitingReview', assignmentStatus: 'awaitingReview', score: null },
    });
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'trainingToReview', textBody: { contains: attemptId } },
    });
    expect(mail.toAddress).toBe('ethan.clarke@northwind.example');
    const { list } = (await data(REVIEWER, 'dashboardList', {
      localTimeZone: ZONE,
    })) as TDashboardListResponse;
    expect(list.reviewOnlineTrainingAssessment.list.find((item) => item.assignFormId === id)?.action).toBe(
      'review',
    );
    const view = await data(REVIEWER, 'trainingAttemptDetails', { _id: attemptId });
    expect(view).toMatchObject({ side: 'reviewer', canMark: true, status: 'awaitingReview' });
    expect(view.questions[3]).toMatchObject({ result: 'awaitingReview', pointsAwarded: null });
    const short = test[3]!._id;
    const mark = (as: string, marks: object[]) => call(as, 'trainingAttemptMark', { _id: attemptId, marks });
    const range = await mark(REVIEWER, [{ questionId: short, points: 5 }]);
    expect([range.statusCode, range.json().validation_errors]).toEqual([
      400,
      [{ field: `marks.${short}`, message: say.markRange(4) }],
    ]);
    const missing = await mark(REVIEWER, []);
    expect([missing.statusCode, missing.json().validation_errors]).toEqual([
      400,
      [{ field: `marks.${short}`, message: say.markRequired }],
    ]);
    const notReviewer = await mark(HR, [{ questionId: short, points: 4 }]);
    expect([notReviewer.statusCode, notReviewer.json().response_message]).toEqual([403, say.notReviewer]);
    expect((await mark(TRAINEE, [{ questionId: short, points: 4 }])).statusCode).toBe(403);
    const marked = await mark(REVIEWER, [{ questionId: short, points: 2 }]);
    expect(marked.json()).toMatchObject({
      response_message: say.passed(75),
      response_data: { status: 'passed', assignmentStatus: 'passed', score: 75 },
    });
    const second = await mark(REVIEWER, [{ questionId: short, points: 4 }]);
    expect([second.statusCode, second.json().response_message]).toEqual([409, say.notAwaitingReview]);
    const after = await data(TRAINEE, 'trainingAttemptDetails', { _id: attemptId });
    expect(after.questions[3]).toMatchObject({ result: 'partial', pointsAwarded: 2, modelAnswer: null });
    const reviewed = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'trainingReviewed', textBody: { contains: attemptId } },
    });
    expect(reviewed.textBody).toContain(say.passed(75));
  });

  it('fails by the mark: attempts left, the assignment is the trainee’s again', async () => {
    const { courseId, test } = await publishedCourse({ shortAnswer: true });
    const id = await assigned(courseId, { employeeIds: [ava.id] });
    const { attemptId } = await takeTest(id, answersTo(test, false), OTHER);
    const marked = await data(REVIEWER, 'trainingAttemptMark', {
      _id: attemptId,
      marks: [{ questionId: test[3]!._id, points: 0 }],
    });
    expect(marked).toMatchObject({
      status: 'failed',
      assignmentStatus: 'assigned',
      score: 0,
      attemptsLeft: 1,
    });
    expect(await statusOf(id)).toBe('assigned');
  });
});

describe('refreshers, withdrawing, the register and the files', () => {
  it('a pass of a repeating assignment assigns the next, due interval × frequency after the pass', async () => {
    const { courseId, test } = await publishedCourse();
    const id = await assigned(courseId, { repeat: { frequency: 'months', interval: 6 } });
    await takeTest(id, answersTo(test, true));
    const next = await ctx.db.onlineTrainingAssignment.findFirstOrThrow({
      where: { courseId, employeeId: mia.id, status: 'assigned' },
    });
    expect(next.id).not.toBe(id);
    expect(next.completeBy.toISOString().slice(0, 10)).toBe(occurrenceDay(today, 'months', 6));
    expect(next).toMatchObject({ frequency: 'months', repeatInterval: 6, reviewerEmployeeId: ethan.id });
    expect(
      await ctx.db.mailMessage.count({
        where: { category: 'trainingAssigned', textBody: { contains: `assignFormId=${next.id}` } },
      }),
    ).toBe(1);
  });

  it('withdraws one not yet passed: it is closed to the trainee, a second withdraw is 409', async () => {
    const { courseId } = await publishedCourse();
    const id = await assigned(courseId);
    const cancelled = await call(HR, 'trainingAssignmentCancel', { _id: id });
    expect([cancelled.statusCode, cancelled.json().response_message]).toEqual([200, say.cancelled]);
    expect(await statusOf(id)).toBe('cancelled');
    const again = await call(HR, 'trainingAssignmentCancel', { _id: id });
    expect([again.statusCode, again.json().response_message]).toEqual([409, say.notCancellable]);
    const start = await call(TRAINEE, 'trainingAttemptStart', { assignmentId: id });
    expect([start.statusCode, start.json().response_message]).toEqual([409, say.notOpen]);
    expect((await call('sam.southbank', 'trainingAssignmentCancel', { _id: id })).statusCode).toBe(404);
  });

  it('lists a course’s assignments latest complete-by first, by status and by name', async () => {
    const { courseId } = await publishedCourse();
    await assigned(courseId, { completeBy: addDays(today, 3) });
    await assigned(courseId, { employeeIds: [ava.id], completeBy: addDays(today, 9) });
    const page = await data(HR, 'trainingAssignmentList', { courseId });
    expect(page.total).toBe(2);
    expect(page.rows.map((row: { employeeName: string }) => row.employeeName)).toEqual([
      'Ava Nguyen',
      'Mia Torres',
    ]);
    expect(page.rows[1]).toMatchObject({
      status: 'assigned',
      reviewerName: 'Ethan Clarke',
      attemptsUsed: 0,
      attemptsAllowed: 2,
      taskDueDateType: 'nodue',
      repeat: null,
    });
    expect((await data(HR, 'trainingAssignmentList', { courseId, search: 'torres' })).total).toBe(1);
    // The reviewer's name finds both, in the list's order, rows as the list shows them.
    const byReviewer = await data(HR, 'trainingAssignmentList', { courseId, search: 'clarke' });
    expect(byReviewer).toEqual({ rows: page.rows, total: 2 });
    expect(await data(HR, 'trainingAssignmentList', { courseId, search: 'zzqx' })).toEqual({
      rows: [],
      total: 0,
    });
    expect((await data(HR, 'trainingAssignmentList', { courseId, status: 'passed' })).total).toBe(0);
    expect((await data('sam.southbank', 'trainingAssignmentList', { courseId })).total).toBe(0);
  });

  it('the course’s files: read by the trainee with an assignment, not by another employee (404)', async () => {
    const { courseId } = await publishedCourse({ draftOnly: true });
    const { payload, contentType } = multipartPayload({ _id: courseId }, [
      { name: 'guide.pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/trainingCourseFilesAdd',
      headers: { authtoken: tokens[HR]!, 'content-type': contentType },
      payload,
    });
    const fileId = added.json().response_data[0]._id as string;
    const course = await data(HR, 'trainingCourseDetails', { _id: courseId });
    const withFile = { ...course.draft, sections: [{ ...course.draft.sections[0], fileIds: [fileId] }] };
    const saved = await data(HR, 'trainingCourseSave', {
      _id: courseId,
      revision: course.revision,
      name: course.name,
      content: withFile,
    });
    await data(HR, 'trainingCoursePublish', { _id: courseId, revision: saved.revision });
    const get = (as: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { authtoken: tokens[as]! } });
    expect((await get(TRAINEE)).statusCode).toBe(404);
    const id = await assigned(courseId);
    expect((await get(TRAINEE)).statusCode).toBe(200);
    expect((await get(REVIEWER)).statusCode).toBe(200);
    expect((await get(OTHER)).statusCode).toBe(404);
    const page = await data(TRAINEE, 'trainingAssignmentOpen', { _id: id });
    expect(page.course.files.map((file: { _id: string }) => file._id)).toEqual([fileId]);
    await data(HR, 'trainingAssignmentCancel', { _id: id });
    expect((await get(TRAINEE)).statusCode).toBe(404);
  });
});
