import { actionRegisterMessages as say, type TActionRow } from '@compass/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionFile,
  apiCalls,
  DEMO_USERS,
  employeeOf,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/**
 * HR Action (issue 42): the HR actions — of HR forms' submissions and performance reviews — only in
 * the HR register, for holders of hrForm or hrAdmin; the Action Register leaves them out.
 */
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-hr-actions-'));
let ctx: TestContext;
let tokens: Record<string, string>;
const ids = {} as {
  olivia: string;
  mia: string;
  personnel: string;
  hrFormAction: string;
  reviewAction: string;
  formAction: string;
};
const HR_FORM_WORD = 'hrformzebra';
const REVIEW_WORD = 'reviewzebra';

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const employee = (username: string) => employeeOf(ctx.db, username);
  const olivia = await employee('olivia.admin');
  const mia = await employee('mia.employee');
  const companyId = olivia.companyId;
  ids.olivia = olivia.id;
  ids.mia = mia.id;
  ids.personnel = (
    await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } })
  ).personnelId!;
  const hrForm = await ctx.db.formSubmission.findFirstOrThrow({ where: { companyId, formType: 'hr' } });
  const form = await ctx.db.formSubmission.findFirstOrThrow({
    where: { companyId, formType: { not: 'hr' } },
  });
  const action = (data: object, instruction: string) =>
    ctx.db.action.create({
      data: {
        companyId,
        taskNumber: 900,
        instruction,
        assigneeEmployeeId: olivia.id,
        dueDate: new Date('2030-01-10'),
        ...data,
      },
    });
  ids.hrFormAction = (await action({ submissionId: hrForm.id }, `Book the ${HR_FORM_WORD} follow-up`)).id;
  ids.formAction = (await action({ submissionId: form.id }, 'Replace the zebra crossing sign')).id;
  const review = await ctx.db.performanceReview.create({
    data: {
      companyId,
      employeeId: mia.id,
      reviewerEmployeeId: olivia.id,
      title: '2026 annual review',
      periodStart: new Date('2026-01-01'),
      periodEnd: new Date('2026-12-31'),
      dueDate: new Date('2026-12-31'),
      status: 'completed',
    },
  });
  ids.reviewAction = (
    await action({ performanceReviewId: review.id, taskNumber: 1 }, `Enrol in the ${REVIEW_WORD} course`)
  ).id;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const rows = async (path: string, body: object = {}, as = 'olivia.admin') =>
  (await data(as, path, { pageSize: 100, status: 'all', ...body })).rows as TActionRow[];
