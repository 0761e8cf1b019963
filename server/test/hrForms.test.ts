import { addDays, hrFormMessages as say, localDateOf, type THrFormDetails } from '@compass/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import {
  apiCalls,
  employeeOf,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';
import { latestMail, startSmtpServer, type TestSmtpServer } from './smtp';

/** HR forms: assign → open → submit → return → submit → accept (close-off with its PDF); who sees what. */
const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
const WELLBEING = nw('template', 'wellbeing');
const TECHNICIAN_FORM = nw('template', 'induction');
const PUBLIC_URL = 'http://compass.test';
const today = localDateOf(new Date(), 'UTC');
const NO_HR = { hrForm: false, hrAdmin: false, hrEmployeePrivateInfo: false };

let ctx: TestContext;
let smtp: TestSmtpServer;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
let mia: { id: string; email: string | null; positionId: string | null };
let ethan: { id: string; email: string | null };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '0.5' });
  await ctx.app.mail.startWorker();
  // HR is Olivia (Administrator); Mia (Restricted Employee) fills in, Ethan reviews, Ava (Ethan's
  // role, Coordinator) is another employee: none of them holds an HR key.
  await setRoleKeys(ctx.db, 'olivia.admin', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: false });
  await setRoleKeys(ctx.db, 'ethan.coordinator', NO_HR);
  await setRoleKeys(ctx.db, 'mia.employee', NO_HR);
  tokens = await signInAll(ctx.app);
  tokens['ava.dual'] = await signIn(ctx.app, 'ava.dual');
  tokens['acme.supplier'] = await signIn(ctx.app, 'acme.supplier');
  mia = await employeeOf(ctx.db, 'mia.employee');
  ethan = await employeeOf(ctx.db, 'ethan.coordinator');
});

afterAll(async () => {
  await smtp.close();
});

const assignment = (extra: object = {}) => ({
  formTemplateId: WELLBEING,
  employeeIds: [mia.id],
  reviewerEmployeeId: ethan.id,
  dueDate: addDays(today, 7),
  message: 'Ten minutes, before Friday please.',
  ...extra,
});

async function assignToMia(extra: object = {}): Promise<string> {
  const assigned = await data('olivia.admin', 'hrFormAssign', assignment(extra));
  expect(assigned.count).toBe(1);
  return assigned.ids[0];
}

/** Mia's save of the form (a draft, or submitted). */
async function saveAsMia(submissionId: string, isDraft: 'yes' | 'no', feeling = 'great') {
  const form = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  const field = await ctx.db.templateField.findFirstOrThrow({
    where: { templateVersionId: form.templateVersionId, label: 'How are you feeling at work?' },
  });
  return call('mia.employee', 'formSubmissionSave', {
    _id: submissionId,
    version: form.version,
    formTemplateId: form.templateId,
    formDescription: form.formDescription,
    formDate: today,
    workplace: form.workplaceId ?? '',
    branch: form.branchId ?? '',
    // The editor may send any coordinator: the reviewer stays the one who closes.
    submissionUserId: [{ userId: mia.id }],
    formValue: [{ relatedFormId: field.id, value: feeling }],
    taskData: [],
    tableData: [],
    isDraft,
  });
}

const mailTo = (address: string | null, subject: RegExp, from: number) =>
  latestMail(smtp, from, address!, subject);

