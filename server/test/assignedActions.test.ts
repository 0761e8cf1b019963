import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, localDateOf, messages } from '@compass/shared';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../src/plugins/storage';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
let storageDir: string;
const api = () => request(ctx.app.server);
const tokens: Record<string, string> = {};

async function employeeId(username: string): Promise<string> {
  const user = await ctx.db.user.findUniqueOrThrow({ where: { username } });
  return user.employeeId!;
}

async function openAuditTaskOf(username: string) {
  return ctx.db.auditQuestionTask.findFirstOrThrow({
    where: { assigneeEmployeeId: await employeeId(username), isComplete: false },
  });
}

const photo = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg({ quality: 100 })
    .toBuffer();

beforeAll(async () => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-files-'));
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  for (const username of [
    'ethan.coordinator',
    'mia.employee',
    'sam.southbank',
    'liam.personnel',
    'acme.supplier',
  ]) {
    tokens[username] = await signIn(ctx.app, username);
  }
});

describe('assigned action dialogs', () => {
  it('shows an audit question task to its assignee, and to nobody else (not even another organisation)', async () => {
    const task = await openAuditTaskOf('ethan.coordinator');
    const body = { sectionType: 'audit', taskId: task.id };
    const res = await api()
      .post('/api/assignedActionDetails')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body.response_data).toMatchObject({
      _id: task.id,
      sectionType: 'audit',
      question: task.question,
      instruction: task.instruction,
      assignToName: 'Ethan Clarke',
      completeStatus: 'no',
      dueDate: task.dueDate.toISOString().slice(0, 10),
    });
    for (const other of ['mia.employee', 'sam.southbank']) {
      const refused = await api()
        .post('/api/assignedActionDetails')
        .set('authtoken', tokens[other]!)
        .send(body);
      expect(refused.status).toBe(404);
      expect(refused.body.response_code).toBe(404);
    }
  });

  it('saves a draft with a compressed photo, then completes; a completed action is closed to changes', async () => {
    const task = await openAuditTaskOf('ethan.coordinator');
    const original = await photo();
    const draft = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('sectionType', 'audit')
      .field('taskId', task.id)
      .field('response', 'Checked the extinguisher tags.')
      .field('completeStatus', 'no')
      .attach('files', original, { filename: 'site photo.jpg', contentType: 'image/jpeg' });
    expect(draft.status).toBe(200);

    const details = await api()
      .post('/api/assignedActionDetails')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({ sectionType: 'audit', taskId: task.id });
    expect(details.body.response_data.response).toBe('Checked the extinguisher tags.');
    expect(details.body.response_data.completeStatus).toBe('no');
    const [file] = details.body.response_data.attachment;
    expect(file.name).toBe('site photo.jpg');
    expect(file.size).toBeLessThan(original.length);

    const download = await api()
      .get(file.path)
      .set('authtoken', tokens['ethan.coordinator']!)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    const meta = await sharp(download.body as Buffer).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(2000);
    expect((await api().get(file.path).set('authtoken', tokens['mia.employee']!)).status).toBe(404);

    const done = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('sectionType', 'audit')
      .field('taskId', task.id)
      .field('response', 'All tags current.')
      .field('completeStatus', 'yes')
      .field('localTimeZone', 'Australia/Sydney');
    expect(done.status).toBe(200);
    const stored = await ctx.db.auditQuestionTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(stored).toMatchObject({ isComplete: true, response: 'All tags current.' });
    expect(stored.completedOn).not.toBeNull();
    // The change log: the draft added the photo ([before, after]); the completion added no file.
    const logs = await ctx.db.changeLog.findMany({
      where: { entityId: task.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(logs.map((log) => [log.action, log.changes])).toEqual([
      ['draftSaved', { response: expect.any(String), files: [null, ['site photo.jpg']] }],
      ['completed', { response: 'All tags current.' }],
    ]);

    const again = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('sectionType', 'audit')
      .field('taskId', task.id)
      .field('response', 'Changed my mind')
      .field('completeStatus', 'no');
    expect(again.status).toBe(409);
    expect((await ctx.db.auditQuestionTask.findUniqueOrThrow({ where: { id: task.id } })).response).toBe(
      'All tags current.',
    );
  });

  it("refuses to complete without a response with 'Please enter response' and changes nothing", async () => {
    const task = await ctx.db.obligationQuestionTask.findFirstOrThrow({
      where: { assigneeEmployeeId: await employeeId('ethan.coordinator'), isComplete: false },
    });
    const res = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('sectionType', 'obligation')
      .field('taskId', task.id)
      .field('response', '   ')
      .field('completeStatus', 'yes');
    expect(res.status).toBe(400);
    expect(res.body.response_message).toBe(messages.action.responseRequired);
    expect(res.body.validation_errors).toContainEqual({
      field: 'response',
      message: messages.action.responseRequired,
    });
    const after = await ctx.db.obligationQuestionTask.findUniqueOrThrow({ where: { id: task.id } });
    expect(after).toMatchObject({ isComplete: false, response: task.response });
  });

  it('refuses file types outside the list and files over 10 MB, storing nothing', async () => {
    const task = await openAuditTaskOf('ethan.coordinator');
    const before = await ctx.db.attachment.count();
    const send = (name: string, content: Buffer) =>
      api()
        .post('/api/assignedActionSave')
        .set('authtoken', tokens['ethan.coordinator']!)
        .field('sectionType', 'audit')
        .field('taskId', task.id)
        .field('response', 'x')
        .field('completeStatus', 'no')
        .attach('files', content, { filename: name });
    const exe = await send('tool.exe', Buffer.from('MZ'));
    expect(exe.status).toBe(400);
    expect(exe.body.response_message).toBe('This file type is not allowed: tool.exe');
    const big = await send('big.pdf', Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body.response_code).toBe(413);
    expect(await ctx.db.attachment.count()).toBe(before);
  });

  it('never resolves a download from a path: only attachment ids are accepted', async () => {
    const traversal = await api()
      .get('/api/files/..%2F..%2F..%2Fetc%2Fpasswd')
      .set('authtoken', tokens['ethan.coordinator']!);
    expect(traversal.status).toBe(400);
    expect(traversal.text).not.toContain('root:');
  });

  it('lets personnel complete a form action assigned to them, and deletes its file on request', async () => {
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'liam.personnel' } });
    const action = await ctx.db.action.findFirstOrThrow({
      where: { assigneePersonnelId: user.personnelId!, isComplete: false },
    });
    const details = await api()
      .post('/api/assignedActionDetails')
      .set('authtoken', tokens['liam.personnel']!)
      .send({ sectionType: 'form', taskId: action.id });
    expect(details.status).toBe(200);
    expect(details.body.response_data.reference).toMatch(/^(FS \d+|Draft) · /);

    await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['liam.personnel']!)
      .field('sectionType', 'form')
      .field('taskId', action.id)
      .field('response', 'Barrier repaired')
      .field('completeStatus', 'no')
      .attach('files', Buffer.from('%PDF-1.4 report'), {
        filename: 'report.pdf',
        contentType: 'application/pdf',
      });
    const attachment = await ctx.db.attachment.findFirstOrThrow({
      where: { ownerType: 'action', ownerId: action.id },
    });
    expect(fs.existsSync(path.join(storageDir, attachment.storageKey))).toBe(true);

    const denied = await api()
      .post('/api/deleteAttachment')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({ fileType: 'action', fileId: attachment.id, _id: action.id });
    expect(denied.status).toBe(404);

    const removed = await api()
      .post('/api/deleteAttachment')
      .set('authtoken', tokens['liam.personnel']!)
      .send({ fileType: 'action', fileId: attachment.id, _id: action.id });
    expect(removed.status).toBe(200);
    expect(await ctx.db.attachment.count({ where: { id: attachment.id } })).toBe(0);
    expect(fs.existsSync(path.join(storageDir, attachment.storageKey))).toBe(false);
  });
});