const download = (path: string, as = 'olivia.admin') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/${path}?format=csv&status=all`,
    headers: { authtoken: tokens[as]! },
  });
const ref = (_id: string, kind = 'form') => ({ kind, _id });

describe('the HR mark (Action.isHr, set by the database)', () => {
  const marks = async () =>
    Object.fromEntries(
      (
        await ctx.db.action.findMany({
          where: { id: { in: [ids.hrFormAction, ids.reviewAction, ids.formAction] } },
          select: { id: true, isHr: true },
        })
      ).map((row) => [row.id, row.isHr]),
    );

  it('marks an HR form’s action and a review’s on insert, and no other', async () => {
    expect(await marks()).toEqual({
      [ids.hrFormAction]: true,
      [ids.reviewAction]: true,
      [ids.formAction]: false,
    });
  });

  it('keeps the mark its owner gives, whatever an update writes', async () => {
    await ctx.db.action.update({ where: { id: ids.formAction }, data: { isHr: true } });
    await ctx.db.action.update({ where: { id: ids.hrFormAction }, data: { isHr: false } });
    expect(await marks()).toMatchObject({ [ids.hrFormAction]: true, [ids.formAction]: false });
  });
});

describe('the Action Register', () => {
  it('leaves the HR actions out of the list, its count, search and export', async () => {
    const listed = await rows('actionRegisterList', { search: 'zebra' });
    expect(listed.map((row) => row._id)).toEqual([ids.formAction]);
    const sources = new Set((await rows('actionRegisterList', { sort: 'source' })).map((row) => row.source));
    expect(sources.has('hrForm') || sources.has('review')).toBe(false);
    const file = await download('actionRegisterExport');
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('zebra crossing');
    expect(file.body).not.toContain(HR_FORM_WORD);
    expect(file.body).not.toContain(REVIEW_WORD);
  });

  it('does not show or reassign an HR action: not found', async () => {
    for (const _id of [ids.hrFormAction, ids.reviewAction]) {
      expect((await call('olivia.admin', 'actionRegisterDetails', ref(_id))).statusCode).toBe(404);
      const reassign = await call('olivia.admin', 'actionRegisterReassign', {
        actions: [ref(_id)],
        assignee: { type: 'internal', _id: ids.mia },
      });
      expect(reassign.statusCode).toBe(404);
    }
  });
});

describe('the HR Action register', () => {
  it('lists only the HR actions, named by their HR form or review', async () => {
    const listed = await rows('hrActionList', { search: 'zebra' });
    expect(listed.map((row) => row._id).sort()).toEqual([ids.hrFormAction, ids.reviewAction].sort());
    const all = await rows('hrActionList');
    expect(all.every((row) => row.source === 'hrForm' || row.source === 'review')).toBe(true);
    const hrForm = listed.find((row) => row.source === 'hrForm')!;
    expect(hrForm.parentName).toMatch(/^(FS \d+|Draft) · /);
    const review = listed.find((row) => row.source === 'review')!;
    expect(review.parentName).toBe('Performance review — Mia Torres · 2026 annual review');
    expect(review.employeeId).toBe(ids.mia);
    expect(await rows('hrActionList', { source: 'review', search: 'zebra' })).toHaveLength(1);
    expect((await data('olivia.admin', 'hrActionList', { search: REVIEW_WORD })).total).toBe(1);
  });

  it('takes only its own sources', async () => {
    const response = await call('olivia.admin', 'hrActionList', { source: 'audit' });
    expect(response.statusCode).toBe(400);
  });

  it('exports the HR actions only', async () => {
    const file = await download('hrActionExport');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('hr-actions.csv');
    expect(file.body).toContain(HR_FORM_WORD);
    expect(file.body).toContain(REVIEW_WORD);
    expect(file.body).not.toContain('zebra crossing');
  });

  it('shows an HR action, and no other', async () => {
    const details = await data('olivia.admin', 'hrActionDetails', ref(ids.reviewAction));
    expect(details.instruction).toContain(REVIEW_WORD);
    expect((await call('olivia.admin', 'hrActionDetails', ref(ids.formAction))).statusCode).toBe(404);
    expect((await call('olivia.admin', 'hrActionDetails', ref(ids.formAction, 'audit'))).statusCode).toBe(
      404,
    );
  });

  it('reassigns HR actions to employees only, and no other action', async () => {
    const toMia = { type: 'internal', _id: ids.mia };
    const moved = await call('olivia.admin', 'hrActionReassign', {
      actions: [ref(ids.hrFormAction), ref(ids.reviewAction)],
      assignee: toMia,
    });
    expect(moved.statusCode).toBe(200);
    const stored = await ctx.db.action.findMany({
      where: { id: { in: [ids.hrFormAction, ids.reviewAction] } },
    });
    expect(stored.every((row) => row.assigneeEmployeeId === ids.mia)).toBe(true);
    const toPersonnel = await call('olivia.admin', 'hrActionReassign', {
      actions: [ref(ids.hrFormAction)],
      assignee: { type: 'external', _id: ids.personnel },
    });
    expect(toPersonnel.statusCode).toBe(400);
    expect(toPersonnel.json().response_message).toBe(say.hrToEmployee);
    const general = await call('olivia.admin', 'hrActionReassign', {
      actions: [ref(ids.formAction)],
      assignee: toMia,
    });
    expect(general.statusCode).toBe(404);
  });

  it('offers employees only as assignees', async () => {
    const found = await data('olivia.admin', 'hrActionAssignees', { search: '' });
    expect(found.options.length).toBeGreaterThan(0);
    expect(found.options.every((option: { type: string }) => option.type === 'internal')).toBe(true);
  });
});

describe('the HR actions’ files', () => {
  it('are read by the HR keys, not by the Action Register’s key', async () => {
    const { get } = await actionFile(
      ctx,
      tokens,
      storageDir,
      await ctx.db.action.findUniqueOrThrow({ where: { id: ids.reviewAction } }),
    );
    await setRoleKeys(ctx.db, 'ethan.coordinator', { hrForm: false, hrAdmin: false, actionRegister: true });
    expect((await get('ethan.coordinator')).statusCode).toBe(404);
    await setRoleKeys(ctx.db, 'ethan.coordinator', { hrForm: true, actionRegister: false });
    expect((await get('ethan.coordinator')).statusCode).toBe(200);
    await setRoleKeys(ctx.db, 'ethan.coordinator', { hrForm: false, hrAdmin: false, actionRegister: true });
  });
});

describe('who reaches the HR Action register', () => {
  const calls: Array<[string, object]> = [
    ['hrActionList', {}],
    ['hrActionDetails', { kind: 'form', _id: '00000000-0000-4000-8000-000000000000' }],
    ['hrActionAssignees', {}],
    [
      'hrActionReassign',
      {
        actions: [{ kind: 'form', _id: '00000000-0000-4000-8000-000000000000' }],
        assignee: { type: 'internal', _id: '00000000-0000-4000-8000-000000000000' },
      },
    ],
  ];

  it('serves hrForm or hrAdmin, whatever the Action Register key', async () => {
    await setRoleKeys(ctx.db, 'mia.employee', { hrForm: false, hrAdmin: true, actionRegister: false });
    expect((await call('mia.employee', 'hrActionList', {})).statusCode).toBe(200);
    expect((await call('mia.employee', 'actionRegisterList', {})).statusCode).toBe(403);
    await setRoleKeys(ctx.db, 'mia.employee', { hrForm: true, hrAdmin: false });
    expect((await call('mia.employee', 'hrActionList', {})).statusCode).toBe(200);
  });

  it('refuses an employee without the HR keys, suppliers, personnel and links', async () => {
    await setRoleKeys(ctx.db, 'ethan.coordinator', { hrForm: false, hrAdmin: false, actionRegister: true });
    for (const [path, body] of calls) {
      expect((await call('ethan.coordinator', path, body)).statusCode, path).toBe(403);
      expect((await call('acme.supplier', path, body)).statusCode, path).toBe(403);
      expect((await call('liam.personnel', path, body)).statusCode, path).toBe(403);
      expect((await call(null, path, body)).statusCode, path).toBe(401);
    }
    expect((await download('hrActionExport', 'ethan.coordinator')).statusCode).toBe(403);
  });

  it('does not find another organisation’s HR action', async () => {
    const sam = await setRoleKeys(ctx.db, 'sam.southbank', { hrForm: true });
    expect((await call('sam.southbank', 'hrActionDetails', ref(ids.reviewAction))).statusCode).toBe(404);
    const reassign = await call('sam.southbank', 'hrActionReassign', {
      actions: [ref(ids.reviewAction)],
      assignee: { type: 'internal', _id: sam.employee!.id },
    });
    expect(reassign.statusCode).toBe(404);
    expect(
      (await rows('hrActionList', {}, 'sam.southbank')).some((row) => row._id === ids.reviewAction),
    ).toBe(false);
  });
});
