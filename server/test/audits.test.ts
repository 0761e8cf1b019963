import {
  addDays,
  auditMessages as say,
  localDateOf,
  occurrenceDay,
  type TAuditCreate,
} from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiCalls,
  DEMO_USERS,
  employeeOf,
  setRoleKeys,
  setupTestApp,
  signInAll,
  type TestContext,
} from './helpers';

/** Audit Inspection: lists, create, conduct, findings answered from the dashboard, close-off, recurrence. */
let ctx: TestContext;
let tokens: Record<string, string>;
let people: { ethan: string; mia: string; olivia: string; workplace: string; branch: string };
let template: {
  id: string;
  exits: string;
  extinguishers: string;
  firstAid: string;
  walkways: string;
  notes: string;
};
let southbankAudit: string;
const today = localDateOf(new Date(), 'UTC');
const NOBODY = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, [...DEMO_USERS, 'acme.supplier']);
  const employee = (username: string) => employeeOf(ctx.db, username);
  const ethan = await employee('ethan.coordinator');
  const branch = await ctx.db.branch.findFirstOrThrow({
    where: { companyId: ethan.companyId, workplaceId: ethan.workplaceId!, isActive: true },
  });
  people = {
    ethan: ethan.id,
    mia: (await employee('mia.employee')).id,
    olivia: (await employee('olivia.admin')).id,
    workplace: ethan.workplaceId!,
    branch: branch.id,
  };
  const audit = await ctx.db.formTemplate.findFirstOrThrow({
    where: { companyId: ethan.companyId, formType: 'audit' },
    include: { versions: { include: { fields: true } } },
  });
  const field = (label: string) => audit.versions[0]!.fields.find((row) => row.label.startsWith(label))!.id;
  template = {
    id: audit.id,
    exits: field('Are emergency exits'),
    extinguishers: field('Are fire extinguishers'),
    firstAid: field('Is the first aid kit'),
    walkways: field('Are walkways'),
    notes: field('Auditor notes'),
  };
  const sam = await employee('sam.southbank');
  southbankAudit = (await ctx.db.audit.findFirstOrThrow({ where: { companyId: sam.companyId } })).id;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const api = () => request(ctx.app.server);

const input = (extra: Partial<TAuditCreate> = {}): TAuditCreate => ({
  templateId: template.id,
  auditorId: people.ethan,
  workplaceId: people.workplace,
  branchId: people.branch,
  dueDate: addDays(today, 3),
  frequency: null,
  ...extra,
});
const created = async (extra: Partial<TAuditCreate> = {}) =>
  (await data('olivia.admin', 'auditCreate', input(extra)))._id as string;
const details = (id: string, as = 'ethan.coordinator') => data(as, 'auditDetails', { _id: id });
const answerAll = (id: string, version: number, exits = 'yes') =>
  data('ethan.coordinator', 'auditSave', {
    _id: id,
    version,
    answers: [
      { fieldId: template.exits, value: exits },
      { fieldId: template.extinguishers, value: 'yes' },
      { fieldId: template.firstAid, value: 'n-a' },
    ],
  });