describe('an HR form from assigning to its close-off', () => {
  let id: string;
  let submissionId: string;

  it('assigns it to Mia and mails her; the register lists it', async () => {
    const from = smtp.received.length;
    const response = await call('olivia.admin', 'hrFormAssign', assignment());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().response_message).toBe(say.assigned(1, 1));
    id = response.json().response_data.ids[0];
    const mail = await mailTo(mia.email, /An HR form to fill in: Annual Wellbeing Check/, from);
    expect(mail.text).toContain('Ten minutes, before Friday please.');
    expect(mail.text).toContain(
      `/human-resource/employee/form-submit/assessment/${mia.id}/${id}/${WELLBEING}`,
    );

    const register = await data('olivia.admin', 'hrFormList', { search: 'torres', status: 'assigned' });
    expect(register.rows.find((row: { _id: string }) => row._id === id)).toMatchObject({
      formName: 'Annual Wellbeing Check',
      employeeName: 'Mia Torres',
      reviewerName: 'Ethan Clarke',
      status: 'assigned',
      submissionId: null,
      formNumber: null,
      repeat: null,
    });
    // The search names the employee, the reviewer or the form; a name of nobody's row finds none.
    for (const search of ['ethan cl', 'wellbeing']) {
      const found = await data('olivia.admin', 'hrFormList', { search, status: 'assigned', pageSize: 100 });
      expect(found.rows.map((row: { _id: string }) => row._id)).toContain(id);
    }
    expect((await data('olivia.admin', 'hrFormList', { search: 'sam reed' })).rows).toEqual([]);
  });

  it('lists it on Mia’s dashboard, and its details open for her', async () => {
    const list = (await data('mia.employee', 'dashboardList', {})).list;
    expect(list.hrForms.list.map((item: { _id: string }) => item._id)).toContain(id);
    const details: THrFormDetails = await data('mia.employee', 'hrFormDetails', { _id: id });
    expect(details).toMatchObject({ side: 'employee', canFill: true, canReview: false, canCancel: false });
    expect(details.history.map((event) => event.action)).toEqual(['assigned']);
  });

  it('starts her draft once on open, recorded by her with Ethan as coordinator', async () => {
    const opened = await data('mia.employee', 'hrFormOpen', { _id: id });
    submissionId = opened.submissionId;
    expect(opened.path).toBe(`/form-submission/my-action-edit/${submissionId}?assignFormId=${id}`);
    expect((await data('mia.employee', 'hrFormOpen', { _id: id })).submissionId).toBe(submissionId);
    const form = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id: submissionId },
      include: { coordinators: true },
    });
    expect(form).toMatchObject({ formType: 'hr', isDraft: true, recordedByEmployeeId: mia.id });
    expect(form.coordinators.map((row) => row.employeeId)).toEqual([ethan.id]);
    // Ethan may not open it as hers.
    expect((await call('ethan.coordinator', 'hrFormOpen', { _id: id })).statusCode).toBe(403);
  });

  it('is submitted by her ordinary save: Ethan is told and it waits for his review', async () => {
    expect((await saveAsMia(submissionId, 'yes')).statusCode).toBe(200);
    expect((await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id } })).status).toBe('assigned');
    const from = smtp.received.length;
    const saved = await saveAsMia(submissionId, 'no');
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id } })).status).toBe('submitted');
    const coordinators = await ctx.db.submissionCoordinator.findMany({ where: { submissionId } });
    expect(coordinators.map((row) => row.employeeId)).toEqual([ethan.id]);
    const mail = await mailTo(ethan.email, /Annual Wellbeing Check from Mia Torres to review/, from);
    expect(mail.text).toContain(`/human-resource/employee/form-submit/review/${mia.id}/${id}/${WELLBEING}`);
    const details: THrFormDetails = await data('ethan.coordinator', 'hrFormDetails', { _id: id });
    expect(details).toMatchObject({ side: 'reviewer', canReview: true, status: 'submitted' });
    expect(details.formNumber).toMatch(/^FS \d+$/);
  });

  it('is returned by Ethan with a comment: hers again, as a draft', async () => {
    const bare = await call('ethan.coordinator', 'hrFormReturn', { _id: id, comment: '  ' });
    expect(bare.statusCode).toBe(400);
    expect((await call('mia.employee', 'hrFormReturn', { _id: id, comment: 'No' })).statusCode).toBe(403);
    const from = smtp.received.length;
    const returned = await call('ethan.coordinator', 'hrFormReturn', {
      _id: id,
      comment: 'Say more on workload.',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'assigned',
      returnCount: 1,
      reviewComment: 'Say more on workload.',
    });
    expect((await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: submissionId } })).isDraft).toBe(
      true,
    );
    const mail = await mailTo(mia.email, /Annual Wellbeing Check: changes requested/, from);
    expect(mail.text).toContain('Say more on workload.');
    // A second return finds nothing submitted.
    expect((await call('ethan.coordinator', 'hrFormReturn', { _id: id, comment: 'Again' })).statusCode).toBe(
      409,
    );
  });

  it('is submitted again and accepted: closed through its assignment with the PDF', async () => {
    expect((await saveAsMia(submissionId, 'no', 'okay')).statusCode).toBe(200);
    const found = await data('ethan.coordinator', 'hrFormOfSubmission', { formSumissionId: submissionId });
    expect(found).toEqual({ _id: id });
    // Mia may not close her own form: the reviewer does.
    expect((await call('mia.employee', 'assignFormCloseOff', { _id: id })).statusCode).toBe(403);
    const closed = await call('ethan.coordinator', 'assignFormCloseOff', { _id: id });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().response_data.pdf.name).toMatch(/\.pdf$/);
    expect(await ctx.db.hrFormAssignment.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'closed',
    });
    const pdfs = await ctx.db.attachment.count({ where: { ownerType: 'submission', ownerId: submissionId } });
    expect(pdfs).toBe(1);
    const details: THrFormDetails = await data('olivia.admin', 'hrFormDetails', { _id: id });
    expect(details).toMatchObject({ side: 'hr', status: 'closed', returnCount: 1, canCancel: false });
    expect(details.history.map((event) => event.action)).toEqual([
      'assigned',
      'submitted',
      'returned',
      'submitted',
    ]);
    expect(details.history[2]).toMatchObject({ comment: 'Say more on workload.', byName: 'Ethan Clarke' });
  });
});

