import { actionRegisterMessages as say, localDateOf, type TActionRow } from '@compass/shared';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionFile,
  apiCalls,
  DEMO_USERS,
  employeeOf,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/** The action register: the list over every source, its exports, the register's dialog and reassigning. */
let ctx: TestContext;
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-action-register-'));
let tokens: Record<string, string>;
let northwind: string;
let southbankAction: string;
let ids: { olivia: string; ethan: string; mia: string; personnel: string };

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const employee = (username: string) => employeeOf(ctx.db, username);
  const olivia = await employee('olivia.admin');
  const sam = await employee('sam.southbank');
  northwind = olivia.companyId;
  timeZone = (await ctx.db.company.findUniqueOrThrow({ where: { id: northwind } })).timeZone;
  const liam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
  ids = {
    olivia: olivia.id,
    ethan: (await employee('ethan.coordinator')).id,
    mia: (await employee('mia.employee')).id,
    personnel: liam.personnelId!,
  };
  const southbank = await ctx.db.action.findFirst({ where: { companyId: sam.companyId } });
  southbankAction =
    southbank?.id ??
    (await ctx.db.auditQuestionTask.findFirstOrThrow({ where: { companyId: sam.companyId } })).id;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const list = (body: object = {}, as = 'olivia.admin') => data(as, 'actionRegisterList', body);