const dashboard = async (username: string, call: 'dashboardList' | 'dashboardSupplierList') => {
  const res = await api().post(`/api/${call}`).set('authtoken', tokens[username]!).send({});
  expect(res.status, res.text).toBe(200);
  const sections = call === 'dashboardList' ? res.body.response_data.list : res.body.response_data;
  return sections.assignedActions.list as {
    taskID: string;
    sectionType: string;
    itemName: string;
    formSumissionId: string | null;
    assigneeName: string | null;
  }[];
};

describe('a performance review’s agreed action', () => {
  it('is on its assignee’s My Actions and opens, saves with a file and completes in the action dialog', async () => {
    const mia = await ctx.db.employee.findUniqueOrThrow({ where: { id: await employeeId('mia.employee') } });
    const today = localDateOf(new Date(), 'UTC');
    const day = (offset: number) => new Date(`${addDays(today, offset)}T00:00:00Z`);
    const review = await ctx.db.performanceReview.create({
      data: {
        companyId: mia.companyId,
        employeeId: mia.id,
        reviewerEmployeeId: await employeeId('ethan.coordinator'),
        title: 'Performance review 2026',
        periodStart: day(-180),
        periodEnd: day(-1),
        dueDate: day(-1),
        status: 'completed',
        completedAt: new Date(),
      },
    });
    const action = await ctx.db.action.create({
      data: {
        companyId: mia.companyId,
        performanceReviewId: review.id,
        taskNumber: 1,
        instruction: 'Finish the first-aid course',
        assigneeEmployeeId: mia.id,
        dueDate: day(7),
      },
    });

    expect(
      (await dashboard('mia.employee', 'dashboardList')).find((item) => item.taskID === action.id),
    ).toEqual(
      expect.objectContaining({
        sectionType: 'form',
        itemName: 'Performance review — Mia Torres',
        formSumissionId: null,
        assigneeName: null,
      }),
    );
    const open = (username: string) =>
      api()
        .post('/api/assignedActionDetails')
        .set('authtoken', tokens[username]!)
        .send({ sectionType: 'form', taskId: action.id });
    const details = await open('mia.employee');
    expect(details.status).toBe(200);
    expect(details.body.response_data).toMatchObject({
      sectionType: 'form',
      instruction: 'Finish the first-aid course',
      reference: 'Performance review 2026 · Mia Torres',
      performanceReviewId: review.id,
      assignToName: 'Mia Torres',
      completeStatus: 'no',
    });
    expect(details.body.response_data.formSubmissionId).toBeUndefined();
    // Not the reviewer's to do, nor another organisation's.
    for (const other of ['ethan.coordinator', 'sam.southbank']) expect((await open(other)).status).toBe(404);

    const save = (completeStatus: 'yes' | 'no', response: string) =>
      api()
        .post('/api/assignedActionSave')
        .set('authtoken', tokens['mia.employee']!)
        .field('sectionType', 'form')
        .field('taskId', action.id)
        .field('response', response)
        .field('completeStatus', completeStatus);
    const draft = await save('no', 'Booked for next week').attach('files', Buffer.from('%PDF-1.4 booking'), {
      filename: 'booking.pdf',
      contentType: 'application/pdf',
    });
    expect(draft.status, draft.text).toBe(200);
    const [file] = (await open('mia.employee')).body.response_data.attachment;
    expect(file.name).toBe('booking.pdf');
    expect((await api().get(file.path).set('authtoken', tokens['mia.employee']!)).status).toBe(200);
    expect((await api().get(file.path).set('authtoken', tokens['sam.southbank']!)).status).toBe(404);

    const done = await save('yes', 'Certificate attached');
    expect(done.status, done.text).toBe(200);
    expect(await ctx.db.action.findUniqueOrThrow({ where: { id: action.id } })).toMatchObject({
      isComplete: true,
      response: 'Certificate attached',
    });
    expect((await dashboard('mia.employee', 'dashboardList')).map((item) => item.taskID)).not.toContain(
      action.id,
    );
  });
});

