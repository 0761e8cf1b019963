import {
  addDays,
  hazardousMessages,
  localDateOf,
  messages,
  nextDueDay,
  ratingMessages,
  registerMessages,
  reviewMessages,
  riskMessages,
} from '@compass/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  multipartPayload,
  openReviewId,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/** The risk register and the hazardous substances register: their calls, rules and reviews. */
let ctx: TestContext;
let tokens: Record<string, string>;
let ids: {
  ethan: string;
  olivia: string;
  mia: string;
  workplace: string;
  southbankRisk: string;
  southbankSubstance: string;
  southbankEmployee: string;
};
const today = localDateOf(new Date(), 'UTC');

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'compass-risks-')) });
  tokens = await signInAll(ctx.app);
  tokens['acme.supplier'] = await signIn(ctx.app, 'acme.supplier');
  const employee = async (username: string) =>
    (await ctx.db.user.findUniqueOrThrow({ where: { username }, include: { employee: true } })).employee!;
  const ethan = await employee('ethan.coordinator');
  const sam = await employee('sam.southbank');
  ids = {
    ethan: ethan.id,
    olivia: (await employee('olivia.admin')).id,
    mia: (await employee('mia.employee')).id,
    workplace: ethan.workplaceId!,
    southbankRisk: (await ctx.db.risk.findFirstOrThrow({ where: { companyId: sam.companyId } })).id,
    southbankSubstance: (
      await ctx.db.hazardousSubstance.findFirstOrThrow({ where: { companyId: sam.companyId } })
    ).id,
    southbankEmployee: sam.id,
  };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

const unique = () => Math.random().toString(36).slice(2, 8);

const risk = (extra: object = {}) => ({
  name: `Confined space entry ${unique()}`,
  hazard: 'Entry into the pump pit for maintenance.',
  consequences: 'Asphyxiation.',
  existingControls: 'Gas testing; standby person.',
  inherent: { likelihood: 3, consequence: 5 },
  residual: { likelihood: 2, consequence: 4 },
  ownerId: ids.ethan,
  workplaceId: ids.workplace,
  reviewFrequency: 'quarterly',
  reviewerId: ids.ethan,
  coReviewerId: null,
  nextReviewDate: addDays(today, 10),
  ...extra,
});

const substance = (extra: object = {}) => ({
  name: `Isopropyl alcohol ${unique()}`,
  supplierName: 'LabChem',
  storageLocation: 'Flammables cabinet 2',
  quantity: 20,
  quantityUnit: 'L',
  hazardClasses: ['flammable', 'irritant'],
  rating: { likelihood: 2, consequence: 3 },
  ownerId: ids.ethan,
  workplaceId: ids.workplace,
  reviewFrequency: 'years',
  reviewerId: ids.ethan,
  coReviewerId: null,
  nextReviewDate: addDays(today, 30),
  ...extra,
});

