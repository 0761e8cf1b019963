import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, TIME_ZONE_MESSAGE } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { demoId } from '../../seed/demo';
import { createReader } from '../src/db/reader';
import { AttachmentService } from '../src/modules/attachments/service';
import { CloseOffService } from '../src/modules/closeOff/service';
import { SubmissionPolicy } from '../src/modules/submissions/policy';
import type { AuthContext } from '../src/plugins/auth';
import { LocalFileStorage } from '../src/plugins/storage';
import { setupTestApp, signIn, type TestContext } from './helpers';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-closeoff-'));
const submissionId = (number: string) => demoId(`nw:submission:${number}`);

let ctx: TestContext;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  for (const username of ['ethan.coordinator', 'olivia.admin', 'mia.employee', 'ava.dual', 'sam.southbank'])
    tokens[username] = await signIn(ctx.app, username);
});

afterAll(() => {
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const post = (username: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authtoken: tokens[username]! }, payload });

async function completeActions(id: string): Promise<void> {
  await ctx.db.action.updateMany({
    where: { submissionId: id, isComplete: false },
    data: { isComplete: true, completedOn: new Date(), response: 'Done.' },
  });
}

/** Everything a close writes, to show a refused or failed close changed nothing. */
async function closeState(id: string) {
  const [submission, attachments, changes, mails] = await Promise.all([
    ctx.db.formSubmission.findUniqueOrThrow({
      where: { id },
      select: { isClosed: true, closedAt: true, closedByUserId: true, version: true },
    }),
    ctx.db.attachment.count({ where: { ownerType: 'submission', ownerId: id } }),
    ctx.db.changeLog.count({ where: { entityType: 'formSubmission', entityId: id } }),
    ctx.db.mailMessage.count({ where: { category: { startsWith: 'submissionClosed' } } }),
  ]);
  return { submission, attachments, changes, mails };
}

