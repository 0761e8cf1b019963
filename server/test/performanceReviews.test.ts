import {
  addDays,
  localDateOf,
  performanceReviewMessages as say,
  type TDashboardListResponse,
  type TPerformanceReviewDetails,
  type TPerformanceReviewHistory,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { countCap } from '../src/db/reader';
import { PerformanceReviewReminders } from '../src/modules/performanceReviews/reminders';
import {
  apiCalls,
  employeeOf,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * Performance reviews: start → self-assessment (draft, submit, return) → the reviewer's assessment →
 * both sign (agreed actions become actions); who sees what of it; every caller kind; bad input.
 */
const today = localDateOf(new Date(), 'UTC');
const NO_HR = { hrForm: false, hrAdmin: false, hrEmployeePrivateInfo: false };
const PUBLIC_URL = 'http://compass.test';

let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
let mia: { id: string; companyId: string };
let ethan: { id: string };
let ava: { id: string };

beforeAll(async () => {
  ctx = await setupTestApp({ PUBLIC_URL });
  // HR is Olivia (hrForm, hrAdmin, not the private key); Mia is reviewed by Ethan; Ava (Ethan's role)
  // is Mia's line manager in some tests and nobody of hers in others.
  await setRoleKeys(ctx.db, 'olivia.admin', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: false });
  await setRoleKeys(ctx.db, 'ethan.coordinator', NO_HR);
  await setRoleKeys(ctx.db, 'mia.employee', NO_HR);
  tokens = await signInAll(ctx.app);
  for (const username of ['ava.dual', 'acme.supplier']) tokens[username] = await signIn(ctx.app, username);
  mia = await employeeOf(ctx.db, 'mia.employee');
  ethan = await employeeOf(ctx.db, 'ethan.coordinator');
  ava = await employeeOf(ctx.db, 'ava.dual');
  await managerOfMia(null);
});

const managerOfMia = (managerId: string | null) =>
  ctx.db.employee.update({ where: { id: mia.id }, data: { managerEmployeeId: managerId } });

const objectives = [
  { title: 'Zero lost-time injuries', weight: 50 },
  { title: 'Finish the racking upgrade', description: 'Both aisles.', weight: 30 },
  { title: 'Mentor a new starter', weight: 20 },
];

const start = (extra: object = {}) => ({
  employeeId: mia.id,
  reviewerEmployeeId: ethan.id,
  periodStart: addDays(today, -365),
  periodEnd: today,
  dueDate: addDays(today, 14),
  objectives,
  ...extra,
});

const details = (as: string, id: string): Promise<TPerformanceReviewDetails> =>
  data(as, 'performanceReviewDetails', { _id: id });

/** The fields a 400 names. */
async function refused(as: string, path: string, body: object) {
  const response = await call(as, path, body);
  expect(response.statusCode, response.body).toBe(400);
  return (response.json().validation_errors ?? []).map((error: { field: string }) => error.field);
}

const mailsTo = async (employeeId: string, category: string) => {
  const employee = await ctx.db.employee.findUniqueOrThrow({
    where: { id: employeeId },
    include: { user: true },
  });
  return ctx.db.mailMessage.count({
    where: { toAddress: employee.email ?? employee.user?.email ?? '', category },
  });
};

/**
 * HR starts a review of Mia with Ethan reviewing. HR without hrEmployeePrivateInfo names only the
 * line manager as the reviewer, so Ethan is Mia's manager while it is started.
 */
async function startedByOlivia(extra: object = {}): Promise<string> {
  await managerOfMia(ethan.id);
  try {
    return (await data('olivia.admin', 'performanceReviewStart', start(extra)))._id;
  } finally {
    await managerOfMia(null);
  }
}

/** Mia's self-assessment, every objective rated: submitted. */
async function submitSelf(id: string) {
  const review = await details('mia.employee', id);
  return data('mia.employee', 'performanceReviewSaveSelf', {
    _id: id,
    version: review.version,
    objectives: review.objectives.map((objective) => ({ _id: objective._id, rating: 4, comment: 'Done.' })),
    selfAssessment: 'A good year.',
    submit: true,
  });
}

const managerSave = (review: TPerformanceReviewDetails, extra: object = {}) => ({
  _id: review._id,
  version: review.version,
  objectives: review.objectives.map((objective) => ({ _id: objective._id, rating: 3, comment: 'Agreed.' })),
  managerAssessment: 'Steady and careful.',
  overallRating: 4,
  agreedActions: [
    { instruction: 'Enrol in the WHS course', assigneeEmployeeId: mia.id, dueDate: addDays(today, 30) },
  ],
  ...extra,
});

describe('the flow of a review', () => {
  let id: string;

  it('HR starts it: the employee and the reviewer are mailed, the title defaults to the period', async () => {
    const [miaBefore, ethanBefore] = [
      await mailsTo(mia.id, 'performanceReview'),
      await mailsTo(ethan.id, 'performanceReview'),
    ];
    id = await startedByOlivia();
    const review = await details('mia.employee', id);
    expect(review).toMatchObject({
      status: 'selfAssessment',
      side: 'employee',
      canSelfAssess: true,
      canEditObjectives: false,
      canCancel: false,
      version: 1,
    });
    expect(review.title).toMatch(/^Performance review /);
    expect(review.objectives.map((objective) => [objective.position, objective.weight])).toEqual([
      [1, 50],
      [2, 30],
      [3, 20],
    ]);
    expect(await mailsTo(mia.id, 'performanceReview')).toBe(miaBefore + 1);
    expect(await mailsTo(ethan.id, 'performanceReview')).toBe(ethanBefore + 1);
    expect((await details('ethan.coordinator', id)).canEditObjectives).toBe(true);
    expect((await details('olivia.admin', id)).canCancel).toBe(true);
  });

  it('the reviewer changes the objectives while the self-assessment is open; a stale version is 409', async () => {
    const review = await details('ethan.coordinator', id);
    const kept = review.objectives.map((objective) => ({
      _id: objective._id,
      title: objective.title,
      weight: 25,
    }));
    const changed = [...kept, { title: 'Run the toolbox talks', weight: 25 }];
    const saved = await data('ethan.coordinator', 'performanceReviewSaveObjectives', {
      _id: id,
      version: review.version,
      objectives: changed,
    });
    expect(saved).toEqual({ version: 2, status: 'selfAssessment' });
    const after = await details('ethan.coordinator', id);
    expect(after.objectives.map((objective) => objective._id).slice(0, 3)).toEqual(
      review.objectives.map((objective) => objective._id),
    );
    const stale = await call('ethan.coordinator', 'performanceReviewSaveObjectives', {
      _id: id,
      version: review.version,
      objectives: changed,
    });
    expect([stale.statusCode, stale.json().error_code]).toEqual([409, 'stale_version']);
    const byEmployee = await call('mia.employee', 'performanceReviewSaveObjectives', {
      _id: id,
      version: 2,
      objectives: changed,
    });
    expect(byEmployee.statusCode).toBe(403);
    expect(
      await refused('ethan.coordinator', 'performanceReviewSaveObjectives', {
        _id: id,
        version: 2,
        objectives: [{ title: 'One', weight: 60 }],
      }),
    ).toContain('objectives');
  });

  it('the employee drafts privately, then submits; submit needs every rating and the text', async () => {
    const review = await details('mia.employee', id);
    const first = review.objectives[0]!;
    const draft = await data('mia.employee', 'performanceReviewSaveSelf', {
      _id: id,
      version: review.version,
      objectives: [{ _id: first._id, rating: 5, comment: 'No injuries.' }],
      selfAssessment: 'Draft text',
    });
    expect(draft.status).toBe('selfAssessment');
    // The reviewer does not see a draft.
    const byEthan = await details('ethan.coordinator', id);
    expect(byEthan.shows.self).toBe(false);
    expect(byEthan.objectives[0]).toMatchObject({ selfRating: null, selfComment: null });
    expect(byEthan.selfAssessment).toBeNull();
    expect((await details('mia.employee', id)).objectives[0]).toMatchObject({ selfRating: 5 });

    const base = { _id: id, version: draft.version, submit: true };
    expect(
      await refused('mia.employee', 'performanceReviewSaveSelf', {
        ...base,
        objectives: [],
        selfAssessment: 'x',
      }),
    ).toEqual(['objectives']);
    expect(
      await refused('mia.employee', 'performanceReviewSaveSelf', {
        ...base,
        objectives: [],
        selfAssessment: ' ',
      }),
    ).toEqual(['selfAssessment']);
    expect(
      await refused('mia.employee', 'performanceReviewSaveSelf', {
        ...base,
        objectives: [{ _id: ethan.id, rating: 3 }],
        selfAssessment: 'x',
      }),
    ).toContain('objectives.0._id');
    expect(
      await refused('mia.employee', 'performanceReviewSaveSelf', {
        ...base,
        objectives: [{ _id: first._id, rating: 6 }],
        selfAssessment: 'x',
      }),
    ).toContain('objectives.0.rating');
    const byReviewer = await call('ethan.coordinator', 'performanceReviewSaveSelf', {
      ...base,
      objectives: [],
    });
    expect([byReviewer.statusCode, byReviewer.json().response_message]).toEqual([403, say.notEmployee]);

    const ethanMails = await mailsTo(ethan.id, 'performanceReview');
    expect(await submitSelf(id)).toMatchObject({ status: 'managerAssessment' });
    expect(await mailsTo(ethan.id, 'performanceReview')).toBe(ethanMails + 1);
    const again = await call('mia.employee', 'performanceReviewSaveSelf', {
      ...base,
      version: draft.version + 1,
      objectives: [],
    });
    expect([again.statusCode, again.json().response_message]).toEqual([409, say.notSelfStep]);
  });

  it('the reviewer sees the submitted self-assessment; their draft stays hidden from the employee everywhere', async () => {
    const review = await details('ethan.coordinator', id);
    expect(review.shows).toEqual({ self: true, manager: true });
    expect(review.selfAssessment).toBe('A good year.');
    expect(review).toMatchObject({ canManagerAssess: true, canReturn: true, canEditObjectives: false });
    const draft = await data('ethan.coordinator', 'performanceReviewSaveManager', managerSave(review));
    expect(draft.status).toBe('managerAssessment');

    const byMia = await details('mia.employee', id);
    expect(byMia.shows.manager).toBe(false);
    expect(byMia).toMatchObject({ overallRating: null, managerAssessment: null, agreedActions: [] });
    expect(
      byMia.objectives.every(
        (objective) => objective.managerRating === null && objective.managerComment === null,
      ),
    ).toBe(true);
    const history: TPerformanceReviewHistory = await data('mia.employee', 'performanceReviewHistory', {
      employeeId: mia.id,
    });
    expect(history.rows.find((row) => row._id === id)?.overallRating).toBeNull();
    expect((await call('mia.employee', 'performanceReviewList', {})).statusCode).toBe(403);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/performanceReviewExport?employeeId=${mia.id}`,
      headers: { authtoken: tokens['olivia.admin']! },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Title');
    expect(csv.body).not.toContain('Steady and careful');
    expect(csv.body).not.toContain('A good year');
    // HR without the private key sees the facts only.
    expect((await details('olivia.admin', id)).shows).toEqual({ self: false, manager: false });
  });

  it('the reviewer returns it with a comment; the employee is mailed and submits again', async () => {
    const review = await details('ethan.coordinator', id);
    expect(
      await refused('ethan.coordinator', 'performanceReviewReturn', {
        _id: id,
        version: review.version,
        comment: ' ',
      }),
    ).toEqual(['comment']);
    const miaMails = await mailsTo(mia.id, 'performanceReview');
    const returned = await data('ethan.coordinator', 'performanceReviewReturn', {
      _id: id,
      version: review.version,
      comment: 'Say more about the racking.',
    });
    expect(returned.status).toBe('selfAssessment');
    expect(await mailsTo(mia.id, 'performanceReview')).toBe(miaMails + 1);
    const byMia = await details('mia.employee', id);
    expect(byMia.returnComment).toBe('Say more about the racking.');
    expect(byMia.history.map((event) => event.action)).toContain('returned');
    expect((await details('ethan.coordinator', id)).shows.self).toBe(false);
    const byMiaReturn = await call('mia.employee', 'performanceReviewReturn', {
      _id: id,
      version: byMia.version,
      comment: 'x',
    });
    expect(byMiaReturn.statusCode).toBe(403);
    await submitSelf(id);
  });

  it('the reviewer submits for sign-off: actions checked, overall rating and text required', async () => {
    const review = await details('ethan.coordinator', id);
    expect(review.overallRating).toBe(4);
    const submit = (extra: object) => managerSave(review, { submit: true, ...extra });
    expect(
      await refused('ethan.coordinator', 'performanceReviewSaveManager', submit({ overallRating: null })),
    ).toEqual(['overallRating']);
    expect(
      await refused('ethan.coordinator', 'performanceReviewSaveManager', submit({ managerAssessment: '' })),
    ).toEqual(['managerAssessment']);
    expect(
      await refused(
        'ethan.coordinator',
        'performanceReviewSaveManager',
        submit({
          agreedActions: [
            { instruction: 'x', assigneeEmployeeId: mia.companyId, dueDate: addDays(today, 3) },
          ],
        }),
      ),
    ).toEqual(['agreedActions.0.assigneeEmployeeId']);
    expect(
      await refused(
        'ethan.coordinator',
        'performanceReviewSaveManager',
        submit({
          agreedActions: [{ instruction: 'x', assigneeEmployeeId: mia.id, dueDate: addDays(today, -1) }],
        }),
      ),
    ).toEqual(['agreedActions.0.dueDate']);
    expect(
      await refused(
        'ethan.coordinator',
        'performanceReviewSaveManager',
        submit({
          objectives: [{ _id: review.objectives[0]!._id, rating: null }],
        }),
      ),
    ).toEqual(['objectives']);
    const miaMails = await mailsTo(mia.id, 'performanceReview');
    const saved = await data('ethan.coordinator', 'performanceReviewSaveManager', submit({}));
    expect(saved.status).toBe('signOff');
    expect(await mailsTo(mia.id, 'performanceReview')).toBe(miaMails + 1);
    const byMia = await details('mia.employee', id);
    expect(byMia).toMatchObject({
      overallRating: 4,
      managerAssessment: 'Steady and careful.',
      canSignOff: true,
    });
    expect(byMia.agreedActions).toEqual([
      expect.objectContaining({
        instruction: 'Enrol in the WHS course',
        assigneeEmployeeId: mia.id,
        actionId: null,
      }),
    ]);
  });

  it('is on both dashboards at sign-off until each has signed', async () => {
    const items = async (username: string) =>
      (
        (await data(username, 'dashboardList', { localTimeZone: 'UTC' })) as TDashboardListResponse
      ).list.hrForms.list.filter((item) => item._id === id);
    for (const username of ['mia.employee', 'ethan.coordinator'])
      expect(await items(username)).toEqual([
        expect.objectContaining({
          sectionType: 'performanceReview',
          formId: id,
          formSumissionId: null,
          status: 'submitted',
          badge: 'Approval Pending',
          employee: mia.id,
          reviewer: ethan.id,
        }),
      ]);
  });

  it('each side signs once; the second signature completes it and the agreed actions become actions', async () => {
    const review = await details('mia.employee', id);
    const byHr = await call('olivia.admin', 'performanceReviewSignOff', { _id: id, version: review.version });
    expect(byHr.statusCode).toBe(403);
    const signed = await data('mia.employee', 'performanceReviewSignOff', {
      _id: id,
      version: review.version,
      comment: 'I do not agree with the rating of the racking.',
    });
    expect(signed.status).toBe('signOff');
    const twice = await call('mia.employee', 'performanceReviewSignOff', {
      _id: id,
      version: signed.version,
    });
    expect([twice.statusCode, twice.json().response_message]).toEqual([409, say.alreadySigned]);
    const before = await ctx.db.mailMessage.count({ where: { category: 'registerAction' } });
    const done = await data('ethan.coordinator', 'performanceReviewSignOff', {
      _id: id,
      version: signed.version,
    });
    expect(done.status).toBe('completed');
    const actions = await ctx.db.action.findMany({ where: { performanceReviewId: id } });
    expect(actions).toEqual([
      expect.objectContaining({
        taskNumber: 1,
        instruction: 'Enrol in the WHS course',
        assigneeEmployeeId: mia.id,
        actionType: 'internal',
        isComplete: false,
        companyId: mia.companyId,
      }),
    ]);
    expect(await ctx.db.mailMessage.count({ where: { category: 'registerAction' } })).toBe(before + 1);
    const byEthan = await details('ethan.coordinator', id);
    expect(byEthan).toMatchObject({
      status: 'completed',
      employeeComment: 'I do not agree with the rating of the racking.',
      canSignOff: false,
      canCancel: false,
    });
    expect(byEthan.agreedActions[0]!.actionId).toBe(actions[0]!.id);
    const cancel = await call('olivia.admin', 'performanceReviewCancel', {
      _id: id,
      version: byEthan.version,
    });
    expect([cancel.statusCode, cancel.json().response_message]).toEqual([409, say.finished]);
    // HR with hrEmployeePrivateInfo reads both parts, and the remarks.
    await setRoleKeys(ctx.db, 'olivia.admin', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: true });
    const byPrivateHr = await details('olivia.admin', id);
    expect(byPrivateHr.shows).toEqual({ self: true, manager: true });
    expect(byPrivateHr.employeeComment).toContain('I do not agree');
    await setRoleKeys(ctx.db, 'olivia.admin', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: false });
    expect((await details('olivia.admin', id)).employeeComment).toBeNull();
  });
});

describe('starting, cancelling and bad input', () => {
  it('refuses bad input with 400 naming the field', async () => {
    const noAccount = await ctx.db.employee.findFirstOrThrow({
      where: { companyId: mia.companyId, isActive: true, user: null },
    });
    const cases: Array<[object, string]> = [
      [{ objectives: objectives.map((objective) => ({ ...objective, weight: 10 })) }, 'objectives'],
      [{ objectives: [] }, 'objectives'],
      [{ objectives: Array.from({ length: 11 }, () => ({ title: 'x', weight: 10 })) }, 'objectives'],
      [{ objectives: [{ title: ' ', weight: 100 }] }, 'objectives.0.title'],
      [{ periodEnd: addDays(today, -400) }, 'periodEnd'],
      [{ reviewerEmployeeId: mia.id }, 'reviewerEmployeeId'],
      [{ reviewerEmployeeId: noAccount.id }, 'reviewerEmployeeId'],
      [{ employeeId: ethan.id, reviewerEmployeeId: ethan.id }, 'reviewerEmployeeId'],
      [{ employeeId: mia.companyId }, 'employeeId'],
      [{ dueDate: addDays(today, -2) }, 'dueDate'],
      [{ dueDate: '2026-02-30' }, 'dueDate'],
    ];
    await managerOfMia(ethan.id);
    try {
      for (const [extra, field] of cases)
        expect(
          await refused('olivia.admin', 'performanceReviewStart', start(extra)),
          JSON.stringify(extra),
        ).toContain(field);
    } finally {
      await managerOfMia(null);
    }
  });

  it('naming a reviewer grants reading the assessments: without hrEmployeePrivateInfo, only the line manager', async () => {
    const reviews = () => ctx.db.performanceReview.count({ where: { employeeId: mia.id } });
    const before = await reviews();
    // HR without the key names Ethan, who is not Mia's manager; her manager Ava names Ethan.
    const byHr = await call('olivia.admin', 'performanceReviewStart', start());
    expect(byHr.statusCode).toBe(400);
    expect(byHr.json().validation_errors).toEqual([
      { field: 'reviewerEmployeeId', message: say.reviewerNotManager },
    ]);
    await managerOfMia(ava.id);
    try {
      expect(await refused('ava.dual', 'performanceReviewStart', start())).toEqual(['reviewerEmployeeId']);
      expect(await refused('olivia.admin', 'performanceReviewStart', start())).toEqual([
        'reviewerEmployeeId',
      ]);
      expect(await reviews()).toBe(before);
      // HR who reads the assessments anyway names anyone.
      await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeePrivateInfo: true });
      tokens['olivia.admin'] = await signIn(ctx.app, 'olivia.admin');
      const { _id } = await data('olivia.admin', 'performanceReviewStart', start());
      const review = await details('olivia.admin', _id);
      await data('olivia.admin', 'performanceReviewCancel', { _id, version: review.version });
    } finally {
      await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeePrivateInfo: false });
      tokens['olivia.admin'] = await signIn(ctx.app, 'olivia.admin');
      await managerOfMia(null);
    }
  });

  it('a manager starts one for a direct report only; the people search follows the same rule', async () => {
    const notMine = await call('ava.dual', 'performanceReviewStart', start({ reviewerEmployeeId: ava.id }));
    expect(notMine.statusCode).toBe(403);
    expect((await call('ava.dual', 'performanceReviewPeopleSearch', { role: 'employee' })).statusCode).toBe(
      403,
    );
    await managerOfMia(ava.id);
    try {
      const people = await data('ava.dual', 'performanceReviewPeopleSearch', { role: 'employee' });
      expect(people.map((person: { _id: string }) => person._id)).toContain(mia.id);
      expect(
        people.every((person: { managerEmployeeId: string }) => person.managerEmployeeId === ava.id),
      ).toBe(true);
      const reviewers = await data('ava.dual', 'performanceReviewPeopleSearch', {
        role: 'reviewer',
        search: 'Ethan',
      });
      expect(reviewers.map((person: { _id: string }) => person._id)).toContain(ethan.id);
      const { _id } = await data('ava.dual', 'performanceReviewStart', start({ reviewerEmployeeId: ava.id }));
      // The starter may cancel; the employee may not.
      const review = await details('ava.dual', _id);
      expect(review).toMatchObject({ side: 'reviewer', canCancel: true });
      expect(
        (await call('mia.employee', 'performanceReviewCancel', { _id, version: review.version })).statusCode,
      ).toBe(403);
      expect(await data('ava.dual', 'performanceReviewCancel', { _id, version: review.version })).toEqual({
        version: review.version + 1,
        status: 'cancelled',
      });
      const history: TPerformanceReviewHistory = await data('ava.dual', 'performanceReviewHistory', {
        employeeId: mia.id,
      });
      expect(history.canStart).toBe(true);
      expect(history.employee).toMatchObject({
        _id: mia.id,
        managerEmployeeId: ava.id,
        managerName: 'Ava Nguyen',
      });
    } finally {
      await managerOfMia(null);
    }
    const byHr = await data('olivia.admin', 'performanceReviewPeopleSearch', {
      role: 'employee',
      search: 'Mia',
    });
    expect(byHr.map((person: { _id: string }) => person._id)).toContain(mia.id);
  });
});

describe('a step asked at another step', () => {
  it('is 409 with the step it is at; a cancelled review is finished for everyone', async () => {
    const id = await startedByOlivia({ title: 'Steps review' });
    const review = await details('ethan.coordinator', id);
    const base = { _id: id, version: review.version };
    const answers: Array<[string, string, object, string]> = [
      ['ethan.coordinator', 'performanceReviewSaveManager', { ...base, objectives: [] }, say.notManagerStep],
      ['ethan.coordinator', 'performanceReviewReturn', { ...base, comment: 'x' }, say.notManagerStep],
      ['mia.employee', 'performanceReviewSignOff', base, say.notSignOffStep],
    ];
    for (const [as, path, body, message] of answers) {
      const response = await call(as, path, body);
      expect([response.statusCode, response.json().response_message], path).toEqual([409, message]);
    }
    await data('olivia.admin', 'performanceReviewCancel', base);
    const late = await call('mia.employee', 'performanceReviewSaveSelf', {
      ...base,
      version: review.version + 1,
      objectives: [],
    });
    expect([late.statusCode, late.json().response_message]).toEqual([409, say.finished]);
    const objectivesLate = await call('ethan.coordinator', 'performanceReviewSaveObjectives', {
      ...base,
      version: review.version + 1,
      objectives,
    });
    expect([objectivesLate.statusCode, objectivesLate.json().response_message]).toEqual([409, say.finished]);
    expect((await details('mia.employee', id)).canSelfAssess).toBe(false);
  });
});

describe('who sees what', () => {
  let id: string;
  beforeAll(async () => {
    id = await startedByOlivia({ title: 'Visibility review' });
  });

  it('the line manager who is not the reviewer sees the facts only; anyone else of the organisation 403', async () => {
    await submitSelf(id);
    await managerOfMia(ava.id);
    try {
      const review = await details('ava.dual', id);
      expect(review).toMatchObject({
        side: 'manager',
        shows: { self: false, manager: false },
        selfAssessment: null,
      });
      expect(review.objectives.every((objective) => objective.selfRating === null)).toBe(true);
      expect(review.history.every((event) => event.comment === null)).toBe(true);
      const history: TPerformanceReviewHistory = await data('ava.dual', 'performanceReviewHistory', {
        employeeId: mia.id,
      });
      expect(history.rows.map((row) => row._id)).toContain(id);
    } finally {
      await managerOfMia(null);
    }
    expect((await call('ava.dual', 'performanceReviewDetails', { _id: id })).statusCode).toBe(403);
    // Ava reviews Mia's demo reviews: her history of Mia lists those only.
    const byAva: TPerformanceReviewHistory = await data('ava.dual', 'performanceReviewHistory', {
      employeeId: mia.id,
    });
    expect(byAva.rows.map((row) => row._id)).not.toContain(id);
    expect(byAva.rows.every((row) => row.reviewerEmployeeId === ava.id)).toBe(true);
    const reviewedByAva = await ctx.db.performanceReview.findMany({ where: { reviewerEmployeeId: ava.id } });
    const stranger = await ctx.db.employee.findFirstOrThrow({
      where: {
        companyId: mia.companyId,
        isActive: true,
        managerEmployeeId: { not: ava.id },
        id: { notIn: [mia.id, ethan.id, ava.id, ...reviewedByAva.map((review) => review.employeeId)] },
      },
    });
    expect((await call('ava.dual', 'performanceReviewHistory', { employeeId: stranger.id })).statusCode).toBe(
      403,
    );
    expect((await call('ava.dual', 'performanceReviewList', {})).statusCode).toBe(403);
  });

  it('a reviewer’s history of an employee lists only the reviews they review', async () => {
    const byEthan: TPerformanceReviewHistory = await data('ethan.coordinator', 'performanceReviewHistory', {
      employeeId: mia.id,
    });
    expect(byEthan.rows.length).toBeGreaterThan(0);
    expect(byEthan.rows.every((row) => row.reviewerEmployeeId === ethan.id)).toBe(true);
    expect(byEthan.canStart).toBe(false);
    const byMia: TPerformanceReviewHistory = await data('mia.employee', 'performanceReviewHistory', {
      employeeId: mia.id,
    });
    expect(byMia.rows.length).toBeGreaterThanOrEqual(byEthan.rows.length);
    expect(byMia.rows.some((row) => row.reviewerEmployeeId !== ethan.id)).toBe(true);
    expect(byMia.total).toBe(byMia.rows.length);
    expect(byEthan.total).toBe(byEthan.rows.length);
    // A page at a time, latest period first.
    const second: TPerformanceReviewHistory = await data('mia.employee', 'performanceReviewHistory', {
      employeeId: mia.id,
      page: 2,
      pageSize: 1,
    });
    expect(second).toMatchObject({ total: byMia.total, rows: [{ _id: byMia.rows[1]!._id }] });
    expect(
      (await call('mia.employee', 'performanceReviewHistory', { employeeId: mia.id, pageSize: 0 }))
        .statusCode,
    ).toBe(400);
  });

  it('the register: HR only, filtered, latest due first, without content', async () => {
    const list = await data('olivia.admin', 'performanceReviewList', {
      status: 'managerAssessment',
      employeeId: mia.id,
    });
    expect(list.rows.map((row: { _id: string }) => row._id)).toContain(id);
    expect(list.rows.every((row: { status: string }) => row.status === 'managerAssessment')).toBe(true);
    expect(list.rows[0]).not.toHaveProperty('overallRating');
    const searched = await data('olivia.admin', 'performanceReviewList', { search: 'Visibility' });
    expect(searched.rows.map((row: { _id: string }) => row._id)).toEqual([id]);
    // A name: every review of Mia or reviewed by her, counted, a page at a time in the list's order.
    const byName = await data('olivia.admin', 'performanceReviewList', { search: 'torres', pageSize: 100 });
    const hers = await ctx.db.performanceReview.count({
      where: { companyId: mia.companyId, OR: [{ employeeId: mia.id }, { reviewerEmployeeId: mia.id }] },
    });
    expect(byName.total).toBe(hers);
    expect(byName.rows).toHaveLength(hers);
    const second = await data('olivia.admin', 'performanceReviewList', {
      search: 'torres',
      page: 2,
      pageSize: 1,
    });
    // Counted as far as a search counts (countCap: a few pages past the one shown).
    const cap = countCap({ search: 'torres', page: 2, pageSize: 1 });
    expect(second).toMatchObject({
      rows: [{ _id: byName.rows[1]._id }],
      ...(hers > cap ? { total: cap, totalCapped: true } : { total: hers }),
    });
    const none = await data('olivia.admin', 'performanceReviewList', { search: 'no such name at all' });
    expect(none).toEqual({ rows: [], total: 0 });
    const all = await data('olivia.admin', 'performanceReviewList', { pageSize: 100 });
    const dues = all.rows.map((row: { dueDate: string }) => row.dueDate);
    expect(dues).toEqual([...dues].sort().reverse());
    expect((await call('ethan.coordinator', 'performanceReviewList', {})).statusCode).toBe(403);
  });

  it('suppliers, personnel and links are refused; another organisation finds nothing', async () => {
    for (const username of ['acme.supplier', 'liam.personnel'])
      expect((await call(username, 'performanceReviewDetails', { _id: id })).statusCode, username).toBe(403);
    expect((await call(null, 'performanceReviewDetails', { _id: id })).statusCode).toBe(401);
    await setRoleKeys(ctx.db, 'sam.southbank', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: true });
    for (const path of [
      'performanceReviewDetails',
      'performanceReviewCancel',
      'performanceReviewSaveSelf',
      'performanceReviewSignOff',
    ])
      expect(
        (await call('sam.southbank', path, { _id: id, version: 1, objectives: [] })).statusCode,
        path,
      ).toBe(404);
    expect((await call('sam.southbank', 'performanceReviewHistory', { employeeId: mia.id })).statusCode).toBe(
      404,
    );
    const list = await data('sam.southbank', 'performanceReviewList', { employeeId: mia.id });
    expect(list.rows).toEqual([]);
    const started = await call(
      'sam.southbank',
      'performanceReviewStart',
      start({ reviewerEmployeeId: (await employeeOf(ctx.db, 'sam.southbank')).id }),
    );
    expect(started.statusCode).toBe(400);
  });
});

describe('the reminder before the due date', () => {
  it('is sent once, to whoever’s step is open', async () => {
    const id = await startedByOlivia({ title: 'Due soon', dueDate: addDays(today, 1) });
    const reminders = new PerformanceReviewReminders(ctx.db, ctx.app.mail, PUBLIC_URL);
    const before = await mailsTo(mia.id, 'performanceReview');
    expect(await reminders.send()).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(mia.id, 'performanceReview')).toBeGreaterThan(before);
    const review = await ctx.db.performanceReview.findUniqueOrThrow({ where: { id } });
    expect(review.reminderSentAt).not.toBeNull();
    const after = await mailsTo(mia.id, 'performanceReview');
    await reminders.send();
    expect(await mailsTo(mia.id, 'performanceReview')).toBe(after);
  });
});
