import {
  addDays,
  localDateOf,
  nextDueDay,
  obligationMessages as say,
  reviewMessages,
  type TObligationSave,
} from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  employeeOf,
  openReviewId,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/** The Obligations register: list, save with questions, answers from the dashboard, files, reviews. */
let ctx: TestContext;
let tokens: Record<string, string>;
let people: {
  ethan: string;
  mia: string;
  olivia: string;
  sam: string;
  workplace: string;
  samWorkplace: string;
};
let southbankObligation: string;
const today = localDateOf(new Date(), 'UTC');
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const employee = (username: string) => employeeOf(ctx.db, username);
  const ethan = await employee('ethan.coordinator');
  const sam = await employee('sam.southbank');
  people = {
    ethan: ethan.id,
    mia: (await employee('mia.employee')).id,
    olivia: (await employee('olivia.admin')).id,
    sam: sam.id,
    workplace: ethan.workplaceId!,
    samWorkplace: (await ctx.db.workplace.findFirstOrThrow({ where: { companyId: sam.companyId } })).id,
  };
  southbankObligation = (await ctx.db.obligation.findFirstOrThrow({ where: { companyId: sam.companyId } }))
    .id;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const api = () => request(ctx.app.server);

const unique = () => Math.random().toString(36).slice(2, 8);
const obligation = (extra: Partial<TObligationSave> = {}): TObligationSave => ({
  name: `Dangerous Goods Regulation ${unique()}`,
  type: 'regulation',
  authority: 'NSW — SafeWork NSW',
  reference: 'Part 7.1',
  description: 'Storage and handling of dangerous goods.',
  ownerId: people.olivia,
  workplaceIds: [people.workplace],
  reviewFrequency: 'years',
  reviewerId: people.ethan,
  coReviewerId: null,
  nextReviewDate: addDays(today, 30),
  questions: [],
  ...extra,
});
const question = (extra: object = {}) => ({
  reference: 'cl. 352',
  instruction: 'Is the placard at the gate current?',
  assigneeId: people.mia,
  dueDate: addDays(today, 7),
  ...extra,
});

async function saved(extra: Partial<TObligationSave> = {}): Promise<string> {
  return (await data('ethan.coordinator', 'obligationSave', obligation(extra)))._id as string;
}

const CALLS: { path: string; body?: object }[] = [
  { path: 'obligationList', body: {} },
  { path: 'obligationDetails', body: { _id: NOBODY } },
  { path: 'obligationOptions' },
  { path: 'obligationPeopleSearch', body: {} },
  { path: 'obligationSave', body: { name: 'Refused obligation' } },
  { path: 'obligationDelete', body: { _id: NOBODY } },
  { path: 'obligationReviewDetails', body: { itemId: NOBODY, actionType: 'review' } },
  {
    path: 'obligationReviewComplete',
    body: { itemId: NOBODY, reviewId: NOBODY, actionType: 'review', outcome: 'noChange' },
  },
];

describe('pickers', () => {
  it('offers as reviewers only people who can open the review, and refuses a save naming another', async () => {
    const search = async (role: string) =>
      (
        (await data('olivia.admin', 'obligationPeopleSearch', { search: 'Mia', role })) as { _id: string }[]
      ).map((person) => person._id);
    expect(await search('reviewer')).toContain(people.mia);
    await setRoleKeys(ctx.db, 'mia.employee', { obligation: false });
    try {
      expect(await search('anyone')).toContain(people.mia);
      expect(await search('reviewer')).not.toContain(people.mia);
      for (const field of ['reviewerId', 'coReviewerId'] as const) {
        const body = obligation({ [field]: people.mia });
        const response = await call('olivia.admin', 'obligationSave', body);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().validation_errors).toContainEqual({
          field,
          message: say.reviewerWithoutAccess,
        });
        const list = await data('olivia.admin', 'obligationList', { search: body.name });
        expect(list.rows).toEqual([]);
      }
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { obligation: true });
    }
  });
});