describe('a supplier company account’s assigned actions', () => {
  it('say whose each is (its people’s); a person’s own rows name nobody', async () => {
    const liam = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'liam.personnel' },
      include: { personnel: true },
    });
    const liamsAction = await ctx.db.action.create({
      data: {
        companyId: liam.companyId,
        submissionId: (await ctx.db.formSubmission.findFirstOrThrow({ where: { companyId: liam.companyId } }))
          .id,
        taskNumber: 901,
        instruction: 'Send the updated induction record',
        actionType: 'external',
        assigneePersonnelId: liam.personnelId!,
        dueDate: new Date(),
      },
    });
    const company = await dashboard('acme.supplier', 'dashboardSupplierList');
    expect(company.find((item) => item.taskID === liamsAction.id)?.assigneeName).toBe(
      `${liam.personnel!.firstName} ${liam.personnel!.lastName}`,
    );
    expect(company.every((item) => item.assigneeName !== null)).toBe(true);

    const own = await dashboard('liam.personnel', 'dashboardSupplierList');
    expect(own.map((item) => item.taskID)).toContain(liamsAction.id);
    expect(own.every((item) => item.assigneeName === null)).toBe(true);
  });
});

describe('notice attachments', () => {
  it("download for the organisation's employees only", async () => {
    const ethan = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const notice = await ctx.db.notice.findFirstOrThrow({ where: { companyId: ethan.companyId } });
    const storage = new LocalFileStorage(storageDir);
    const storageKey = await storage.put(Buffer.from('%PDF-1.4 schedule'), 'pdf');
    const attachment = await ctx.db.attachment.create({
      data: {
        companyId: notice.companyId,
        ownerType: 'notice',
        ownerId: notice.id,
        name: 'schedule.pdf',
        storageKey,
        mimeType: 'application/pdf',
        size: 17,
      },
    });
    const url = `/api/files/${attachment.id}`;
    const ok = await api().get(url).set('authtoken', tokens['mia.employee']!);
    expect(ok.status).toBe(200);
    expect(ok.headers['content-disposition']).toContain('schedule.pdf');
    expect((await api().get(url).set('authtoken', tokens['liam.personnel']!)).status).toBe(404);
    expect((await api().get(url).set('authtoken', tokens['sam.southbank']!)).status).toBe(404);
  });
});