describe('repeating and withdrawing', () => {
  it('assigns the next when a repeating one closes, due one period after the last due date', async () => {
    const id = await assignToMia({
      repeat: { frequency: 'months', interval: 3 },
      dueDate: addDays(today, 2),
    });
    const { submissionId } = await data('mia.employee', 'hrFormOpen', { _id: id });
    expect((await saveAsMia(submissionId, 'no')).statusCode).toBe(200);
    expect((await call('ethan.coordinator', 'assignFormCloseOff', { _id: id })).statusCode).toBe(200);
    const next = await ctx.db.hrFormAssignment.findMany({
      where: { employeeId: mia.id, status: 'assigned', frequency: 'months' },
    });
    expect(next).toHaveLength(1);
    const row = (
      await data('olivia.admin', 'hrFormList', { employeeId: mia.id, status: 'assigned' })
    ).rows.find((item: { _id: string }) => item._id === next[0]!.id);
    const due = new Date(`${addDays(today, 2)}T00:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + 3);
    expect(row).toMatchObject({ repeat: { frequency: 'months', interval: 3 } });
    expect(row.dueDate <= due.toISOString().slice(0, 10)).toBe(true);
    expect(row.dueDate > addDays(today, 80)).toBe(true);
  });

  it('lets HR withdraw an open one: cancelled, off her dashboard, no longer hers to open', async () => {
    const id = await assignToMia();
    expect((await call('ethan.coordinator', 'hrFormCancel', { _id: id })).statusCode).toBe(403);
    expect((await call('olivia.admin', 'hrFormCancel', { _id: id })).statusCode).toBe(200);
    expect((await call('olivia.admin', 'hrFormCancel', { _id: id })).statusCode).toBe(409);
    const list = (await data('mia.employee', 'dashboardList', {})).list;
    expect(list.hrForms.list.map((item: { _id: string }) => item._id)).not.toContain(id);
    expect((await call('mia.employee', 'hrFormOpen', { _id: id })).statusCode).toBe(409);
    const register = await data('olivia.admin', 'hrFormList', { status: 'cancelled' });
    expect(register.rows.map((row: { _id: string }) => row._id)).toContain(id);
  });

  it('names as reviewer only every assignee’s line manager without hrEmployeePrivateInfo (the reviewer reads the answers)', async () => {
    const before = await ctx.db.hrFormAssignment.count();
    const byPosition = assignment({ employeeIds: undefined, positionId: mia.positionId });
    const refused = await call('olivia.admin', 'hrFormAssign', byPosition);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().validation_errors).toEqual([
      { field: 'reviewerEmployeeId', message: say.reviewerNotManager },
    ]);
    const notHerManager = await call(
      'olivia.admin',
      'hrFormAssign',
      assignment({ reviewerEmployeeId: (await employeeOf(ctx.db, 'ava.dual')).id }),
    );
    expect(notHerManager.statusCode).toBe(400);
    expect(await ctx.db.hrFormAssignment.count()).toBe(before);
  });

  it('assigns by position to everyone active in it, the reviewer left out (HR who reads the answers)', async () => {
    await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeePrivateInfo: true });
    tokens['olivia.admin'] = await signIn(ctx.app, 'olivia.admin');
    try {
      const response = await call(
        'olivia.admin',
        'hrFormAssign',
        assignment({ employeeIds: undefined, positionId: mia.positionId }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const technicians = await ctx.db.employee.count({
        where: { positionId: mia.positionId, isActive: true },
      });
      expect(response.json().response_data.count).toBe(technicians);
    } finally {
      await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeePrivateInfo: false });
      tokens['olivia.admin'] = await signIn(ctx.app, 'olivia.admin');
    }
  });
});

describe('the assign dialog', () => {
  it('offers published HR templates, and people by name: reviewers only among those who sign in', async () => {
    const options = await data('olivia.admin', 'hrFormAssignOptions');
    const templates = options.templates.map((row: { _id: string }) => row._id);
    expect(templates).toContain(WELLBEING);
    expect(templates).not.toContain(nw('template', 'incident'));
    expect(options.positions.length).toBeGreaterThan(0);
    const people = await data('olivia.admin', 'hrFormPeopleSearch', { search: 'mor' });
    expect(people.map((row: { name: string }) => row.name)).toContain('Jack Morrison');
    const reviewers = await data('olivia.admin', 'hrFormPeopleSearch', { search: 'mor', role: 'reviewer' });
    expect(reviewers.map((row: { name: string }) => row.name)).not.toContain('Jack Morrison');
    const ethans = await data('olivia.admin', 'hrFormPeopleSearch', { search: 'ethan cl', role: 'reviewer' });
    expect(ethans).toEqual([{ _id: ethan.id, name: 'Ethan Clarke', positionName: 'Safety Coordinator' }]);
  });
});

describe('the register and its export', () => {
  it('filters by status, template, people and due range, latest due first', async () => {
    const all = await data('olivia.admin', 'hrFormList', { pageSize: 100 });
    const dues = all.rows.map((row: { dueDate: string }) => row.dueDate);
    expect(dues).toEqual([...dues].sort().reverse());
    const byReviewer = await data('olivia.admin', 'hrFormList', {
      reviewerEmployeeId: ethan.id,
      formTemplateId: WELLBEING,
      dueFrom: today,
      dueTo: addDays(today, 7),
    });
    expect(byReviewer.rows.length).toBeGreaterThan(0);
    for (const row of byReviewer.rows) {
      expect(row.reviewerEmployeeId).toBe(ethan.id);
      expect(row.dueDate >= today && row.dueDate <= addDays(today, 7)).toBe(true);
    }
  });

  it('exports the filtered register as CSV', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/hrFormExport?employeeId=${mia.id}&status=closed`,
      headers: { authtoken: tokens['olivia.admin']! },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Form,Employee,Reviewer,Status,Due date,Form number,Returned,Repeats');
    expect(lines.slice(1).every((line) => line.includes('Mia Torres') && line.includes('Closed'))).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
  });
});

describe('who reaches an HR form', () => {
  let id: string;
  beforeAll(async () => {
    id = await assignToMia();
  });

  it('refuses the register, options and assigning to employees without an HR key', async () => {
    for (const username of ['mia.employee', 'ethan.coordinator', 'ava.dual']) {
      for (const [path, body] of [
        ['hrFormList', {}],
        ['hrFormAssignOptions', undefined],
        ['hrFormPeopleSearch', {}],
        ['hrFormAssign', assignment()],
      ] as const)
        expect((await call(username, path, body)).statusCode, `${username} ${path}`).toBe(403);
    }
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/hrFormExport',
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(csv.statusCode).toBe(403);
  });

  it('shows another employee nothing of it, and the form’s content only to its own people', async () => {
    expect((await call('ava.dual', 'hrFormDetails', { _id: id })).statusCode).toBe(403);
    expect((await call('ava.dual', 'hrFormOpen', { _id: id })).statusCode).toBe(403);
    const { submissionId } = await data('mia.employee', 'hrFormOpen', { _id: id });
    expect((await call('ava.dual', 'hrFormOfSubmission', { formSumissionId: submissionId })).statusCode).toBe(
      404,
    );
    expect(
      (await call('ava.dual', 'formSubmissionDetails', { formSubmissionId: submissionId })).statusCode,
    ).toBe(404);
    // HR sees the assignment; the answers only with hrEmployeePrivateInfo (the forms' rule).
    expect((await call('olivia.admin', 'hrFormDetails', { _id: id })).statusCode).toBe(200);
    const hidden = await call('olivia.admin', 'formSubmissionDetails', { formSubmissionId: submissionId });
    expect(hidden.statusCode).toBe(404);
    await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeePrivateInfo: true });
    const shown = await call('olivia.admin', 'formSubmissionDetails', { formSubmissionId: submissionId });
    expect(shown.statusCode).toBe(200);
    await setRoleKeys(ctx.db, 'olivia.admin', { hrEmployeePrivateInfo: false });
  });

  it('serves no supplier, personnel, link or caller without a session', async () => {
    for (const as of ['acme.supplier', 'liam.personnel', null])
      for (const path of ['hrFormDetails', 'hrFormOpen', 'hrFormList', 'hrFormCancel']) {
        const response = await call(as, path, { _id: id });
        expect([401, 403], `${as} ${path}`).toContain(response.statusCode);
      }
  });

  it('finds nothing of another organisation', async () => {
    await setRoleKeys(ctx.db, 'sam.southbank', { hrForm: true, hrAdmin: true, hrEmployeePrivateInfo: true });
    for (const path of ['hrFormDetails', 'hrFormCancel', 'hrFormReturn'])
      expect((await call('sam.southbank', path, { _id: id, comment: 'x' })).statusCode, path).toBe(404);
    const register = await data('sam.southbank', 'hrFormList', { employeeId: mia.id });
    expect(register.rows).toEqual([]);
    const assigned = await call('sam.southbank', 'hrFormAssign', {
      ...assignment(),
      formTemplateId: WELLBEING,
    });
    expect(assigned.statusCode).toBe(400);
  });
});