/** A multipart call as a user. */
const upload = (
  as: string,
  url: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[],
) => {
  const { payload, contentType } = multipartPayload(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    headers: { authtoken: tokens[as]!, 'content-type': contentType },
    payload,
  });
};
const download = (url: string, as = 'ethan.coordinator') =>
  ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers: { authtoken: tokens[as]! } });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('the risk register', () => {
  it('creates a risk rated on the matrix, scheduled for review, in the history and the pick lists', async () => {
    const saved = await data('ethan.coordinator', 'riskSave', risk({ name: 'Pump pit entry' }));
    const details = await data('ethan.coordinator', 'riskDetails', { _id: saved._id });
    expect(details).toMatchObject({
      name: 'Pump pit entry',
      inherent: { likelihood: 3, consequence: 5, score: 15, level: 'high', colour: 'orange' },
      residual: { score: 8, level: 'medium', colour: 'yellow' },
      colour: 'yellow',
      owner: { _id: ids.ethan, name: 'Ethan Clarke' },
      reviewFrequency: 'quarterly',
      nextReviewDate: addDays(today, 10),
      openReview: { dueDate: addDays(today, 10), badge: 'Pending For Review' },
      actions: [],
    });
    const review = await ctx.db.review.findFirstOrThrow({ where: { itemId: saved._id, completedAt: null } });
    expect(review).toMatchObject({
      itemType: 'riskRegister',
      reviewerEmployeeId: ids.ethan,
      frequency: 'quarterly',
    });
    const history = await data('ethan.coordinator', 'changeLogList', {
      entityType: 'risk',
      entityId: saved._id,
    });
    expect(history.list[0]).toMatchObject({ action: 'created', changedBy: 'Ethan Clarke' });
    expect(history.list[0].changes).toEqual(
      expect.arrayContaining([{ field: 'ratingAfterControls', from: null, to: '2 × 4 = 8 (medium)' }]),
    );
    // The forms' pick lists still read the risk with its colour.
    const stored = await ctx.db.risk.findUniqueOrThrow({ where: { id: saved._id } });
    expect(stored).toMatchObject({ colour: 'yellow', score: 8, isActive: true });
  });

  it('pages, searches, filters and sorts on the server, and exports the filtered list', async () => {
    const first = await data('ethan.coordinator', 'riskList', { page: 1, pageSize: 3, sort: 'name' });
    expect(first.rows).toHaveLength(3);
    expect(first.total).toBeGreaterThan(3);
    const names = first.rows.map((row: { name: string }) => row.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const second = await data('ethan.coordinator', 'riskList', { page: 2, pageSize: 3, sort: 'name' });
    expect(second.rows[0].name).not.toBe(first.rows[0].name);

    const searched = await data('ethan.coordinator', 'riskList', { search: 'pump PIT' });
    expect(searched.rows.map((row: { name: string }) => row.name)).toEqual(['Pump pit entry']);
    const red = await data('ethan.coordinator', 'riskList', { colour: 'red', pageSize: 100 });
    expect(red.rows.length).toBeGreaterThan(0);
    expect(red.rows.every((row: { residual: { colour: string } }) => row.residual.colour === 'red')).toBe(
      true,
    );
    const rated = await data('ethan.coordinator', 'riskList', { sort: 'rating', pageSize: 100 });
    const scores = rated.rows.map((row: { residual: { score: number } | null }) => row.residual?.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const due = await data('ethan.coordinator', 'riskList', { due: 'yes', pageSize: 100 });
    expect(due.rows.every((row: { nextReviewDate: string }) => row.nextReviewDate <= today)).toBe(true);
    expect(due.rows.length).toBeGreaterThan(0);
    const mine = await data('ethan.coordinator', 'riskList', {
      ownerId: ids.ethan,
      workplaceId: ids.workplace,
    });
    expect(mine.rows.map((row: { name: string }) => row.name)).toContain('Pump pit entry');

    const matrix = await data('ethan.coordinator', 'riskMatrix', {});
    const counted = matrix.cells.reduce((sum: number, cell: { count: number }) => sum + cell.count, 0);
    expect(counted + matrix.unrated).toBe((await data('ethan.coordinator', 'riskList', {})).total);
    expect(matrix.cells).toContainEqual(expect.objectContaining({ likelihood: 2, consequence: 4 }));

    const csv = await download('riskExport?search=pump&sort=name');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/risk-register\.csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Risk,Hazard,Workplace,Owner,Rating before controls/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Pump pit entry');
  });

  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = await ctx.db.risk.count();
    const cases: Array<[object, string, string]> = [
      [{ reviewFrequency: 'fortnightly' }, 'reviewFrequency', registerMessages.frequencyUnknown],
      [{ residual: { likelihood: 6, consequence: 2 } }, 'residual.likelihood', ratingMessages.outsideMatrix],
      [{ inherent: { likelihood: 0, consequence: 2 } }, 'inherent.likelihood', ratingMessages.outsideMatrix],
      [
        { inherent: { likelihood: 2.5, consequence: 2 } },
        'inherent.likelihood',
        ratingMessages.outsideMatrix,
      ],
      [{ nextReviewDate: addDays(today, -1) }, 'nextReviewDate', registerMessages.nextReviewPast],
      [{ coReviewerId: ids.ethan }, 'coReviewerId', registerMessages.coReviewerSame],
      [{ name: '  ' }, 'name', riskMessages.nameRequired],
      [{ name: 'Pump pit entry' }, 'name', riskMessages.nameTaken],
      [{ ownerId: ids.southbankEmployee }, 'ownerId', registerMessages.personMissing],
    ];
    for (const [extra, field, message] of cases) {
      const response = await call('ethan.coordinator', 'riskSave', risk(extra));
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().response_message).toBe(message);
      expect(response.json().validation_errors).toContainEqual({ field, message });
    }
    expect(await ctx.db.risk.count()).toBe(before);
  });

  it('raises actions that reach the assignee’s dashboard, and attaches files', async () => {
    const { _id } = await data('ethan.coordinator', 'riskSave', risk());
    const raised = await call('ethan.coordinator', 'riskActionAdd', {
      itemId: _id,
      instruction: 'Install a fixed gas detector.',
      assigneeId: ids.olivia,
      dueDate: addDays(today, 5),
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json().response_message).toBe(registerMessages.actionAdded);
    const olivia = await ctx.db.employee.findUniqueOrThrow({ where: { id: ids.olivia } });
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'registerAction', toAddress: olivia.email! },
      orderBy: { createdAt: 'desc' },
    });
    expect(mail.subject).toMatch(/^Confined space entry.*: an action is assigned to you$/);
    expect(mail.textBody).toContain('raised an action on the risk');
    expect(mail.textBody).toContain('Instruction: Install a fixed gas detector.');
    const dashboard = await data('olivia.admin', 'dashboardList', {});
    const item = dashboard.list.assignedActions.list.find(
      (entry: { _id: string }) => entry._id === raised.json().response_data._id,
    );
    expect(item).toMatchObject({
      sectionType: 'form',
      itemName: expect.stringMatching(/^Confined space entry/),
    });
    const action = await data('olivia.admin', 'assignedActionDetails', {
      sectionType: 'form',
      taskId: item._id,
    });
    expect(action).toMatchObject({ riskId: _id, reference: expect.stringMatching(/^Risk · /) });
    const late = await call('ethan.coordinator', 'riskActionAdd', {
      itemId: _id,
      instruction: 'Too late',
      assigneeId: ids.olivia,
      dueDate: addDays(today, -1),
    });
    expect(late.json().response_message).toBe(registerMessages.dueBeforeToday);
    expect(
      await ctx.db.mailMessage.count({ where: { category: 'registerAction', subject: mail.subject } }),
    ).toBe(1);
    expect((await data('ethan.coordinator', 'riskDetails', { _id })).actions).toHaveLength(1);

    const files = await upload('ethan.coordinator', 'riskFilesAdd', { _id }, [
      { name: 'method.pdf', content: PDF },
    ]);
    expect(files.statusCode).toBe(200);
    const bad = await upload('ethan.coordinator', 'riskFilesAdd', { _id }, [
      { name: 'run.exe', content: PDF },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().response_message).toBe('This file type is not allowed: run.exe');
    const details = await data('ethan.coordinator', 'riskDetails', { _id });
    expect(details.attachments.map((file: { name: string }) => file.name)).toEqual(['method.pdf']);
    const download = await ctx.app.inject({
      method: 'GET',
      url: details.attachments[0].path,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(download.statusCode).toBe(200);
    const other = await ctx.app.inject({
      method: 'GET',
      url: details.attachments[0].path,
      headers: { authtoken: tokens['sam.southbank']! },
    });
    expect(other.statusCode).toBe(404);

    expect((await call('ethan.coordinator', 'riskDelete', { _id })).statusCode).toBe(200);
    expect(await ctx.db.action.count({ where: { riskId: _id } })).toBe(0);
    expect(await ctx.db.review.count({ where: { itemId: _id, completedAt: null } })).toBe(0);
  });

  it('reviews through the co-reviewer, lets the reviewer re-rate, and schedules the next review', async () => {
    const { _id } = await data(
      'ethan.coordinator',
      'riskSave',
      risk({ reviewerId: ids.ethan, coReviewerId: ids.olivia, nextReviewDate: today }),
    );
    const open = await data('ethan.coordinator', 'riskRegisterReviewDetails', {
      itemId: _id,
      actionType: 'review',
    });
    expect(open).toMatchObject({ waitingForCoReviewer: true, frequency: 'quarterly' });
    expect((await data('ethan.coordinator', 'riskDetails', { _id })).openReview.badge).toBe(
      'Pending For Review by co-Reviewer',
    );
    const early = await call('ethan.coordinator', 'riskRegisterReviewComplete', {
      itemId: _id,
      reviewId: await openReviewId(ctx.db, _id),
      actionType: 'review',
      outcome: 'noChange',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().response_message).toBe(reviewMessages.waitingForCoReviewer);
    const co = await call('olivia.admin', 'riskRegisterReviewComplete', {
      itemId: _id,
      reviewId: await openReviewId(ctx.db, _id),
      actionType: 'coReview',
      comments: 'Gas detector works.',
    });
    expect(co.json().response_message).toBe(reviewMessages.coReviewed);
    const outside = await call('ethan.coordinator', 'riskRegisterReviewComplete', {
      itemId: _id,
      reviewId: await openReviewId(ctx.db, _id),
      actionType: 'review',
      outcome: 'updated',
      comments: 'Re-rated.',
      residual: { likelihood: 9, consequence: 1 },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().response_message).toBe(ratingMessages.outsideMatrix);
    const done = await data('ethan.coordinator', 'riskRegisterReviewComplete', {
      itemId: _id,
      reviewId: await openReviewId(ctx.db, _id),
      actionType: 'review',
      outcome: 'updated',
      comments: 'Detector fitted: likelihood down.',
      residual: { likelihood: 1, consequence: 4 },
    });
    expect(done.nextDueDate).toBe(nextDueDay(today, 'quarterly'));
    const details = await data('ethan.coordinator', 'riskDetails', { _id });
    expect(details).toMatchObject({
      residual: { likelihood: 1, consequence: 4, colour: 'green' },
      colour: 'green',
      nextReviewDate: done.nextDueDate,
      openReview: { dueDate: done.nextDueDate },
    });
    const history = await data('ethan.coordinator', 'changeLogList', { entityType: 'risk', entityId: _id });
    expect(history.list[0].action).toBe('reviewed');
  });

  it('takes a completed dashboard review off ethan.coordinator’s dashboard at once', async () => {
    const before = await data('ethan.coordinator', 'dashboardList', {});
    const item = before.list.scheduledReviews.list.find(
      (entry: { sectionType: string; actionType: string; badge: string }) =>
        entry.sectionType === 'hazardousRegister' &&
        entry.actionType === 'review' &&
        entry.badge === 'Pending For Review',
    );
    expect(item).toBeDefined();
    await data('ethan.coordinator', 'hazardousRegisterReviewComplete', {
      itemId: item.itemId,
      reviewId: await openReviewId(ctx.db, item.itemId),
      actionType: 'review',
      outcome: 'noChange',
    });
    const after = await data('ethan.coordinator', 'dashboardList', {});
    expect(after.list.scheduledReviews.list.map((entry: { _id: string }) => entry._id)).not.toContain(
      item._id,
    );
  });

  it('answers 404 for another organisation’s risk and refuses callers without the key', async () => {
    for (const [path, body] of [
      ['riskDetails', { _id: ids.southbankRisk }],
      ['riskDelete', { _id: ids.southbankRisk }],
      ['riskSave', risk({ _id: ids.southbankRisk })],
      ['riskRegisterReviewDetails', { itemId: ids.southbankRisk, actionType: 'review' }],
      [
        'riskActionAdd',
        { itemId: ids.southbankRisk, instruction: 'x', assigneeId: ids.ethan, dueDate: today },
      ],
      ['hazardousDetails', { _id: ids.southbankSubstance }],
      ['hazardousSave', substance({ _id: ids.southbankSubstance })],
      [
        'hazardousRegisterReviewComplete',
        {
          itemId: ids.southbankSubstance,
          reviewId: await openReviewId(ctx.db, ids.southbankSubstance),
          actionType: 'coReview',
        },
      ],
    ] as const) {
      const response = await call('ethan.coordinator', path, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().response_message, path).toBe(messages.common.notFound);
    }
    expect(
      await ctx.db.risk.count({ where: { id: ids.southbankRisk, name: { startsWith: 'Confined' } } }),
    ).toBe(0);
    for (const path of ['riskList', 'hazardousList', 'riskPeople', 'hazardousWorkplaces']) {
      expect((await call('mia.employee', path, {})).statusCode, path).toBe(403);
      expect((await call('acme.supplier', path, {})).statusCode, path).toBe(403);
      expect((await call('liam.personnel', path, {})).statusCode, path).toBe(403);
      expect((await call(null, path, {})).statusCode, path).toBe(401);
    }
  });

  it('finds people and workplaces of the caller’s organisation only', async () => {
    const people = await data('ethan.coordinator', 'riskPeople', { search: 'oli' });
    expect(people.options).toEqual([{ _id: ids.olivia, name: 'Olivia Bennett' }]);
    const all = await data('ethan.coordinator', 'riskPeople', {});
    expect(all.options.map((option: { _id: string }) => option._id)).not.toContain(ids.southbankEmployee);
    const { workplaces } = await data('ethan.coordinator', 'hazardousWorkplaces');
    expect(workplaces.map((workplace: { _id: string }) => workplace._id)).toContain(ids.workplace);
  });
});

describe('the hazardous substances register', () => {
  it('registers a substance with GHS classes and a rating, and keeps its SDS with the dates', async () => {
    const { _id } = await data('ethan.coordinator', 'hazardousSave', substance({ name: 'Methanol' }));
    let details = await data('ethan.coordinator', 'hazardousDetails', { _id });
    expect(details).toMatchObject({
      name: 'Methanol',
      quantity: 20,
      quantityUnit: 'L',
      hazardClasses: ['flammable', 'irritant'],
      rating: { score: 6, colour: 'yellow' },
      sds: { status: 'missing', file: null },
    });
    const sds = await upload(
      'ethan.coordinator',
      'hazardousSdsUpload',
      { _id, issueDate: addDays(today, -100), expiryDate: addDays(today, 1000) },
      [{ name: 'methanol-sds.pdf', content: PDF }],
    );
    expect(sds.statusCode).toBe(200);
    details = await data('ethan.coordinator', 'hazardousDetails', { _id });
    expect(details.sds).toMatchObject({
      issueDate: addDays(today, -100),
      status: 'current',
      file: { name: 'methanol-sds.pdf' },
    });

    // A sheet issued more than five years ago is due.
    await upload('ethan.coordinator', 'hazardousSdsUpload', { _id, issueDate: addDays(today, -1900) }, [
      { name: 'old-sds.pdf', content: PDF },
    ]);
    details = await data('ethan.coordinator', 'hazardousDetails', { _id });
    expect(details.sds).toMatchObject({
      status: 'due',
      file: { name: 'old-sds.pdf' },
      sheets: [{ name: 'methanol-sds.pdf' }],
    });
    const due = await data('ethan.coordinator', 'hazardousList', { sdsDue: 'yes', search: 'methanol' });
    expect(due.rows).toMatchObject([{ name: 'Methanol', sdsStatus: 'due' }]);
    const classed = await data('ethan.coordinator', 'hazardousList', {
      hazardClass: 'corrosive',
      pageSize: 100,
    });
    expect(
      classed.rows.every((row: { hazardClasses: string[] }) => row.hazardClasses.includes('corrosive')),
    ).toBe(true);
    const csv = await download('hazardousExport?search=methanol');
    expect(csv.body).toContain('Methanol,LabChem');
    expect(csv.body).toContain('Flammable; Irritant / harmful');
  });

  it('refuses a bad SDS and bad input with a clear message, saving nothing', async () => {
    const { _id } = await data('ethan.coordinator', 'hazardousSave', substance());
    const refusals: Array<[Record<string, string>, { name: string; content: Buffer }[], string]> = [
      [
        { _id, issueDate: today, expiryDate: addDays(today, -1) },
        [{ name: 'a.pdf', content: PDF }],
        hazardousMessages.sdsExpiryBeforeIssue,
      ],
      [{ _id, issueDate: today }, [{ name: 'a.docx', content: PDF }], hazardousMessages.sdsFileType],
      [{ _id, issueDate: today }, [{ name: 'a.exe', content: PDF }], hazardousMessages.sdsFileType],
      [{ _id, issueDate: today }, [], hazardousMessages.sdsFileRequired],
      [
        { _id, issueDate: addDays(today, 2) },
        [{ name: 'a.pdf', content: PDF }],
        hazardousMessages.sdsIssueFuture,
      ],
    ];
    for (const [fields, files, message] of refusals) {
      const response = await upload('ethan.coordinator', 'hazardousSdsUpload', fields, files);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().response_message).toBe(message);
    }
    expect(await ctx.db.attachment.count({ where: { ownerId: _id } })).toBe(0);
    expect(
      (await ctx.db.hazardousSubstance.findUniqueOrThrow({ where: { id: _id } })).sdsIssueDate,
    ).toBeNull();

    const count = await ctx.db.hazardousSubstance.count();
    for (const [extra, message] of [
      [{ rating: { likelihood: 1, consequence: 7 } }, ratingMessages.outsideMatrix],
      [{ reviewFrequency: 'sometimes' }, registerMessages.frequencyUnknown],
      [{ nextReviewDate: addDays(today, -3) }, registerMessages.nextReviewPast],
      [{ quantity: -2 }, hazardousMessages.quantityInvalid],
      [{ quantityUnit: null }, hazardousMessages.unitRequired],
      [{ hazardClasses: ['radioactive'] }, hazardousMessages.hazardClassUnknown],
    ] as const) {
      const response = await call('ethan.coordinator', 'hazardousSave', substance(extra));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().response_message).toBe(message);
    }
    expect(await ctx.db.hazardousSubstance.count()).toBe(count);
  });

  it('reviews a substance, retiring it out of the schedule and the pick lists', async () => {
    const { _id } = await data('ethan.coordinator', 'hazardousSave', substance({ nextReviewDate: today }));
    const done = await data('ethan.coordinator', 'hazardousRegisterReviewComplete', {
      itemId: _id,
      reviewId: await openReviewId(ctx.db, _id),
      actionType: 'review',
      outcome: 'retired',
      comments: 'No longer used on site.',
    });
    expect(done.nextDueDate).toBeNull();
    const stored = await ctx.db.hazardousSubstance.findUniqueOrThrow({ where: { id: _id } });
    expect(stored).toMatchObject({ isActive: false, nextReviewDate: null });
    const details = await data('ethan.coordinator', 'hazardousDetails', { _id });
    expect(details.openReview).toBeNull();
  });
});