describe('callers', () => {
  it('needs an employee with the audit keys; the register and create need auditManageAudit', async () => {
    expect((await call(null, 'auditRegisterList', {})).statusCode).toBe(401);
    expect((await call('acme.supplier', 'myAuditList', {})).statusCode).toBe(403);
    expect(
      (await api().get('/api/auditRegisterExport').set('authtoken', tokens['acme.supplier']!)).status,
    ).toBe(403);
    await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: false });
    try {
      const refused = await call('mia.employee', 'auditRegisterList', {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error_code).toBe('access_key_missing');
      expect((await call('mia.employee', 'auditCreate', input())).statusCode).toBe(403);
      expect((await call('mia.employee', 'myAuditList', {})).statusCode).toBe(200);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: true });
    }
    await setRoleKeys(ctx.db, 'mia.employee', { audit: false });
    try {
      expect((await call('mia.employee', 'myAuditList', {})).statusCode).toBe(403);
      expect((await call('mia.employee', 'auditDetails', { _id: southbankAudit })).statusCode).toBe(403);
      const reopen = { _id: southbankAudit, version: 1, reason: 'x' };
      expect((await call('mia.employee', 'auditReopen', reopen)).statusCode).toBe(403);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { audit: true });
    }
  });

  it("another organisation's audit is not found, for every call that names one", async () => {
    const other = southbankAudit;
    for (const [path, payload] of [
      ['auditDetails', { _id: other }],
      ['auditSave', { _id: other, version: 1, answers: [] }],
      [
        'auditFinding',
        { auditId: other, fieldId: template.exits, instruction: 'x', assigneeId: people.mia, dueDate: today },
      ],
      ['auditClose', { _id: other, version: 1 }],
      ['auditReopen', { _id: other, version: 1, reason: 'x' }],
    ] as const) {
      const response = await call('olivia.admin', path, payload);
      expect(response.statusCode, path).toBe(404);
    }
    const upload = await api()
      .post('/api/auditAttachmentUpload')
      .set('authtoken', tokens['olivia.admin']!)
      .field('_id', other)
      .attach('files', Buffer.from('hello'), 'note.txt');
    expect(upload.status).toBe(404);
  });
});

describe('create and the lists', () => {
  it('creates an audit from an audit template; bad input is 400 and creates nothing', async () => {
    const before = await ctx.db.audit.count();
    for (const [extra, field] of [
      [{ templateId: NOBODY }, 'templateId'],
      [{ auditorId: NOBODY }, 'auditorId'],
      [{ workplaceId: NOBODY }, 'workplaceId'],
      [{ branchId: NOBODY }, 'branchId'],
    ] as const) {
      const response = await call('olivia.admin', 'auditCreate', input(extra));
      expect(response.statusCode).toBe(400);
      expect(response.json().validation_errors[0].field).toBe(field);
    }
    const badDay = await call('olivia.admin', 'auditCreate', input({ dueDate: '2026-02-30' }));
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().response_message).toBe(say.dueDateInvalid);
    // A form template is not an audit template.
    const form = await ctx.db.formTemplate.findFirstOrThrow({
      where: {
        companyId: (await ctx.db.audit.findFirstOrThrow({ where: { id: await created() } })).companyId,
        formType: 'form_submission',
      },
    });
    expect((await call('olivia.admin', 'auditCreate', input({ templateId: form.id }))).statusCode).toBe(400);
    expect(await ctx.db.audit.count()).toBe(before + 1);

    const options = await data('olivia.admin', 'auditOptions');
    expect(options.templates.map((row: { _id: string }) => row._id)).toEqual([template.id]);
    expect(
      options.workplaces.find((row: { _id: string }) => row._id === people.workplace).branches,
    ).toContainEqual({
      _id: people.branch,
      name: expect.any(String),
    });
    const found = await data('olivia.admin', 'auditPeopleSearch', { search: 'Mia' });
    expect(found.map((row: { _id: string }) => row._id)).toContain(people.mia);
  });

  it('lists the register and My Audit, paged, filtered and as CSV', async () => {
    const id = await created({ dueDate: addDays(today, 40) });
    const register = await data('olivia.admin', 'auditRegisterList', {
      dueFrom: addDays(today, 40),
      dueTo: addDays(today, 40),
      auditorId: people.ethan,
      status: 'scheduled',
      templateId: template.id,
      workplaceId: people.workplace,
    });
    expect(register.rows.map((row: { _id: string }) => row._id)).toContain(id);
    expect(register.rows[0]).toMatchObject({
      templateName: 'Workplace Safety Audit',
      auditor: 'Ethan Clarke',
      status: 'scheduled',
      openTasks: 0,
    });
    const paged = await data('olivia.admin', 'auditRegisterList', {
      pageSize: 1,
      sort: 'name',
      sortDirection: 'desc',
    });
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);

    const mine = await data('ethan.coordinator', 'myAuditList', { auditorId: people.olivia, pageSize: 100 });
    expect(mine.rows.map((row: { _id: string }) => row._id)).toContain(id);
    expect(mine.rows.every((row: { auditor: string }) => row.auditor === 'Ethan Clarke')).toBe(true);
    const miaMine = await data('mia.employee', 'myAuditList', { pageSize: 100 });
    expect(miaMine.rows.map((row: { _id: string }) => row._id)).not.toContain(id);

    const csv = await api()
      .get(`/api/auditRegisterExport?dueFrom=${addDays(today, 40)}&dueTo=${addDays(today, 40)}`)
      .set('authtoken', tokens['olivia.admin']!);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('Workplace Safety Audit');
    expect(csv.text.split('\n')[0]).toContain('Due date');
    const myCsv = await api().get('/api/myAuditExport').set('authtoken', tokens['ethan.coordinator']!);
    expect(myCsv.status).toBe(200);
    expect((await call('olivia.admin', 'auditRegisterList', { status: 'open' })).statusCode).toBe(400);
  });

  it("is on its auditor's dashboard under Scheduled Tasks, and opens the audit", async () => {
    const id = await created({ dueDate: addDays(today, -1) });
    const dashboard = await data('ethan.coordinator', 'dashboardList', {});
    const item = dashboard.list.scheduledTasks.list.find((row: { _id: string }) => row._id === id);
    expect(item).toMatchObject({
      sectionType: 'audit',
      title: 'Workplace Safety Audit',
      assignFor: people.ethan,
      formTemplate: template.id,
      taskDueDateType: 'overdue',
    });
    const mia = await data('mia.employee', 'dashboardList', {});
    expect(mia.list.scheduledTasks.list.map((row: { _id: string }) => row._id)).not.toContain(id);
  });
});