describe('question assignees', () => {
  it('are offered and saved only if they can answer the question (an account that signs in)', async () => {
    const { companyId } = await ctx.db.employee.findUniqueOrThrow({ where: { id: people.mia } });
    const lastName = `Signedout ${unique()}`;
    const nora = await ctx.db.employee.create({ data: { companyId, firstName: 'Nora', lastName } });
    await ctx.db.user.create({
      data: {
        companyId,
        username: `nora.${unique()}`,
        userType: 'employee',
        employeeId: nora.id,
        isActive: false,
      },
    });
    const search = async (role: string) =>
      (
        (await data('olivia.admin', 'obligationPeopleSearch', { search: lastName, role })) as {
          _id: string;
        }[]
      ).map((person) => person._id);
    expect(await search('anyone')).toEqual([nora.id]);
    expect(await search('assignee')).toEqual([]);
    const mia = (await data('olivia.admin', 'obligationPeopleSearch', {
      search: 'Mia',
      role: 'assignee',
    })) as { _id: string }[];
    expect(mia.map((person) => person._id)).toContain(people.mia);

    const body = obligation({ questions: [question(), question({ assigneeId: nora.id })] });
    const response = await call('olivia.admin', 'obligationSave', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().validation_errors).toEqual([
      { field: 'questions.1.assigneeId', message: say.assigneeWithoutAccess },
    ]);
    expect((await data('olivia.admin', 'obligationList', { search: body.name })).rows).toEqual([]);
  });
});

describe('who may use the register', () => {
  it.each(CALLS)(
    '$path: 401 without a session, 403 for suppliers, personnel and without the key',
    async ({ path, body }) => {
      expect((await call(null, path, body)).statusCode).toBe(401);
      for (const as of ['liam.personnel', 'acme.supplier'])
        expect((await call(as, path, body)).statusCode).toBe(403);
      await setRoleKeys(ctx.db, 'mia.employee', { obligation: false });
      try {
        const refused = await call('mia.employee', path, body);
        expect(refused.statusCode).toBe(403);
      } finally {
        await setRoleKeys(ctx.db, 'mia.employee', { obligation: true });
      }
    },
  );

  it('the CSV export: 401 without a session, 403 for suppliers', async () => {
    expect((await api().get('/api/obligationExport')).status).toBe(401);
    expect((await api().get('/api/obligationExport').set('authtoken', tokens['acme.supplier']!)).status).toBe(
      403,
    );
  });

  it('a pending forced password change refuses the register', async () => {
    const token = await signIn(ctx.app, 'noah.expired');
    const response = await call(token, 'obligationList', {});
    expect(response.statusCode).toBe(403);
    expect(response.json().error_code).toBe('password_change_required');
  });

  it("another organisation's obligation is not found, and stays as it was", async () => {
    const before = await ctx.db.obligation.findUniqueOrThrow({ where: { id: southbankObligation } });
    for (const [path, body] of [
      ['obligationDetails', { _id: southbankObligation }],
      ['obligationSave', obligation({ _id: southbankObligation })],
      ['obligationDelete', { _id: southbankObligation }],
      ['obligationReviewDetails', { itemId: southbankObligation, actionType: 'review' }],
      [
        'obligationReviewComplete',
        {
          itemId: southbankObligation,
          reviewId: await openReviewId(ctx.db, southbankObligation),
          actionType: 'review',
          outcome: 'noChange',
        },
      ],
    ] as const) {
      expect((await call('ethan.coordinator', path, body)).statusCode).toBe(404);
    }
    const upload = await api()
      .post('/api/obligationAttachmentUpload')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('_id', southbankObligation)
      .attach('files', Buffer.from('x'), { filename: 'licence.pdf', contentType: 'application/pdf' });
    expect(upload.status).toBe(404);
    expect(await ctx.db.obligation.findUniqueOrThrow({ where: { id: southbankObligation } })).toEqual(before);
    const list = await data('ethan.coordinator', 'obligationList', { pageSize: 100 });
    expect(list.rows.map((row: { _id: string }) => row._id)).not.toContain(southbankObligation);
  });
});