describe('bad input', () => {
  it('answers 400 with the field, never 500', async () => {
    const cases: [object, string][] = [
      [assignment({ formTemplateId: TECHNICIAN_FORM.replace(/.$/, '0') }), 'formTemplateId'],
      [assignment({ formTemplateId: nw('template', 'incident') }), 'formTemplateId'],
      [assignment({ employeeIds: [] }), 'employeeIds'],
      [assignment({ positionId: mia.positionId }), 'employeeIds'],
      [assignment({ employeeIds: [ethan.id] }), 'reviewerEmployeeId'],
      [assignment({ employeeIds: [nw('employee', 'william')] }), 'employeeIds'],
      [assignment({ reviewerEmployeeId: nw('employee', 'jack') }), 'reviewerEmployeeId'],
      [assignment({ dueDate: addDays(today, -2) }), 'dueDate'],
      [assignment({ dueDate: '2026-02-30' }), 'dueDate'],
      [assignment({ repeat: { frequency: 'fortnightly' } }), 'repeat.frequency'],
      [assignment({ repeat: { frequency: 'weeks', interval: 0 } }), 'repeat.interval'],
      [assignment({ employeeIds: undefined, workplaceId: nw('employee', 'jack') }), 'workplaceId'],
    ];
    const before = await ctx.db.hrFormAssignment.count();
    for (const [body, field] of cases) {
      const response = await call('olivia.admin', 'hrFormAssign', body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const fields = (response.json().validation_errors ?? []).map((error: { field: string }) => error.field);
      expect(fields, response.body).toContain(field);
    }
    expect(await ctx.db.hrFormAssignment.count()).toBe(before);
    for (const body of [{ _id: 'nope' }, {}, { _id: nw('hrForm', 'x'), extra: 1 }]) {
      const response = await call('olivia.admin', 'hrFormDetails', body);
      expect([400, 404]).toContain(response.statusCode);
    }
    const list = await call('olivia.admin', 'hrFormList', { status: 'lost', dueFrom: 'soon' });
    expect(list.statusCode).toBe(400);
  });
});