describe('conduct and close', () => {
  it('saves answers checked by the field registry, scores them, and refuses others', async () => {
    const id = await created();
    const audit = await details(id);
    expect(audit).toMatchObject({ status: 'scheduled', canConduct: true, score: null, version: 1 });
    expect(audit.fieldList.map((field: { _id: string }) => field._id)).toContain(template.exits);

    const saved = await answerAll(id, 1, 'no');
    // Yes + No (N/A left out): 50 %.
    expect(saved).toEqual({ version: 2, score: 50 });
    const after = await details(id);
    expect(after).toMatchObject({ status: 'inProgress', score: 50 });
    expect(after.answers[template.exits]).toBe('no');

    const stale = await call('ethan.coordinator', 'auditSave', { _id: id, version: 1, answers: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error_code).toBe('stale_version');
    const notOffered = await call('ethan.coordinator', 'auditSave', {
      _id: id,
      version: 2,
      answers: [{ fieldId: template.exits, value: 'Maybe' }],
    });
    expect(notOffered.statusCode).toBe(400);
    const wrongType = await call('ethan.coordinator', 'auditSave', {
      _id: id,
      version: 2,
      answers: [{ fieldId: template.notes, value: { text: 1 } }],
    });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await call('ethan.coordinator', 'auditSave', {
      _id: id,
      version: 2,
      answers: [{ fieldId: NOBODY, value: 'Yes' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().response_message).toBe(say.questionUnknown);
    expect((await details(id)).version).toBe(2);

    // Only the auditor conducts: the administrator sees it but may not answer.
    expect(await details(id, 'olivia.admin')).toMatchObject({ canConduct: false });
    const notAuditor = await call('olivia.admin', 'auditSave', { _id: id, version: 2, answers: [] });
    expect(notAuditor.statusCode).toBe(403);
    expect(notAuditor.json().response_message).toBe(say.notAuditor);
    // Without auditManageAudit, Mia (neither auditor nor assignee) does not find it.
    await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: false });
    try {
      expect((await call('mia.employee', 'auditDetails', { _id: id })).statusCode).toBe(404);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: true });
    }
  });

  it('a finding goes to the assignee (mail, dashboard); the audit closes only when it is complete', async () => {
    const id = await created({ frequency: 'months', dueDate: today });
    await answerAll(id, 1, 'no');
    const mails = await ctx.db.mailMessage.count({ where: { category: 'auditFinding' } });

    const missing = await call('ethan.coordinator', 'auditFinding', {
      auditId: id,
      fieldId: template.exits,
      instruction: ' ',
      assigneeId: people.mia,
      dueDate: addDays(today, 5),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response_message).toBe(say.instructionRequired);
    const headingOrUnknown = await call('ethan.coordinator', 'auditFinding', {
      auditId: id,
      fieldId: NOBODY,
      instruction: 'Clear it',
      assigneeId: people.mia,
      dueDate: addDays(today, 5),
    });
    expect(headingOrUnknown.statusCode).toBe(400);
    expect(await ctx.db.auditQuestionTask.count({ where: { auditId: id } })).toBe(0);

    const finding = await data('ethan.coordinator', 'auditFinding', {
      auditId: id,
      fieldId: template.exits,
      instruction: 'Clear the pallets from the east exit.',
      assigneeId: people.mia,
      dueDate: addDays(today, 5),
    });
    expect(await ctx.db.mailMessage.count({ where: { category: 'auditFinding' } })).toBe(mails + 1);
    const task = await ctx.db.auditQuestionTask.findUniqueOrThrow({ where: { id: finding._id } });
    expect(task).toMatchObject({
      question: 'Are emergency exits clear and signed?',
      assigneeType: 'internal',
      assigneeEmployeeId: people.mia,
      fieldId: template.exits,
      isComplete: false,
    });
    // Mia may now read the audit of her finding (the action dialog links to it) without the key.
    await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: false });
    try {
      expect((await details(id, 'mia.employee')).tasks).toHaveLength(1);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: true });
    }

    // Closing with the open finding: 409 with the message, nothing changed.
    const version = (await details(id)).version;
    const refused = await call('ethan.coordinator', 'auditClose', { _id: id, version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      response_message: say.openTasks,
      error_code: 'open_tasks_block_close',
    });
    const unchanged = await details(id);
    expect(unchanged).toMatchObject({ status: 'inProgress', version, pdf: null });
    expect(
      await ctx.db.audit.count({ where: { firstDueDate: new Date(`${today}T00:00:00Z`), occurrence: 1 } }),
    ).toBe(0);

    // Mia completes it from her dashboard.
    const dashboard = await data('mia.employee', 'dashboardList', {});
    expect(dashboard.list.assignedActions.list.map((item: { taskID: string }) => item.taskID)).toContain(
      finding._id,
    );
    const answer = await api()
      .post('/api/assignedActionSave')
      .set('authtoken', tokens['mia.employee']!)
      .field('sectionType', 'audit')
      .field('taskId', finding._id)
      .field('response', 'Pallets moved.')
      .field('completeStatus', 'yes');
    expect(answer.status).toBe(200);

    const closed = await data('ethan.coordinator', 'auditClose', { _id: id, version });
    expect(closed.pdf.name).toMatch(/\.pdf$/);
    const after = await details(id);
    expect(after).toMatchObject({ status: 'closed', canConduct: false, pdf: { _id: closed.pdf._id } });
    expect(after.tasks[0]).toMatchObject({ isComplete: true, response: 'Pallets moved.' });
    const file = await api()
      .get(`/api/files/${closed.pdf._id}`)
      .set('authtoken', tokens['ethan.coordinator']!)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    // Another organisation cannot download it.
    expect(
      (await api().get(`/api/files/${closed.pdf._id}`).set('authtoken', tokens['sam.southbank']!)).status,
    ).toBe(404);

    // The next occurrence is scheduled a month on; a closed audit cannot change.
    const next = await details(closed.nextAuditId);
    expect(next).toMatchObject({
      status: 'scheduled',
      occurrence: 1,
      dueDate: occurrenceDay(today, 'months', 1),
      auditor: { _id: people.ethan },
      frequency: 'months',
    });
    const again = await call('ethan.coordinator', 'auditSave', {
      _id: id,
      version: after.version,
      answers: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.closed);

    // Reopened with a reason, by its auditor (not by the assignee of a finding); closed again, the
    // next occurrence is the one already scheduled.
    const reopen = (as: string, body: object) =>
      call(as, 'auditReopen', {
        _id: id,
        version: after.version,
        reason: 'The exit answer was wrong.',
        ...body,
      });
    const noReason = await reopen('ethan.coordinator', { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().response_message).toBe(say.reopenReasonRequired);
    await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: false });
    try {
      const byAssignee = await reopen('mia.employee', {});
      expect(byAssignee.statusCode).toBe(403);
      expect(byAssignee.json().response_message).toBe(say.notReopener);
    } finally {
      await setRoleKeys(ctx.db, 'mia.employee', { auditManageAudit: true });
    }
    expect((await reopen('ethan.coordinator', { version: after.version - 1 })).statusCode).toBe(409);
    expect((await details(id)).status).toBe('closed');
    expect((await reopen('ethan.coordinator', {})).statusCode).toBe(200);
    const reopened = await details(id);
    expect(reopened).toMatchObject({ status: 'inProgress', canConduct: true, canReopen: false, pdf: null });
    expect(reopened.attachments.map((file: { name: string }) => file.name)).toContain(closed.pdf.name);
    const twice = await call('ethan.coordinator', 'auditReopen', {
      _id: id,
      version: reopened.version,
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().response_message).toBe(say.notClosed);
    const log = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityType: 'audit', entityId: id, action: 'reopened' },
    });
    expect(JSON.stringify(log.changes)).toContain('The exit answer was wrong.');
    const reclosed = await data('ethan.coordinator', 'auditClose', { _id: id, version: reopened.version });
    expect(reclosed.nextAuditId).toBe(closed.nextAuditId);
    expect(reclosed.pdf._id).not.toBe(closed.pdf._id);
    const stored = await ctx.db.audit.findUniqueOrThrow({ where: { id } });
    const series = { companyId: stored.companyId, name: stored.name, firstDueDate: stored.firstDueDate };
    expect(await ctx.db.audit.count({ where: { ...series, occurrence: 1 } })).toBe(1);
  });

  it('refuses to close with an unanswered mandatory question, and adds files while open', async () => {
    const id = await created();
    const refused = await call('ethan.coordinator', 'auditClose', { _id: id, version: 1 });
    expect(refused.statusCode).toBe(400);
    expect((await details(id)).status).toBe('scheduled');

    const upload = await api()
      .post('/api/auditAttachmentUpload')
      .set('authtoken', tokens['ethan.coordinator']!)
      .field('_id', id)
      .attach('files', Buffer.from('dock photo'), 'photo.txt');
    expect(upload.status).toBe(200);
    expect((await details(id)).attachments.map((file: { name: string }) => file.name)).toEqual(['photo.txt']);
    const byAdmin = await api()
      .post('/api/auditAttachmentUpload')
      .set('authtoken', tokens['olivia.admin']!)
      .field('_id', id)
      .attach('files', Buffer.from('x'), 'other.txt');
    expect(byAdmin.status).toBe(403);

    await answerAll(id, 1);
    const closed = await data('ethan.coordinator', 'auditClose', { _id: id, version: 2 });
    expect(closed.nextAuditId).toBeNull();
    const after = await details(id);
    expect(after.score).toBe(100);
    // The close-off PDF is named by the audit, apart from the files the auditor added.
    expect(after.pdf._id).toBe(closed.pdf._id);
    expect(after.attachments.map((file: { name: string }) => file.name)).toEqual(['photo.txt']);
  });
});