describe('bad input: a clear message and nothing saved', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['an empty name', { name: '  ' }, 'name', say.nameRequired],
    ['an unknown frequency', { reviewFrequency: 'fortnightly' }, 'reviewFrequency', say.frequencyUnknown],
    ['an unknown type', { type: 'law' }, 'type', say.typeUnknown],
    [
      'a next review before today',
      { nextReviewDate: addDays(today, -1) },
      'nextReviewDate',
      say.nextReviewPast,
    ],
    [
      'a next review that is not a date',
      { nextReviewDate: '2026-02-30' },
      'nextReviewDate',
      say.nextReviewRequired,
    ],
    ['no reviewer', { reviewerId: undefined }, 'reviewerId', say.reviewerRequired],
    ['the reviewer as co-reviewer', { coReviewerId: 'ethan' }, 'coReviewerId', say.coReviewerSame],
    ['a reviewer of another organisation', { reviewerId: 'sam' }, 'reviewerId', say.personUnknown],
    [
      'a workplace of another organisation',
      { workplaceIds: ['samWorkplace'] },
      'workplaceIds',
      say.workplaceUnknown,
    ],
    [
      'an assignee of another organisation',
      { questions: [{ assigneeId: 'sam' }] },
      'questions.0.assigneeId',
      say.personUnknown,
    ],
    [
      'a due date that is not a date',
      { questions: [{ dueDate: 'next Tuesday' }] },
      'questions.0.dueDate',
      say.dueDateInvalid,
    ],
    [
      'a question without a reference',
      { questions: [{ reference: '' }] },
      'questions.0.reference',
      say.referenceRequired,
    ],
    ['a question that is not there', { questions: [{ _id: NOBODY }] }, 'questions.0', say.questionUnknown],
  ];

  it.each(cases)('%s', async (_, change, field, message) => {
    const name = `Bad input ${unique()}`;
    const resolve = (value: unknown): unknown =>
      value === 'sam' || value === 'ethan' || value === 'samWorkplace'
        ? people[value as keyof typeof people]
        : value;
    const body: Record<string, unknown> = { ...obligation({ name }) };
    for (const [key, value] of Object.entries(change)) {
      if (key === 'questions')
        body.questions = (value as Record<string, unknown>[]).map((entry) =>
          question(Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, resolve(v)]))),
        );
      else if (Array.isArray(value)) body[key] = value.map(resolve);
      else body[key] = resolve(value);
    }
    const response = await call('ethan.coordinator', 'obligationSave', body);
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.validation_errors).toContainEqual({ field, message });
    expect(answer.response_message).toBeTruthy();
    expect(await ctx.db.obligation.count({ where: { name: String(body.name) } })).toBe(0);
  });

  it('a second obligation of the same name', async () => {
    const name = `Same name ${unique()}`;
    await saved({ name });
    const response = await call(
      'ethan.coordinator',
      'obligationSave',
      obligation({ name: name.toUpperCase() }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().validation_errors).toContainEqual({ field: 'name', message: say.nameTaken });
  });

  it('a list request out of range, and an export with an unknown filter', async () => {
    expect((await call('ethan.coordinator', 'obligationList', { pageSize: 1000 })).statusCode).toBe(400);
    expect((await call('ethan.coordinator', 'obligationList', { compliance: 'maybe' })).statusCode).toBe(400);
    const bad = await api()
      .get('/api/obligationExport?type=law')
      .set('authtoken', tokens['ethan.coordinator']!);
    expect(bad.status).toBe(400);
  });
});

