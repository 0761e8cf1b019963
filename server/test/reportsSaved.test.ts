import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  localDateOf,
  localTimeOf,
  dayOfWeek,
  reportMessages as say,
  savedReportPath,
  type TSavedReport,
  type TSavedReportSave,
} from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReader } from '../src/db/reader';
import { refreshRollups, ReportService, sendDueReports } from '../src/modules/reports';

import { nextSendAt } from '../src/modules/reports/saved';
import { apiCalls, employeeOf, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * Saved reports (issue 46): saving, sharing with a role, owner-only changes, other organisations,
 * the schedule's next 07:00 in the organisation's zone, and the scheduled mail sent once with its
 * PDF even when two senders run, never to an owner who lost the report's keys.
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
let northwind: string;
let timeZone: string;
let coordinatorRole: string;
let restrictedRole: string;
let southbankRole: string;
let reports: ReportService;
const PUBLIC_URL = 'http://compass.test';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, ['olivia.admin', 'ethan.coordinator', 'mia.employee', 'sam.southbank']);
  northwind = (await employeeOf(ctx.db, 'olivia.admin')).companyId;
  const southbank = (await employeeOf(ctx.db, 'sam.southbank')).companyId;
  timeZone = (await ctx.db.company.findUniqueOrThrow({ where: { id: northwind } })).timeZone;
  const role = async (companyId: string, name: string) =>
    (await ctx.db.role.findFirstOrThrow({ where: { companyId, name } })).id;
  coordinatorRole = await role(northwind, 'Coordinator');
  restrictedRole = await role(northwind, 'Restricted Employee');
  southbankRole = (await ctx.db.role.findFirstOrThrow({ where: { companyId: southbank } })).id;
  const reader = createReader(ctx.databaseUrl, 2);
  afterAll(async () => reader.close());
  reports = new ReportService({ db: ctx.db, reader });
  await refreshRollups(ctx.db);
});

const save = (as: string, input: TSavedReportSave) => call(as, 'savedReportSave', input);
const saved = async (as: string, input: TSavedReportSave): Promise<string> =>
  (await data(as, 'savedReportSave', input))._id;