const rowsOf = async (body: object = {}) => (await list({ pageSize: 100, ...body })).rows as TActionRow[];
const download = (query: string, as = 'olivia.admin') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/actionRegisterExport?${query}`,
    headers: { authtoken: tokens[as]! },
  });
/** Today where the organisation is: "overdue" means due before it (the demo's zone is UTC). */
let timeZone = 'UTC';
const today = () => localDateOf(new Date(), timeZone);

/** Every open action of the organisation but the HR ones (hrActions.test.ts), counted in the four tables. */
/** The Action table's actions that are not HR actions (those are the HR Action register's). */
const notHr = {
  performanceReviewId: null,
  OR: [{ submissionId: null }, { submission: { formType: { not: 'hr' as const } } }],
};

async function openCount(where: object = {}) {
  const open = { companyId: northwind, isComplete: false, ...where };
  return (
    (await ctx.db.action.count({ where: { ...open, ...notHr } })) +
    (await ctx.db.auditQuestionTask.count({ where: open })) +
    (await ctx.db.obligationQuestionTask.count({ where: open })) +
    (await ctx.db.documentAction.count({ where: { companyId: northwind, completedOn: null, ...where } }))
  );
}

describe('the list', () => {
  it('lists the open actions of every table, due first, with their parents and assignees', async () => {
    const page = await list({ pageSize: 100 });
    expect(page.total).toBe(await openCount());
    const rows = page.rows as TActionRow[];
    expect(rows.map((row) => row.dueDate)).toEqual(rows.map((row) => row.dueDate).sort());
    expect(rows.every((row) => row.status !== 'completed' && row.completedOn === null)).toBe(true);
    const sources = new Set(rows.map((row) => row.source));
    for (const source of ['form', 'audit', 'obligation']) expect(sources).toContain(source);
    const form = rows.find((row) => row.source === 'form')!;
    expect(form.parentName).toMatch(/^(FS \d+|Draft) · /);
    expect(rows.every((row) => row.parentName !== '' && row.assigneeName !== '')).toBe(true);
    expect(rows.some((row) => row.assigneeType === 'external')).toBe(true);
  });

  it('filters by source, status, overdue, assignee, due dates and the instruction', async () => {
    for (const source of ['form', 'audit', 'obligation', 'risk', 'hazardous'] as const) {
      const rows = await rowsOf({ source, status: 'all' });
      expect(rows.every((row) => row.source === source)).toBe(true);
    }
    const risks = await rowsOf({ source: 'risk', status: 'all' });
    expect(risks.length).toBe(
      await ctx.db.action.count({ where: { companyId: northwind, riskId: { not: null } } }),
    );

    const overdue = await rowsOf({ status: 'overdue' });
    expect(overdue.length).toBeGreaterThan(0);
    expect(overdue.every((row) => row.status === 'overdue' && row.dueDate < today())).toBe(true);
    expect(overdue.length).toBe(await openCount({ dueDate: { lt: new Date(`${today()}T00:00:00Z`) } }));

    const completed = await rowsOf({ status: 'completed' });
    expect(completed.every((row) => row.status === 'completed' && row.completedOn !== null)).toBe(true);

    const ethans = await rowsOf({ assigneeEmployeeId: ids.ethan, status: 'all' });
    expect(ethans.length).toBe(
      (await ctx.db.action.count({
        where: { companyId: northwind, assigneeEmployeeId: ids.ethan, ...notHr },
      })) +
        (await ctx.db.auditQuestionTask.count({
          where: { companyId: northwind, assigneeEmployeeId: ids.ethan },
        })) +
        (await ctx.db.obligationQuestionTask.count({
          where: { companyId: northwind, assigneeEmployeeId: ids.ethan },
        })),
    );
    expect(new Set(ethans.map((row) => row.assigneeName))).toEqual(new Set(['Ethan Clarke']));
    const liams = await rowsOf({ assigneePersonnelId: ids.personnel, status: 'all' });
    expect(liams.every((row) => row.assigneeType === 'external')).toBe(true);

    const all = await rowsOf({ status: 'all' });
    const middle = all[Math.floor(all.length / 2)]!.dueDate;
    const ranged = await rowsOf({ status: 'all', dueFrom: middle, dueTo: middle });
    expect(ranged.length).toBe(all.filter((row) => row.dueDate === middle).length);

    const word = all[0]!.instruction.split(' ')[0]!;
    const searched = await rowsOf({ status: 'all', search: word.toUpperCase() });
    expect(searched.length).toBe(
      all.filter((row) => row.instruction.toLowerCase().includes(word.toLowerCase())).length,
    );
  });

  it('sorts by due date, assigned on, assignee and source, and pages without overlap', async () => {
    const byAssignedOn = await rowsOf({ status: 'all', sort: 'assignedOn' });
    expect(byAssignedOn.map((row) => row.assignedOn)).toEqual(
      byAssignedOn
        .map((row) => row.assignedOn)
        .sort()
        .reverse(),
    );
    const bySource = await rowsOf({ status: 'all', sort: 'source' });
    expect(bySource.map((row) => row.source)).toEqual(bySource.map((row) => row.source).sort());
    const byAssignee = await rowsOf({ status: 'all', sort: 'assignee' });
    // Every action, the unassigned too (first), when sorted by person.
    expect(byAssignee.length).toBe(byAssignedOn.length);
    const surnames = byAssignee.map((row) => row.assigneeName.split(' ').slice(1).join(' '));
    expect(surnames).toEqual([...surnames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const four = (await list({ status: 'all', pageSize: 4 })).rows as TActionRow[];
    const first = (await list({ status: 'all', pageSize: 2, page: 1 })).rows as TActionRow[];
    const second = (await list({ status: 'all', pageSize: 2, page: 2 })).rows as TActionRow[];
    expect([...first, ...second].map((row) => row._id)).toEqual(four.map((row) => row._id));
  });

  it('pages by due date in the same order as the whole list, every source on its page', async () => {
    // Small pages: the forms' first rows bound the other sources' (a page of 100 is not bounded).
    for (const filters of [{}, { status: 'all' }, { search: 'the' }]) {
      const whole = await rowsOf(filters);
      expect(whole.length, JSON.stringify(filters)).toBeLessThan(100);
      expect(new Set(whole.map((row) => row.source)).size).toBeGreaterThan(1);
      for (const pageSize of [3, 7]) {
        const paged: TActionRow[] = [];
        for (let page = 1; paged.length < whole.length; page++) {
          const rows = (await list({ ...filters, pageSize, page })).rows as TActionRow[];
          expect(rows.length).toBeGreaterThan(0);
          paged.push(...rows);
        }
        expect(
          paged.map((row) => row._id),
          `${JSON.stringify(filters)} by ${pageSize}`,
        ).toEqual(whole.map((row) => row._id));
      }
    }
  });

  it('searches in every order as the list does, page by page', async () => {
    // Fewer matches than counted: their keys are read first and the page is sorted from them;
    // more: the page is the list's own. Pages of 3 count 15 at first, more as they go.
    const matching = (rows: TActionRow[], word: string) =>
      rows.filter((row) => row.instruction.toLowerCase().includes(word));
    for (const sort of ['due', 'assignedOn', 'assignee', 'source']) {
      const word = 'the';
      const whole = matching(await rowsOf({ status: 'all', sort }), word);
      expect(whole.length).toBeGreaterThan(3);
      const paged: TActionRow[] = [];
      for (let page = 1; paged.length < whole.length; page++) {
        const found = await list({ status: 'all', sort, search: word, pageSize: 3, page });
        const counted = (page + 4) * 3;
        expect(found.total, sort).toBe(Math.min(whole.length, counted));
        expect(found.totalCapped).toBe(whole.length > counted ? true : undefined);
        expect(found.rows.length).toBeGreaterThan(0);
        paged.push(...(found.rows as TActionRow[]));
      }
      expect(
        paged.map((row) => row._id),
        sort,
      ).toEqual(whole.map((row) => row._id));
    }
  });

  it('refuses bad filters with a clear message', async () => {
    const cases: Array<[object, string]> = [
      [{ status: 'late' }, 'status'],
      [{ source: 'email' }, 'source'],
      [{ dueFrom: '2026-02-30' }, 'dueFrom'],
      [{ dueFrom: '2026-05-02', dueTo: '2026-05-01' }, 'dueFrom'],
      [{ assigneeEmployeeId: 'nobody' }, 'assigneeEmployeeId'],
      [{ pageSize: 1000 }, 'pageSize'],
    ];
    for (const [body, field] of cases) {
      const response = await call('olivia.admin', 'actionRegisterList', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
    const response = await call('olivia.admin', 'actionRegisterList', {
      dueFrom: '2026-05-02',
      dueTo: '2026-05-01',
    });
    expect(response.json().response_message).toBe(say.dueRange);
  });

  it('is for employees whose role has the key', async () => {
    expect((await call('mia.employee', 'actionRegisterList', {})).statusCode).toBe(403);
    expect((await call('acme.supplier', 'actionRegisterList', {})).statusCode).toBe(403);
    expect((await call(null, 'actionRegisterList', {})).statusCode).toBe(401);
    const southbank = await list({ status: 'all', pageSize: 100 }, 'sam.southbank');
    expect(southbank.rows.every((row: TActionRow) => row._id !== undefined)).toBe(true);
    const ours = new Set((await rowsOf({ status: 'all' })).map((row) => row._id));
    expect(southbank.rows.some((row: TActionRow) => ours.has(row._id))).toBe(false);
  });
});

describe('the exports', () => {
  it('writes the same rows as the list, as CSV and as XLSX', async () => {
    const rows = await rowsOf({ status: 'all', sort: 'source' });
    const csv = await download('status=all&sort=source&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['x-export-truncated']).toBe('no');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Source,From,Instruction,Assignee,Assignee type,Due,Assigned on,Status,Completed on',
    );
    expect(lines).toHaveLength(rows.length + 1);

    const xlsx = await download('status=all&sort=source&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.headers['content-disposition']).toMatch(/action-register\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Actions')!;
    expect(sheet.rowCount).toBe(rows.length + 1);
    const read = (at: number) =>
      (sheet.getRow(at).values as unknown[]).slice(1).map((cell) => String(cell ?? ''));
    expect(read(1)[0]).toBe('Source');
    rows.forEach((row, at) => {
      const cells = read(at + 2);
      expect(cells[1]).toBe(row.parentName);
      expect(cells[2]).toBe(row.instruction);
      expect(cells[3]).toBe(row.assigneeName);
      expect(cells[5]).toBe(row.dueDate);
      expect(cells[7]).toBe(row.status);
    });
  });

  it('takes the same filters, and refuses bad ones and other callers', async () => {
    const overdue = await rowsOf({ status: 'overdue' });
    const csv = await download('status=overdue&format=csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(overdue.length + 1);
    expect((await download('status=overdue&format=pdf')).statusCode).toBe(400);
    expect((await download('format=csv', 'mia.employee')).statusCode).toBe(403);
  });
});

describe('the action dialog and reassigning', () => {
  const openAction = async (where: object = {}) =>
    ctx.db.action.findFirstOrThrow({ where: { companyId: northwind, isComplete: false, ...where } });

  it('shows any action of the organisation; mine only for the assignee', async () => {
    const action = await openAction({ NOT: { assigneeEmployeeId: ids.olivia } });
    const details = await data('olivia.admin', 'actionRegisterDetails', { kind: 'form', _id: action.id });
    expect(details).toMatchObject({ _id: action.id, instruction: action.instruction, mine: false });
    const audit = await ctx.db.auditQuestionTask.findFirstOrThrow({ where: { companyId: northwind } });
    const auditDetails = await data('olivia.admin', 'actionRegisterDetails', {
      kind: 'audit',
      _id: audit.id,
    });
    expect(auditDetails).toMatchObject({ question: audit.question, auditId: audit.auditId });
    if (audit.assigneeEmployeeId === ids.olivia) expect(auditDetails.mine).toBe(true);

    const foreign = await call('olivia.admin', 'actionRegisterDetails', {
      kind: 'form',
      _id: southbankAction,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await call('olivia.admin', 'actionRegisterDetails', { kind: 'audit', _id: action.id })).statusCode,
    ).toBe(404);
    expect(
      (await call('mia.employee', 'actionRegisterDetails', { kind: 'form', _id: action.id })).statusCode,
    ).toBe(403);
  });

  it('lets the key read the files of any action of the organisation, not change them', async () => {
    const action = await openAction({ NOT: { assigneeEmployeeId: ids.olivia } });
    const file = await actionFile(ctx, tokens, storageDir, action);
    expect((await file.get('olivia.admin')).statusCode).toBe(200);
    if (action.assigneeEmployeeId !== ids.mia) expect((await file.get('mia.employee')).statusCode).toBe(404);
    expect((await file.get('sam.southbank')).statusCode).toBe(404);
    const removed = await call('olivia.admin', 'deleteAttachment', {
      fileType: 'action',
      fileId: file.id,
      _id: action.id,
    });
    expect(removed.statusCode).toBe(404);
    expect(await ctx.db.attachment.count({ where: { id: file.id } })).toBe(1);
  });

  it('reassigns one action: the change log and a mail to the new assignee', async () => {
    const action = await openAction({ NOT: { assigneeEmployeeId: ids.mia } });
    const mails = await ctx.db.mailMessage.count({ where: { category: 'actionsReassigned' } });
    const response = await call('olivia.admin', 'actionRegisterReassign', {
      actions: [{ kind: 'form', _id: action.id }],
      assignee: { type: 'internal', _id: ids.mia },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      response_data: { reassigned: 1 },
      response_message: say.reassignedOne,
    });
    const after = await ctx.db.action.findUniqueOrThrow({ where: { id: action.id } });
    expect(after).toMatchObject({
      assigneeEmployeeId: ids.mia,
      assigneePersonnelId: null,
      actionType: 'internal',
    });
    expect(after.version).toBe(action.version + 1);
    const logged = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityId: action.id, action: 'reassigned' },
    });
    expect(logged.changes).toMatchObject({ assignee: [expect.any(String), 'Mia Torres'] });
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'actionsReassigned' },
      orderBy: { createdAt: 'desc' },
    });
    expect(await ctx.db.mailMessage.count({ where: { category: 'actionsReassigned' } })).toBe(mails + 1);
    expect(mail.subject).toBe('An action has been reassigned to you');
    expect(mail.textBody).toContain(action.instruction);
  });

  it('sends action.assigned for a form action reassigned here, as the form itself does', async () => {
    const action = await openAction({
      NOT: { assigneeEmployeeId: ids.mia },
      submissionId: { not: null },
      riskId: null,
      hazardousSubstanceId: null,
      performanceReviewId: null,
    });
    const webhook = await ctx.db.webhookSubscription.create({
      data: {
        companyId: northwind,
        url: 'https://receiver.invalid/hook',
        events: ['action.assigned'],
        secret: 'x',
      },
    });
    const response = await call('olivia.admin', 'actionRegisterReassign', {
      actions: [{ kind: 'form', _id: action.id }],
      assignee: { type: 'internal', _id: ids.mia },
    });
    expect(response.statusCode).toBe(200);
    const delivery = await ctx.db.webhookDelivery.findFirstOrThrow({ where: { subscriptionId: webhook.id } });
    expect(delivery.event).toBe('action.assigned');
    expect(delivery.payload).toMatchObject({
      data: { actionId: action.id, source: 'form', assigneeName: 'Mia Torres', reassigned: true },
    });
    await ctx.db.webhookSubscription.delete({ where: { id: webhook.id } });
  });

  it('reassigns in bulk across the tables to personnel, all or nothing', async () => {
    const audit = await ctx.db.auditQuestionTask.findFirstOrThrow({
      where: { companyId: northwind, isComplete: false },
    });
    const obligation = await ctx.db.obligationQuestionTask.findFirstOrThrow({
      where: { companyId: northwind, isComplete: false },
    });
    const action = await openAction();
    const refs = [
      { kind: 'audit', _id: audit.id },
      { kind: 'obligation', _id: obligation.id },
      { kind: 'form', _id: action.id },
    ];
    const snapshot = async () => [
      await ctx.db.auditQuestionTask.findUniqueOrThrow({ where: { id: audit.id } }),
      await ctx.db.obligationQuestionTask.findUniqueOrThrow({ where: { id: obligation.id } }),
      await ctx.db.action.findUniqueOrThrow({ where: { id: action.id } }),
    ];
    const before = await snapshot();
    const to = { type: 'external', _id: ids.personnel };

    // A foreign action: 404 and nothing changed.
    const foreign = await call('olivia.admin', 'actionRegisterReassign', {
      actions: [...refs, { kind: 'form', _id: southbankAction }],
      assignee: to,
    });
    expect(foreign.statusCode).toBe(404);
    // A completed action: 409 and nothing changed.
    const done = await ctx.db.action.findFirstOrThrow({
      where: { companyId: northwind, isComplete: true, ...notHr },
    });
    const completed = await call('olivia.admin', 'actionRegisterReassign', {
      actions: [...refs, { kind: 'form', _id: done.id }],
      assignee: to,
    });
    expect(completed.statusCode).toBe(409);
    expect(completed.json().response_message).toBe(say.completed);
    expect(await snapshot()).toEqual(before);

    const moved = await data('olivia.admin', 'actionRegisterReassign', { actions: refs, assignee: to });
    expect(moved.reassigned).toBe(3);
    for (const row of await snapshot())
      expect(row).toMatchObject({ assigneePersonnelId: ids.personnel, assigneeEmployeeId: null });
    const listed = await rowsOf({ assigneePersonnelId: ids.personnel });
    expect(listed.map((row) => row._id)).toEqual(
      expect.arrayContaining([audit.id, obligation.id, action.id]),
    );
  });

  it('refuses bad input and changes nothing', async () => {
    const action = await openAction();
    const ref = { kind: 'form', _id: action.id };
    const inactive = await ctx.db.employee.findFirstOrThrow({
      where: { companyId: northwind, isActive: false },
    });
    const cases: Array<[object, string | null]> = [
      [{ actions: [], assignee: { type: 'internal', _id: ids.mia } }, say.noActions],
      [
        { actions: Array.from({ length: 501 }, () => ref), assignee: { type: 'internal', _id: ids.mia } },
        say.tooMany,
      ],
      [{ actions: [ref, ref], assignee: { type: 'internal', _id: ids.mia } }, say.duplicate],
      [{ actions: [ref], assignee: { type: 'internal', _id: inactive.id } }, say.assigneeMissing],
      // A personnel id given as an employee.
      [{ actions: [ref], assignee: { type: 'internal', _id: ids.personnel } }, say.assigneeMissing],
      [{ actions: [{ kind: 'task', _id: action.id }], assignee: { type: 'internal', _id: ids.mia } }, null],
      [{ actions: [ref] }, null],
    ];
    for (const [body, message] of cases) {
      const response = await call('olivia.admin', 'actionRegisterReassign', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      if (message) expect(response.json().response_message).toBe(message);
    }
    expect(await ctx.db.action.findUniqueOrThrow({ where: { id: action.id } })).toEqual(action);
    expect(
      (
        await call('mia.employee', 'actionRegisterReassign', {
          actions: [ref],
          assignee: { type: 'internal', _id: ids.mia },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('offers active employees and personnel as assignees', async () => {
    const found = await data('olivia.admin', 'actionRegisterAssignees', { search: 'li' });
    expect(found.options.map((option: { name: string }) => option.name)).toEqual(
      expect.arrayContaining(['Olivia Bennett', 'Liam Walker']),
    );
    const liam = found.options.find((option: { _id: string }) => option._id === ids.personnel);
    expect(liam).toMatchObject({ type: 'external', detail: expect.any(String) });
  });
});

describe('actions raised from documents', () => {
  /** A document action raised by olivia (an editor) on one of the demo's documents. */
  async function raise(instruction: string, assigneeId = ids.ethan) {
    const document = await ctx.db.document.findFirstOrThrow({ where: { companyId: northwind } });
    const raised = await data('olivia.admin', 'documentActionCreate', {
      _id: document.id,
      instruction,
      assigneeId,
      dueDate: today(),
    });
    return { document, id: raised._id as string };
  }

  it('lists them with the others, named by their document, and shows one read-only', async () => {
    const { document, id } = await raise('Replace the laminated copy in the lunch room.');
    const documents = await rowsOf({ source: 'document' });
    expect(documents).toEqual([
      expect.objectContaining({
        _id: id,
        kind: 'document',
        source: 'document',
        parentId: document.id,
        parentName: document.name,
        assigneeName: 'Ethan Clarke',
        assigneeType: 'internal',
        status: 'open',
      }),
    ]);
    expect((await rowsOf({ search: 'laminated' })).map((row) => row._id)).toEqual([id]);
    expect((await rowsOf({ assigneeEmployeeId: ids.ethan })).map((row) => row._id)).toContain(id);
    expect((await rowsOf({ assigneePersonnelId: ids.personnel })).map((row) => row._id)).not.toContain(id);
    expect((await rowsOf({ sort: 'assignee' })).map((row) => row._id)).toContain(id);

    const details = await data('olivia.admin', 'actionRegisterDetails', { kind: 'document', _id: id });
    expect(details).toMatchObject({
      _id: id,
      sectionType: 'document',
      instruction: 'Replace the laminated copy in the lunch room.',
      assignToName: 'Ethan Clarke',
      documentId: document.id,
      completeStatus: 'no',
      mine: false,
    });
    expect(
      (await data('ethan.coordinator', 'actionRegisterDetails', { kind: 'document', _id: id })).mine,
    ).toBe(true);
    const foreign = await call('sam.southbank', 'actionRegisterDetails', { kind: 'document', _id: id });
    expect(foreign.statusCode).toBe(404);

    // Completed on the document's page, it is listed as completed.
    await data('ethan.coordinator', 'documentActionComplete', { _id: id });
    expect((await rowsOf({ source: 'document' })).map((row) => row._id)).not.toContain(id);
    expect(await rowsOf({ source: 'document', status: 'completed' })).toEqual([
      expect.objectContaining({ _id: id, status: 'completed', completedOn: today() }),
    ]);
  });

  it('reassigns them to employees only, logged on the document', async () => {
    const { document, id } = await raise('Check the signage matches the new procedure.');
    const toPersonnel = await call('olivia.admin', 'actionRegisterReassign', {
      actions: [{ kind: 'document', _id: id }],
      assignee: { type: 'external', _id: ids.personnel },
    });
    expect(toPersonnel.statusCode).toBe(400);
    expect(toPersonnel.json().response_message).toBe(say.documentToEmployee);
    // Another organisation's register: not found, and nothing changes.
    const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
    const foreign = await call('sam.southbank', 'actionRegisterReassign', {
      actions: [{ kind: 'document', _id: id }],
      assignee: { type: 'internal', _id: sam.employeeId },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.db.documentAction.findUniqueOrThrow({ where: { id } })).assigneeEmployeeId).toBe(
      ids.ethan,
    );

    const moved = await data('olivia.admin', 'actionRegisterReassign', {
      actions: [{ kind: 'document', _id: id }],
      assignee: { type: 'internal', _id: ids.mia },
    });
    expect(moved.reassigned).toBe(1);
    expect((await ctx.db.documentAction.findUniqueOrThrow({ where: { id } })).assigneeEmployeeId).toBe(
      ids.mia,
    );
    const logged = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityType: 'document', entityId: document.id, action: 'action reassigned' },
    });
    expect(logged.changes).toMatchObject({ assignee: ['Ethan Clarke', 'Mia Torres'] });
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'actionsReassigned' },
      orderBy: { createdAt: 'desc' },
    });
    expect(mail.textBody).toContain('Check the signage matches the new procedure.');

    await data('mia.employee', 'documentActionComplete', { _id: id });
    const completed = await call('olivia.admin', 'actionRegisterReassign', {
      actions: [{ kind: 'document', _id: id }],
      assignee: { type: 'internal', _id: ids.ethan },
    });
    expect(completed.statusCode).toBe(409);
  });
});

describe('the count', () => {
  it('stops counting at 1,000 and says so', async () => {
    const audit = await ctx.db.audit.findFirstOrThrow({ where: { companyId: northwind } });
    await ctx.db.auditQuestionTask.createMany({
      data: Array.from({ length: 1001 }, (_, at) => ({
        companyId: northwind,
        auditId: audit.id,
        question: `Question ${at}`,
        instruction: 'Check the fire extinguisher tags.',
        assigneeEmployeeId: ids.ethan,
        dueDate: new Date('2030-01-01T00:00:00Z'),
      })),
    });
    const page = await list({ source: 'audit' });
    expect(page).toMatchObject({ total: 1000, totalCapped: true });
    expect(page.rows).toHaveLength(20);

    // A search counts four pages past the one shown, and the pager's Next moves the count on.
    const searched = await list({ source: 'audit', search: 'extinguisher tags', pageSize: 10 });
    expect(searched).toMatchObject({ total: 50, totalCapped: true });
    const further = await list({ source: 'audit', search: 'extinguisher tags', pageSize: 10, page: 11 });
    expect(further).toMatchObject({ total: 150, totalCapped: true });
    expect(further.rows[0]?.instruction).toBe('Check the fire extinguisher tags.');
    const rare = await list({ source: 'audit', search: 'Question', pageSize: 10 });
    expect(rare).toEqual(expect.objectContaining({ total: 0 }));

    // Many matches: the page is the list's own, in every order.
    for (const sort of ['due', 'assignedOn', 'assignee', 'source']) {
      const listed = (await rowsOf({ source: 'audit', sort })).filter((row) =>
        row.instruction.includes('extinguisher tags'),
      );
      expect(listed.length).toBeGreaterThan(20);
      const second = await list({ source: 'audit', sort, search: 'EXTINGUISHER', pageSize: 10, page: 2 });
      expect(second.totalCapped).toBe(true);
      expect(
        second.rows.map((row: TActionRow) => row._id),
        sort,
      ).toEqual(listed.slice(10, 20).map((row) => row._id));
    }
  });
});
