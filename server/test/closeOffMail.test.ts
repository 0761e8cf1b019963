import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { queueSubmittedNotifications } from '../src/modules/closeOff/notifications';
import { setupTestApp, signIn, type TestContext } from './helpers';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp';

/**
 * The e-mail notification codes end to end: queued through the outbox, sent by the worker, read
 * from a real SMTP server in this process.
 */
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-closeoff-mail-'));
const submissionId = (number: string) => demoId(`nw:submission:${number}`);
const OLIVIA = 'olivia.bennett@northwind.example';
const MIA = 'mia.torres@northwind.example';
const LIAM = 'liam.walker@acme-contracting.example';
const PUBLIC_URL = 'http://compass.test';

let ctx: TestContext;
let smtp: TestSmtpServer;
let ethan: string;
let incidentTemplateId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({
    FILE_STORAGE_DIR: storageDir,
    SMTP_URL: smtp.url,
    MAIL_POLL_SECONDS: '0.5',
    PUBLIC_URL,
  });
  await ctx.app.mail.startWorker();
  ethan = await signIn(ctx.app, 'ethan.coordinator');
  incidentTemplateId = (
    await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: submissionId('1001') } })
  ).templateId;
  await ctx.db.action.updateMany({
    where: { submissionId: { in: [submissionId('1001'), submissionId('1008')] } },
    data: { isComplete: true, completedOn: new Date() },
  });
});

afterAll(async () => {
  await ctx.app.mail.stopWorker();
  await smtp.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const setCodes = (codes: number[]) =>
  ctx.db.formTemplate.update({ where: { id: incidentTemplateId }, data: { emailNotification: codes } });

/** Waits until every queued mail was sent, then returns what arrived since `from`. */
async function deliveredSince(from: number): Promise<ReceivedMail[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const pending = await ctx.db.mailMessage.count({ where: { status: 'queued' } });
    if (pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(await ctx.db.mailMessage.count({ where: { status: { not: 'sent' } } })).toBe(0);
  return smtp.received.slice(from);
}

/** Submits the draft 1015 (Incident Report, recorded by Mia, Olivia copied) through the helper. */
async function submitDraft(): Promise<number> {
  const id = submissionId('1015');
  return ctx.db.$transaction(async (tx) => {
    const submission = await tx.formSubmission.update({ where: { id }, data: { isDraft: false } });
    return queueSubmittedNotifications(
      tx,
      ctx.app.mail,
      { publicUrl: PUBLIC_URL, productName: 'Compass' },
      { companyId: submission.companyId, submissionId: id },
    );
  });
}

async function close(username: string | null, id: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/formSubmissionClose',
    headers: { authtoken: username ? await signIn(ctx.app, username) : ethan },
    payload: { _id: id, localTimeZone: 'UTC' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().response_data as { mailsQueued: number; pdf: { name: string } };
}

async function reopen(id: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/formSubmissionReopen',
    headers: { authtoken: ethan },
    payload: { _id: id },
  });
  expect(response.statusCode).toBe(200);
}

describe('e-mail notification codes', () => {
  it('code 1: a copy to each copied employee when a draft is submitted', async () => {
    await setCodes([1]);
    const from = smtp.received.length;
    expect(await submitDraft()).toBe(1);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[OLIVIA]]);
    const [mail] = mails;
    expect(mail!.subject).toBe('FS 1015 Incident Report submitted');
    expect(mail!.text).toContain('Hello Olivia Bennett,');
    expect(mail!.text).toContain(
      'The Incident Report form FS 1015 has been submitted and you are copied on it.',
    );
    expect(mail!.text).toContain('Damaged pallet racking upright');
    expect(mail!.text).toContain('Coordinator: Mia Torres');
    expect(mail!.text).toContain(`${PUBLIC_URL}/form-submission/record/`);
    expect(mail!.attachments).toEqual([]);
  });

  it('code 3: the reporter gets the copy when a draft is submitted', async () => {
    await setCodes([3]);
    const from = smtp.received.length;
    expect(await submitDraft()).toBe(1);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[MIA]]);
    expect(mails[0]!.text).toContain('Your Incident Report form FS 1015 has been submitted.');
  });

  it('no codes: nothing is sent', async () => {
    await setCodes([]);
    const from = smtp.received.length;
    expect(await submitDraft()).toBe(0);
    expect(await deliveredSince(from)).toEqual([]);
  });

  it('code 2: a copy with the PDF to each copied employee when the form is closed', async () => {
    await setCodes([2]);
    const from = smtp.received.length;
    const closed = await close(null, submissionId('1001'));
    expect(closed.mailsQueued).toBe(1);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[OLIVIA]]);
    const [mail] = mails;
    expect(mail!.subject).toBe('FS 1001 Incident Report closed');
    expect(mail!.text).toContain('The Incident Report form FS 1001 you are copied on was closed on');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({
      filename: 'FS-1001-Incident-Report.pdf',
      contentType: 'application/pdf',
    });
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await reopen(submissionId('1001'));
  });

  it('code 4: the reporter is told, with the PDF, when the form is closed', async () => {
    await setCodes([4]);
    const from = smtp.received.length;
    expect((await close(null, submissionId('1001'))).mailsQueued).toBe(1);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[MIA]]);
    expect(mails[0]!.text).toContain('The Incident Report form FS 1001 you recorded was closed on');
    expect(mails[0]!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await reopen(submissionId('1001'));
  });

  it('codes 2 and 4 together: the reporter once, as reporter, even when also copied', async () => {
    await setCodes([2, 4]);
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    await ctx.db.formTemplate.update({
      where: { id: incidentTemplateId },
      data: { emailCcEmployeeIds: { push: mia.employeeId! } },
    });
    const from = smtp.received.length;
    expect((await close(null, submissionId('1001'))).mailsQueued).toBe(2);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual([MIA, OLIVIA]);
    expect(mails.find((mail) => mail.envelopeTo[0] === MIA)!.text).toContain('you recorded');
  });

  it('supplier forms: the recording personnel member is the reporter (code 4)', async () => {
    const from = smtp.received.length;
    expect((await close('olivia.admin', submissionId('1008'))).mailsQueued).toBe(1);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([[LIAM]]);
    expect(mails[0]!.text).toContain('Hello Liam Walker,');
    expect(mails[0]!.attachments[0]!.filename).toBe('FS-1008-Contractor-Safety-Assessment.pdf');
  });

  it('supplier forms without a recording personnel member fall back to the supplier contact', async () => {
    const id = submissionId('1019');
    await ctx.db.formSubmission.update({ where: { id }, data: { recordedByPersonnelId: null } });
    await ctx.db.action.updateMany({ where: { submissionId: id }, data: { isComplete: true } });
    const from = smtp.received.length;
    expect((await close('olivia.admin', id)).mailsQueued).toBe(1);
    const mails = await deliveredSince(from);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([['office@zenith-cleaning.example']]);
    expect(mails[0]!.text).toContain('Hello Zenith Cleaning,');
  });
});