const get = (as: string, path: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/${path}`, headers: { authtoken: tokens[as]! } });
const list = async (as: string): Promise<TSavedReport[]> =>
  (await get(as, 'savedReportList')).json().response_data.rows;
const submissionsByWorkplace = {
  report: 'submissions',
  by: 'workplace',
  filters: { period: 'thisYear' },
} as const;

describe('the demo’s saved reports', () => {
  it('has Olivia’s weekly overdue actions and her submissions of the year shared with the coordinators', async () => {
    const olivia = await list('olivia.admin');
    const weekly = olivia.find((row) => row.name === 'Overdue actions by assignee');
    expect(weekly).toMatchObject({ report: 'actions', by: 'assignee', schedule: 'weekly', isOwner: 'yes' });
    const next = new Date(weekly!.nextSendAt!);
    expect([dayOfWeek(localDateOf(next, timeZone)), localTimeOf(next, timeZone)]).toEqual([1, '07:00']);
    const shared = (await list('ethan.coordinator')).find((row) => row.name === 'Submissions this year');
    expect(shared).toMatchObject({
      report: 'submissions',
      by: 'month',
      filters: { period: 'thisYear' },
      sharedRole: 'Coordinator',
      owner: 'Olivia Bennett',
      isOwner: 'no',
    });
    // Mia's role is not the Coordinator's; nor does it hold the Action Register.
    expect((await list('mia.employee')).map((row) => row.name)).toEqual([]);
  });
});

describe('saving a report', () => {
  it('saves, lists, opens, renames and deletes the owner’s report', async () => {
    const id = await saved('olivia.admin', { name: 'Forms by site', ...submissionsByWorkplace });
    const details = (await get('olivia.admin', `savedReportDetails?_id=${id}`)).json().response_data;
    expect(details).toMatchObject({
      _id: id,
      name: 'Forms by site',
      report: 'submissions',
      by: 'workplace',
      filters: { period: 'thisYear' },
      sharedRoleId: null,
      sharedRole: null,
      schedule: 'none',
      owner: 'Olivia Bennett',
      isOwner: 'yes',
      nextSendAt: null,
      lastSentAt: null,
    });
    await saved('olivia.admin', {
      _id: id,
      name: 'Forms by workplace',
      ...submissionsByWorkplace,
      by: 'month',
    });
    const names = (await list('olivia.admin')).map((row) => row.name);
    expect(names).toContain('Forms by workplace');
    expect(names).not.toContain('Forms by site');
    expect((await get('olivia.admin', `savedReportDetails?_id=${id}`)).json().response_data.by).toBe('month');
    expect((await data('olivia.admin', 'savedReportDelete', { _id: id })) ?? null).toBeNull();
    expect((await get('olivia.admin', `savedReportDetails?_id=${id}`)).statusCode).toBe(404);
  });

  it('refuses what a run of the report refuses, a taken name and a role of no organisation of the caller', async () => {
    const refusal = async (as: string, input: TSavedReportSave, status: number, message: string) => {
      const response = await save(as, input);
      expect(response.statusCode).toBe(status);
      expect(response.json().response_message).toBe(message);
    };
    await refusal('olivia.admin', { name: ' ', ...submissionsByWorkplace }, 400, say.nameRequired);
    await refusal(
      'olivia.admin',
      { name: 'X', ...submissionsByWorkplace, by: 'assignee' },
      400,
      say.unknownGrouping,
    );
    await refusal(
      'olivia.admin',
      { name: 'X', ...submissionsByWorkplace, filters: { period: 'thisYear', category: 'Audit' } },
      400,
      say.filterNotUsed,
    );
    // Mia's role has reportChart but not the Action Register.
    await refusal(
      'mia.employee',
      { name: 'X', report: 'actions', by: 'assignee', filters: {} },
      403,
      say.noAccess,
    );
    await refusal(
      'olivia.admin',
      { name: 'X', ...submissionsByWorkplace, sharedRoleId: southbankRole },
      400,
      say.roleUnknown,
    );
    await saved('olivia.admin', { name: 'Taken', ...submissionsByWorkplace });
    await refusal('olivia.admin', { name: 'Taken', ...submissionsByWorkplace }, 400, say.nameTaken);
    // Names are unique per owner: another person keeps their own "Taken".
    await saved('ethan.coordinator', { name: 'Taken', ...submissionsByWorkplace });
  });
});

describe('sharing a saved report', () => {
  it('shows a report shared with a role to its members, who may neither change nor delete it', async () => {
    const id = await saved('olivia.admin', {
      name: 'For the coordinators',
      ...submissionsByWorkplace,
      sharedRoleId: coordinatorRole,
    });
    const shared = (await list('ethan.coordinator')).find((row) => row._id === id);
    expect(shared).toMatchObject({ sharedRole: 'Coordinator', owner: 'Olivia Bennett', isOwner: 'no' });
    expect((await get('ethan.coordinator', `savedReportDetails?_id=${id}`)).statusCode).toBe(200);
    const change = await save('ethan.coordinator', { _id: id, name: 'Mine now', ...submissionsByWorkplace });
    expect([change.statusCode, change.json().response_message]).toEqual([403, say.notOwner]);
    const remove = await call('ethan.coordinator', 'savedReportDelete', { _id: id });
    expect([remove.statusCode, remove.json().response_message]).toEqual([403, say.notOwner]);
    // Mia's role is not the one it is shared with.
    expect((await list('mia.employee')).map((row) => row._id)).not.toContain(id);
    expect((await get('mia.employee', `savedReportDetails?_id=${id}`)).statusCode).toBe(404);
  });

  it('hides a report shared with members who may not run it, in the list and the details alike', async () => {
    const id = await saved('olivia.admin', {
      name: 'Actions for everyone',
      report: 'actions',
      by: 'assignee',
      filters: {},
      sharedRoleId: restrictedRole,
    });
    expect((await list('mia.employee')).map((row) => row._id)).not.toContain(id);
    expect((await get('mia.employee', `savedReportDetails?_id=${id}`)).statusCode).toBe(404);
    const visible = await saved('olivia.admin', {
      name: 'Forms for everyone',
      ...submissionsByWorkplace,
      sharedRoleId: restrictedRole,
    });
    expect((await list('mia.employee')).map((row) => row._id)).toContain(visible);
  });

  it('answers another organisation 404 and never lists its saved reports', async () => {
    const id = await saved('olivia.admin', { name: 'Northwind only', ...submissionsByWorkplace });
    expect((await get('sam.southbank', `savedReportDetails?_id=${id}`)).statusCode).toBe(404);
    expect((await call('sam.southbank', 'savedReportDelete', { _id: id })).statusCode).toBe(404);
    expect(
      (await save('sam.southbank', { _id: id, name: 'Taken over', ...submissionsByWorkplace })).statusCode,
    ).toBe(404);
    expect((await list('sam.southbank')).map((row) => row._id)).not.toContain(id);
    expect((await get('olivia.admin', `savedReportDetails?_id=${id}`)).json().response_data.name).toBe(
      'Northwind only',
    );
  });
});

describe('the schedule', () => {
  const SYDNEY = 'Australia/Sydney';
  it('is the next 07:00 of the organisation’s day: every day, on Mondays, on the 1st', () => {
    // Monday 30 November 2026, 16:00 in Sydney (UTC+11): today's 07:00 has passed.
    const afternoon = new Date('2026-11-30T05:00:00Z');
    expect(nextSendAt('daily', SYDNEY, afternoon)?.toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(nextSendAt('weekly', SYDNEY, afternoon)?.toISOString()).toBe('2026-12-06T20:00:00.000Z');
    expect(nextSendAt('monthly', SYDNEY, afternoon)?.toISOString()).toBe('2026-11-30T20:00:00.000Z');
    expect(nextSendAt('none', SYDNEY, afternoon)).toBeNull();
    // 06:00 on that Monday: today's 07:00 is still to come.
    const early = new Date('2026-11-29T19:00:00Z');
    expect(nextSendAt('daily', SYDNEY, early)?.toISOString()).toBe('2026-11-29T20:00:00.000Z');
    expect(nextSendAt('weekly', SYDNEY, early)?.toISOString()).toBe('2026-11-29T20:00:00.000Z');
    // The clocks go forward on Sunday 4 October 2026: 07:00 that day is 20:00 UTC, not 21:00.
    expect(nextSendAt('daily', SYDNEY, new Date('2026-10-03T12:00:00Z'))?.toISOString()).toBe(
      '2026-10-03T20:00:00.000Z',
    );
    // And back on Sunday 5 April 2026: 07:00 is then 21:00 UTC of the Saturday.
    expect(nextSendAt('daily', SYDNEY, new Date('2026-04-04T12:00:00Z'))?.toISOString()).toBe(
      '2026-04-04T21:00:00.000Z',
    );
    // 1 January 2027 from the last hour of 2026 in New York (UTC-5).
    expect(nextSendAt('monthly', 'America/New_York', new Date('2027-01-01T04:30:00Z'))?.toISOString()).toBe(
      '2027-01-01T12:00:00.000Z',
    );
  });

  it('is set on save from the organisation’s zone, and cleared when the report is no longer sent', async () => {
    const before = Date.now();
    const id = await saved('olivia.admin', {
      name: 'Weekly forms',
      ...submissionsByWorkplace,
      schedule: 'weekly',
    });
    const next = new Date(
      (await get('olivia.admin', `savedReportDetails?_id=${id}`)).json().response_data.nextSendAt,
    );
    expect(dayOfWeek(localDateOf(next, timeZone))).toBe(1);
    expect(localTimeOf(next, timeZone)).toBe('07:00');
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(7 * 24 * 3_600_000);
    await saved('olivia.admin', {
      _id: id,
      name: 'Weekly forms',
      ...submissionsByWorkplace,
      schedule: 'none',
    });
    expect((await ctx.db.savedReport.findUniqueOrThrow({ where: { id } })).nextSendAt).toBeNull();
  });

  it('mails a due report once, with its PDF, even when two senders run at the same time', async () => {
    const id = await saved('olivia.admin', {
      name: 'Daily forms',
      ...submissionsByWorkplace,
      schedule: 'daily',
    });
    const now = new Date();
    await ctx.db.savedReport.update({
      where: { id },
      data: { nextSendAt: new Date(now.getTime() - 60_000) },
    });
    const send = () => sendDueReports(ctx.db, ctx.app.mail, reports, { publicUrl: PUBLIC_URL }, now);
    const [first, second] = await Promise.all([send(), send()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    await send();
    const mails = await ctx.db.mailMessage.findMany({ where: { subject: { startsWith: 'Daily forms — ' } } });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const olivia = await employeeOf(ctx.db, 'olivia.admin');
    expect(mail).toMatchObject({
      toAddress: olivia.email,
      category: 'scheduledReport',
      companyId: northwind,
    });
    expect(mail!.subject).toMatch(/^Daily forms — This year/);
    expect(mail!.textBody).toContain(`${PUBLIC_URL}${savedReportPath(id)}`);
    const [attachment] = mail!.attachments as {
      filename: string;
      contentType: string;
      contentBase64: string;
    }[];
    expect(attachment!.filename).toMatch(/^form-submissions-by-workplace-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(attachment!.contentType).toBe('application/pdf');
    const pdf = Buffer.from(attachment!.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scheduled-report-')), 'report.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const words of ['Northwind Facilities', 'Form submissions', 'By workplace · This year', 'Total'])
      expect(text).toContain(words);
    const row = await ctx.db.savedReport.findUniqueOrThrow({ where: { id } });
    expect(row.lastSentAt).toEqual(now);
    expect(row.nextSendAt).toEqual(nextSendAt('daily', timeZone, now));
  });

  it('claims and skips a due report whose grouping the report no longer has, and sends the others', async () => {
    const broken = await saved('olivia.admin', {
      name: 'Old grouping',
      ...submissionsByWorkplace,
      schedule: 'daily',
    });
    const fine = await saved('olivia.admin', {
      name: 'Still fine',
      ...submissionsByWorkplace,
      schedule: 'monthly',
    });
    const now = new Date();
    const due = new Date(now.getTime() - 60_000);
    await ctx.db.savedReport.update({ where: { id: broken }, data: { nextSendAt: due, groupBy: 'colour' } });
    await ctx.db.savedReport.update({ where: { id: fine }, data: { nextSendAt: due } });
    await sendDueReports(ctx.db, ctx.app.mail, reports, { publicUrl: PUBLIC_URL }, now);
    expect(await ctx.db.mailMessage.count({ where: { subject: { startsWith: 'Old grouping' } } })).toBe(0);
    expect(await ctx.db.mailMessage.count({ where: { subject: { startsWith: 'Still fine — ' } } })).toBe(1);
    const row = await ctx.db.savedReport.findUniqueOrThrow({ where: { id: broken } });
    expect(row.nextSendAt).toEqual(nextSendAt('daily', timeZone, now));
  });

  it('claims and does not send a due report whose owner no longer holds its keys', async () => {
    const id = await saved('mia.employee', {
      name: 'Mia’s forms',
      ...submissionsByWorkplace,
      schedule: 'daily',
    });
    const now = new Date();
    await ctx.db.savedReport.update({
      where: { id },
      data: { nextSendAt: new Date(now.getTime() - 60_000) },
    });
    await setRoleKeys(ctx.db, 'mia.employee', { reportChart: false });
    try {
      await sendDueReports(ctx.db, ctx.app.mail, reports, { publicUrl: PUBLIC_URL }, now);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { reportChart: true });
    }
    expect(await ctx.db.mailMessage.count({ where: { subject: { startsWith: 'Mia’s forms' } } })).toBe(0);
    const row = await ctx.db.savedReport.findUniqueOrThrow({ where: { id } });
    // Claimed for the period, but nothing was sent.
    expect(row.lastSentAt).toBeNull();
    expect(row.nextSendAt!.getTime()).toBeGreaterThan(now.getTime());
  });

  it('keeps a report due when building it fails for a moment, and sends it at the next run', async () => {
    const id = await saved('olivia.admin', {
      name: 'Retried forms',
      ...submissionsByWorkplace,
      schedule: 'weekly',
    });
    const now = new Date();
    const due = new Date(now.getTime() - 60_000);
    await ctx.db.savedReport.update({ where: { id }, data: { nextSendAt: due } });
    const failing = { fullTable: () => Promise.reject(new Error('The database went away')) };
    await expect(
      sendDueReports(ctx.db, ctx.app.mail, failing, { publicUrl: PUBLIC_URL }, now),
    ).rejects.toThrow('The database went away');
    const kept = await ctx.db.savedReport.findUniqueOrThrow({ where: { id } });
    expect(kept.nextSendAt).toEqual(due);
    expect(kept.lastSentAt).toBeNull();
    const later = new Date(now.getTime() + 5 * 60_000);
    await sendDueReports(ctx.db, ctx.app.mail, reports, { publicUrl: PUBLIC_URL }, later);
    expect(await ctx.db.mailMessage.count({ where: { subject: { startsWith: 'Retried forms' } } })).toBe(1);
    const sent = await ctx.db.savedReport.findUniqueOrThrow({ where: { id } });
    expect(sent.lastSentAt).toEqual(later);
    expect(sent.nextSendAt).toEqual(nextSendAt('weekly', timeZone, later));
  });
});