describe('an obligation and its questions', () => {
  it('is created with its questions, which reach the assignee’s dashboard and are answered there', async () => {
    const id = await saved({
      questions: [question(), question({ reference: 'cl. 360', assigneeId: people.ethan })],
    });
    const details = await data('ethan.coordinator', 'obligationDetails', { _id: id });
    expect(details).toMatchObject({
      type: 'regulation',
      owner: { _id: people.olivia, name: 'Olivia Bennett' },
      reviewer: { _id: people.ethan },
      myReview: 'review',
      compliance: 'inProgress',
    });
    expect(details.questions).toHaveLength(2);
    const mine = details.questions.find((entry: { reference: string }) => entry.reference === 'cl. 352');

    // On Mia's dashboard, answered in the obligation action dialog.
    const dashboard = await data('mia.employee', 'dashboardList', {});
    expect(dashboard.list.assignedActions.list.map((item: { taskID: string }) => item.taskID)).toContain(
      mine._id,
    );
    const answer = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['mia.employee']!)
      .field('sectionType', 'obligation')
      .field('taskId', mine._id)
      .field('response', 'Placard replaced on Monday.')
      .field('completeStatus', 'yes');
    expect(answer.status).toBe(200);
    const after = await data('mia.employee', 'dashboardList', {});
    expect(after.list.assignedActions.list.map((item: { taskID: string }) => item.taskID)).not.toContain(
      mine._id,
    );

    const answered = await data('ethan.coordinator', 'obligationDetails', { _id: id });
    expect(answered.questions.find((entry: { _id: string }) => entry._id === mine._id)).toMatchObject({
      response: 'Placard replaced on Monday.',
      isComplete: true,
      answeredBy: 'Mia Torres',
      completedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // An answered question cannot be changed; the other one can be removed.
    const changeAnswered = await call(
      'ethan.coordinator',
      'obligationSave',
      obligation({ _id: id, name: details.name, questions: [question({ _id: mine._id })] }),
    );
    expect(changeAnswered.statusCode).toBe(400);
    expect(changeAnswered.json().validation_errors).toContainEqual({
      field: 'questions.0',
      message: say.questionAnswered,
    });
    await data(
      'ethan.coordinator',
      'obligationSave',
      obligation({ _id: id, name: details.name, questions: [] }),
    );
    const kept = await data('ethan.coordinator', 'obligationDetails', { _id: id });
    expect(kept.questions.map((entry: { _id: string }) => entry._id)).toEqual([mine._id]);
    expect(kept.compliance).toBe('compliant');
    // The list reads the counts the triggers keep: the answer from the dialog and the removal count.
    const [listed] = (await data('ethan.coordinator', 'obligationList', { search: details.name })).rows;
    expect(listed).toMatchObject({ compliance: 'compliant', questions: 1, openQuestions: 0 });

    // The history says who changed what.
    const log = await data('ethan.coordinator', 'changeLogList', { entityType: 'obligation', entityId: id });
    expect(log.list.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['created', 'questions changed']),
    );
    expect(log.list[0].changedBy).toBe('Ethan Clarke');
  });

  it('is deleted with its questions, files and open review; the history stays', async () => {
    const id = await saved({ questions: [question(), question({ reference: 'cl. 360' })] });
    const details = await data('ethan.coordinator', 'obligationDetails', { _id: id });
    const [first] = details.questions;
    await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['mia.employee']!)
      .field('sectionType', 'obligation')
      .field('taskId', first._id)
      .field('response', 'Checked.')
      .field('completeStatus', 'yes');
    const upload = await api()
      .post('/api/obligationAttachmentUpload')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('_id', id)
      .attach('files', Buffer.from('%PDF-1.4'), { filename: 'licence.pdf', contentType: 'application/pdf' });
    expect(upload.status).toBe(200);
    expect(await ctx.db.review.count({ where: { itemId: id, completedAt: null } })).toBe(1);

    const bad = await call('ethan.coordinator', 'obligationDelete', { _id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(await ctx.db.obligation.count({ where: { id } })).toBe(1);

    const deleted = await call('ethan.coordinator', 'obligationDelete', { _id: id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().response_message).toBe(say.deleted);
    expect(await ctx.db.obligation.count({ where: { id } })).toBe(0);
    expect(await ctx.db.obligationQuestionTask.count({ where: { obligationId: id } })).toBe(0);
    expect(await ctx.db.attachment.count({ where: { ownerId: id } })).toBe(0);
    expect(await ctx.db.review.count({ where: { itemId: id, completedAt: null } })).toBe(0);
    expect((await call('ethan.coordinator', 'obligationDetails', { _id: id })).statusCode).toBe(404);
    expect((await call('ethan.coordinator', 'obligationDelete', { _id: id })).statusCode).toBe(404);
    const dashboard = await data('mia.employee', 'dashboardList', {});
    expect(dashboard.list.assignedActions.list.map((item: { taskID: string }) => item.taskID)).not.toContain(
      details.questions[1]._id,
    );
    // The item is gone, so its history is no longer shown, but it is kept.
    const log = await ctx.db.changeLog.findMany({ where: { entityType: 'obligation', entityId: id } });
    expect(log.map((entry) => entry.action)).toEqual(expect.arrayContaining(['created', 'deleted']));
    const answers = await ctx.db.changeLog.count({
      where: { entityType: 'obligationTask', entityId: first._id },
    });
    expect(answers).toBe(1);
  });

  it('keeps files, readable by the register’s users and not by another organisation', async () => {
    const id = await saved();
    const upload = await api()
      .post('/api/obligationAttachmentUpload')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('_id', id)
      .attach('files', Buffer.from('%PDF-1.4 licence'), {
        filename: 'licence.pdf',
        contentType: 'application/pdf',
      });
    expect(upload.status).toBe(200);
    const [file] = (await data('ethan.coordinator', 'obligationDetails', { _id: id })).attachments;
    expect(file.name).toBe('licence.pdf');
    expect((await api().get(file.path).set('authtoken', tokens['olivia.admin']!)).status).toBe(200);
    expect((await api().get(file.path).set('authtoken', tokens['sam.southbank']!)).status).toBe(404);
    const refused = await api()
      .post('/api/obligationAttachmentUpload')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('_id', id)
      .attach('files', Buffer.from('MZ'), { filename: 'run.exe', contentType: 'application/octet-stream' });
    expect(refused.status).toBe(400);
    expect((await data('ethan.coordinator', 'obligationDetails', { _id: id })).attachments).toHaveLength(1);
    const removed = await call('ethan.coordinator', 'deleteAttachment', {
      fileType: 'obligation',
      fileId: file._id,
      _id: id,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('pages, searches, filters by type, workplace and compliance, and sorts', async () => {
    const tag = unique();
    const permit = await saved({ name: `Trade Waste Permit ${tag}`, type: 'permit', workplaceIds: [] });
    const overdue = await saved({
      name: `Noise Code ${tag}`,
      type: 'codeOfPractice',
      nextReviewDate: addDays(today, 5),
      questions: [question()],
    });
    await ctx.db.obligationQuestionTask.updateMany({
      where: { obligationId: overdue },
      data: { dueDate: new Date(`${addDays(today, -2)}T00:00:00Z`) },
    });
    const ids = async (body: object) =>
      (await data('ethan.coordinator', 'obligationList', { search: tag, ...body })).rows.map(
        (row: { _id: string }) => row._id,
      );
    expect(await ids({})).toEqual([overdue, permit]);
    expect(await ids({ sort: 'name', sortDirection: 'desc' })).toEqual([permit, overdue]);
    expect(await ids({ type: 'permit' })).toEqual([permit]);
    expect(await ids({ compliance: 'overdue' })).toEqual([overdue]);
    expect(await ids({ compliance: 'notAssessed' })).toEqual([permit]);
    expect(await ids({ compliance: 'compliant' })).toEqual([]);
    // An obligation of every workplace applies to each one.
    expect(await ids({ workplaceId: people.workplace })).toEqual([overdue, permit]);
    const page = await data('ethan.coordinator', 'obligationList', { search: tag, page: 2, pageSize: 1 });
    expect(page).toMatchObject({
      total: 2,
      rows: [{ _id: permit, workplaceNames: [], compliance: 'notAssessed' }],
    });
    const first = (await data('ethan.coordinator', 'obligationList', { search: tag })).rows[0];
    expect(first).toMatchObject({
      compliance: 'overdue',
      questions: 1,
      openQuestions: 1,
      reviewer: 'Ethan Clarke',
    });
  });

  it('exports the filtered list as CSV', async () => {
    const tag = unique();
    await saved({ name: `=Export me ${tag}`, type: 'contract' });
    const response = await api()
      .get(`/api/obligationExport?search=${tag}&type=contract`)
      .set('authtoken', tokens['ethan.coordinator']!);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toContain('obligations.csv');
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Jurisdiction / authority');
    expect(lines[1]).toContain(`'=Export me ${tag}`);
    expect(lines[1]).toContain('Contract');
  });
});

describe('reviews', () => {
  it('the demo register keeps one open review per obligation, and ethan completes his from the seed', async () => {
    const open = await ctx.db.review.groupBy({
      by: ['itemId'],
      where: { itemType: 'obligation', completedAt: null },
      _count: { _all: true },
    });
    expect(open.filter((row) => row._count._all > 1)).toEqual([]);
    const whs = await ctx.db.obligation.findFirstOrThrow({
      where: { name: 'Work Health and Safety Act 2011' },
    });
    const done = await call('ethan.coordinator', 'obligationReviewComplete', {
      itemId: whs.id,
      reviewId: await openReviewId(ctx.db, whs.id),
      actionType: 'review',
      outcome: 'noChange',
    });
    expect(done.json().response_data).toEqual({ nextDueDate: nextDueDay(today, 'years') });
  });

  it('the reviewer completes the review: history kept, next review a frequency later, off the dashboard', async () => {
    const id = await saved({ nextReviewDate: today, reviewFrequency: 'quarterly' });
    const reviews = async () =>
      (await data('ethan.coordinator', 'dashboardList', {})).list.scheduledReviews.list.map(
        (item: { _id: string; itemId: string }) => `${item.itemId}/${item._id}`,
      );
    const open = await data('ethan.coordinator', 'obligationReviewDetails', {
      itemId: id,
      actionType: 'review',
    });
    expect(open).toMatchObject({ itemId: id, frequency: 'quarterly', dueDate: today, history: [] });
    expect(await reviews()).toContain(`${id}/${open._id}`);

    const missing = await call('ethan.coordinator', 'obligationReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'review',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().validation_errors).toContainEqual({
      field: 'outcome',
      message: reviewMessages.outcomeRequired,
    });

    const done = await call('ethan.coordinator', 'obligationReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'review',
      outcome: 'noChange',
      comments: 'Still current.',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().response_message).toBe(reviewMessages.reviewed);
    const next = nextDueDay(today, 'quarterly');
    expect(done.json().response_data).toEqual({ nextDueDate: next });
    // The completed review leaves the dashboard at once; the next one (a quarter later) is there.
    const after = await reviews();
    expect(after).not.toContain(`${id}/${open._id}`);
    expect(after.filter((entry: string) => entry.startsWith(id))).toHaveLength(1);

    const details = await data('ethan.coordinator', 'obligationDetails', { _id: id });
    expect(details.nextReviewDate).toBe(next);
    expect(details.reviewHistory).toMatchObject([
      { outcome: 'noChange', comments: 'Still current.', completedBy: 'Ethan Clarke' },
    ]);
    // Only the reviewer may open it.
    expect(
      (await call('olivia.admin', 'obligationReviewDetails', { itemId: id, actionType: 'review' }))
        .statusCode,
    ).toBe(403);
  });

  it('the co-reviewer reviews first', async () => {
    const id = await saved({ coReviewerId: people.olivia });
    const early = await call('ethan.coordinator', 'obligationReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'review',
      outcome: 'noChange',
    });
    expect(early.statusCode).toBe(409);
    const co = await call('olivia.admin', 'obligationReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'coReview',
      comments: 'Agreed',
    });
    expect(co.statusCode).toBe(200);
    expect(co.json().response_message).toBe(reviewMessages.coReviewed);
    const retired = await call('ethan.coordinator', 'obligationReviewComplete', {
      itemId: id,
      reviewId: await openReviewId(ctx.db, id),
      actionType: 'review',
      outcome: 'retired',
    });
    expect(retired.json().response_data).toEqual({ nextDueDate: null });
    expect((await data('ethan.coordinator', 'obligationDetails', { _id: id })).nextReviewDate).toBeNull();
  });
});