function storedFiles(): string[] {
  if (!fs.existsSync(storageDir)) return [];
  return fs
    .readdirSync(storageDir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.pdf'));
}

describe('POST /api/formSubmissionClose', () => {
  it('is refused while any action is open, with the exact message, and nothing changes', async () => {
    const id = submissionId('1001');
    const before = await closeState(id);
    const files = storedFiles();
    const response = await post('ethan.coordinator', '/formSubmissionClose', { _id: id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      response_code: 409,
      response_message:
        'This form is assigned an open task, and cannot be closed until the task is completed.',
    });
    expect(await closeState(id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('is refused to anyone but the coordinator (position 0), even a second coordinator or an administrator', async () => {
    const id = submissionId('1001');
    await completeActions(id);
    const before = await closeState(id);
    for (const username of ['olivia.admin', 'mia.employee']) {
      const response = await post(username, '/formSubmissionClose', { _id: id });
      expect(response.statusCode).toBe(403);
      expect(response.json().response_message).toBe(messages.submission.notCoordinator);
    }
    expect(await closeState(id)).toEqual(before);
  });

  it('is a 404 for another organisation, and for an unknown id', async () => {
    const id = submissionId('1001');
    const before = await closeState(id);
    const other = await post('sam.southbank', '/formSubmissionClose', { _id: id });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ response_code: 404, response_data: null });
    const unknown = await post('ethan.coordinator', '/formSubmissionClose', { _id: demoId('nope') });
    expect(unknown.statusCode).toBe(404);
    const bad = await post('ethan.coordinator', '/formSubmissionClose', { _id: 'not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation_errors).toBeDefined();
    const zone = await post('ethan.coordinator', '/formSubmissionClose', {
      _id: id,
      localTimeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().response_message).toBe(TIME_ZONE_MESSAGE);
    expect(await closeState(id)).toEqual(before);
  });

  it('refuses a draft, a stale version and a role whose close restriction is no', async () => {
    const draft = await post('ethan.coordinator', '/formSubmissionClose', { _id: submissionId('1006') });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().response_message).toBe(messages.closeOff.draftCannotClose);

    const id = submissionId('1001');
    const { version } = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id } });
    const stale = await post('ethan.coordinator', '/formSubmissionClose', { _id: id, version: version + 5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().response_message).toBe(messages.closeOff.stale);
    expect(stale.json().error_code).toBe('stale_version');

    // Mia coordinates 1017; her role (Restricted Employee) has formSubmissionClose = no.
    await completeActions(submissionId('1017'));
    const restricted = await post('mia.employee', '/formSubmissionClose', { _id: submissionId('1017') });
    expect(restricted.statusCode).toBe(403);
    expect(restricted.json().response_message).toBe(messages.closeOff.closeRestricted);
    expect((await closeState(submissionId('1017'))).submission.isClosed).toBe(false);
  });

  it('closes: PDF stored as an attachment, closed fields, version + 1, change log, mails queued', async () => {
    const id = submissionId('1001');
    const before = await closeState(id);
    const ethan = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const response = await post('ethan.coordinator', '/formSubmissionClose', {
      _id: id,
      version: before.submission.version,
      localTimeZone: 'Australia/Sydney',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.response_message).toBe(messages.closeOff.closed);
    expect(body.response_data).toMatchObject({
      _id: id,
      isClose: 'yes',
      version: before.submission.version + 1,
      // Incident Report has codes 2 and 4: Olivia (copied) and Mia (reporter).
      mailsQueued: 2,
      pdf: { name: 'FS-1001-Incident-Report.pdf', fileType: 'pdf' },
    });
    const after = await closeState(id);
    expect(after.submission).toMatchObject({
      isClosed: true,
      closedByUserId: ethan.id,
      version: before.submission.version + 1,
    });
    expect(after.submission.closedAt).not.toBeNull();
    expect(after.attachments).toBe(before.attachments + 1);
    const log = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityType: 'formSubmission', entityId: id, action: 'closed' },
    });
    expect(log.userId).toBe(ethan.id);
    expect(log.changes).toMatchObject({
      isClosed: [false, true],
      pdfAttachmentId: body.response_data.pdf._id,
    });

    // The stored PDF downloads through the attachment call and shows the close date on every page.
    const file = await ctx.app.inject({
      method: 'GET',
      url: body.response_data.pdf.path,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mails = await ctx.db.mailMessage.findMany({
      where: { category: { startsWith: 'submissionClosed' } },
      orderBy: { toAddress: 'asc' },
    });
    expect(mails.map((mail) => [mail.toAddress, mail.category])).toEqual([
      ['mia.torres@northwind.example', 'submissionClosedReporter'],
      ['olivia.bennett@northwind.example', 'submissionClosedCopy'],
    ]);
    for (const mail of mails) {
      expect(mail.subject).toBe('FS 1001 Incident Report closed');
      expect(mail.attachments).toEqual([
        expect.objectContaining({ filename: 'FS-1001-Incident-Report.pdf', contentType: 'application/pdf' }),
      ]);
    }
  });

  it('refuses to close a closed form with the Re-Open message', async () => {
    const response = await post('ethan.coordinator', '/formSubmissionClose', { _id: submissionId('1001') });
    expect(response.statusCode).toBe(409);
    expect(response.json().response_message).toBe('The form is closed. You have to "Re-Open" to modify.');
  });
});

describe('POST /api/formSubmissionReopen', () => {
  it('is refused to a non-coordinator and another organisation; re-opens for the coordinator', async () => {
    const id = submissionId('1001');
    const before = await closeState(id);
    const notCoordinator = await post('olivia.admin', '/formSubmissionReopen', { _id: id });
    expect(notCoordinator.statusCode).toBe(403);
    expect((await post('sam.southbank', '/formSubmissionReopen', { _id: id })).statusCode).toBe(404);
    expect(await closeState(id)).toEqual(before);

    const response = await post('ethan.coordinator', '/formSubmissionReopen', {
      _id: id,
      version: before.submission.version,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      response_message: messages.closeOff.reopened,
      response_data: { _id: id, isClose: 'no', version: before.submission.version + 1 },
    });
    const after = await closeState(id);
    expect(after.submission).toMatchObject({ isClosed: false, closedAt: null, closedByUserId: null });
    // The close PDF stays as the record of that close.
    expect(after.attachments).toBe(before.attachments);
    expect(
      await ctx.db.changeLog.count({
        where: { entityType: 'formSubmission', entityId: id, action: 'reopened' },
      }),
    ).toBe(1);

    const again = await post('ethan.coordinator', '/formSubmissionReopen', { _id: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(messages.closeOff.notClosed);
  });
});

describe('the close calls of HR and supplier forms', () => {
  it('HR assigned-form close-off closes the assignment and its submission', async () => {
    // The wellbeing check Ava reviews (Amelia's, submitted: the seed's dashboard rows).
    const ava = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ava.dual' } });
    const assignment = await ctx.db.hrFormAssignment.findFirstOrThrow({
      where: { reviewerEmployeeId: ava.employeeId!, status: 'submitted', submissionId: { not: null } },
    });
    const id = assignment.submissionId!;
    expect((await post('sam.southbank', '/assignFormCloseOff', { _id: assignment.id })).statusCode).toBe(404);
    // An HR form is private: to someone outside it without hrEmployeePrivateInfo it does not
    // exist, Records access or not.
    expect((await post('ethan.coordinator', '/assignFormCloseOff', { _id: assignment.id })).statusCode).toBe(
      404,
    );
    const response = await post('ava.dual', '/assignFormCloseOff', { _id: assignment.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().response_data).toMatchObject({ _id: id, isClose: 'yes' });
    const closed = await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id: assignment.id } });
    expect(closed.status).toBe('closed');
    expect(closed.closedAt).not.toBeNull();
    expect((await closeState(id)).submission.isClosed).toBe(true);

    // Re-Open puts the assignment back to submitted.
    expect((await post('ava.dual', '/formSubmissionReopen', { _id: id })).statusCode).toBe(200);
    expect((await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe(
      'submitted',
    );
  });

  it('HR close-off of an assignment without a submission is refused', async () => {
    const assignment = await ctx.db.hrFormAssignment.findFirstOrThrow({
      where: {
        submissionId: null,
        companyId: (await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: submissionId('1011') } }))
          .companyId,
      },
    });
    const response = await post('ava.dual', '/assignFormCloseOff', { _id: assignment.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(messages.closeOff.notSubmitted);
  });

  it('supplier assigned-form close-off closes the supplier assignment and its submission', async () => {
    const id = submissionId('1008');
    const assignment = await ctx.db.supplierAssignment.findFirstOrThrow({ where: { submissionId: id } });
    const blocked = await post('olivia.admin', '/supplierAssignFormCloseOff', { _id: assignment.id });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().response_message).toBe(messages.submission.openTaskBlocksClose);
    expect(blocked.json().error_code).toBe('open_tasks_block_close');
    await completeActions(id);
    const response = await post('olivia.admin', '/supplierAssignFormCloseOff', { _id: assignment.id });
    expect(response.statusCode).toBe(200);
    // Contractor Safety Assessment has code 4: the recording personnel member (Liam) is told.
    expect(response.json().response_data).toMatchObject({ _id: id, isClose: 'yes', mailsQueued: 1 });
    expect((await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).status).toBe(
      'closed',
    );
    const mail = await ctx.db.mailMessage.findFirstOrThrow({
      where: { category: 'submissionClosedReporter', toAddress: 'liam.walker@acme-contracting.example' },
    });
    expect(mail.subject).toBe('FS 1008 Contractor Safety Assessment closed');
  });

  it('supplier close-off by submission closes supplier forms only', async () => {
    const notSupplier = await post('ethan.coordinator', '/supplierFormCloseOff', {
      formSumissionId: submissionId('1002'),
    });
    expect(notSupplier.statusCode).toBe(400);
    expect(notSupplier.json().response_message).toBe(messages.closeOff.notSupplierForm);

    const id = submissionId('1019');
    await completeActions(id);
    const response = await post('olivia.admin', '/supplierFormCloseOff', { formSumissionId: id });
    expect(response.statusCode).toBe(200);
    expect(response.json().response_data).toMatchObject({ _id: id, isClose: 'yes' });
    expect((await closeState(id)).submission.isClosed).toBe(true);
  });
});

describe('atomic close', () => {
  it('a failure after the PDF is written leaves the form open, no rows, no mails and no file', async () => {
    const id = submissionId('1013');
    const noah = await ctx.db.user.findUniqueOrThrow({ where: { username: 'noah.expired' } });
    const auth: AuthContext = {
      sessionId: demoId('test:session'),
      token: 'test',
      userId: noah.id,
      companyId: noah.companyId,
      timeZone: 'UTC',
      userType: 'employee',
      employeeId: noah.employeeId,
      supplierId: null,
      personnelId: null,
      isForceUpdatePassword: false,
      supplier: null,
      accessKeys: new Set(),
    };
    const storage = new LocalFileStorage(storageDir);
    const reader = createReader(ctx.databaseUrl, 1);
    onTestFinished(() => reader.close());
    let written: string | null = null;
    const failing = new CloseOffService(
      ctx.db,
      storage,
      ctx.app.mail,
      { publicUrl: 'http://localhost', productName: 'Compass' },
      new SubmissionPolicy(ctx.db, reader, new AttachmentService(ctx.db, storage)),
      {
        afterPdfStored: async ({ storageKey }) => {
          written = storageKey;
          // The file is there at this point; the failure must take it away again.
          expect(fs.existsSync(path.join(storageDir, storageKey))).toBe(true);
          throw new Error('disk full');
        },
      },
    );
    // The feedback template has no mail codes: add some, so mails would be queued.
    const submission = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id } });
    await ctx.db.formTemplate.update({
      where: { id: submission.templateId },
      data: { emailNotification: [2, 4], emailCcEmployeeIds: [noah.employeeId!] },
    });
    const before = await closeState(id);
    const mails = await ctx.db.mailMessage.count();

    await expect(failing.closeSubmission(auth, id)).rejects.toThrow('disk full');

    expect(written).not.toBeNull();
    expect(fs.existsSync(path.join(storageDir, written!))).toBe(false);
    expect(await closeState(id)).toEqual(before);
    expect(await ctx.db.mailMessage.count()).toBe(mails);

    // Nothing half-done blocks the next attempt, which closes and queues the copy mail (once noah
    // has changed his password: until then the server answers him nothing else).
    await ctx.db.user.update({ where: { id: noah.id }, data: { isForceUpdatePassword: false } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/formSubmissionClose',
      headers: { authtoken: await signIn(ctx.app, 'noah.expired') },
      payload: { _id: id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().response_data.mailsQueued).toBe(1);
  });
});
