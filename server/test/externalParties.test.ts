import { addDays, externalPartiesMessages as say, localDateOf } from '@compass/shared';
import { ExternalPartiesService } from '../src/modules/externalParties/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { apiCalls, setupTestApp, signIn, signInAll, type TestContext, pastTheCountCap } from './helpers';
import { latestMail, startSmtpServer, type TestSmtpServer } from './smtp';

/** Supplier form assignments: assign and invite, fill in through the link, return, accept, remind. */
const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
const ACME = nw('supplier', 'Acme Contracting');
const ZENITH = nw('supplier', 'Zenith Cleaning');
const LIAM = nw('personnel', 'liam');
const CONTRACTOR = nw('template', 'contractor');
const ETHAN = nw('employee', 'ethan');
const PUBLIC_URL = 'http://compass.test';
const today = localDateOf(new Date(), 'UTC');

let ctx: TestContext;
let smtp: TestSmtpServer;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await setupTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, MAIL_POLL_SECONDS: '0.5' });
  await ctx.app.mail.startWorker();
  tokens = await signInAll(ctx.app);
  tokens['acme.supplier'] = await signIn(ctx.app, 'acme.supplier');
});

afterAll(async () => {
  await smtp.close();
});

const assignment = (extra: object = {}) => ({
  formTemplateId: CONTRACTOR,
  supplierId: ACME,
  personnelId: LIAM,
  reviewerEmployeeId: ETHAN,
  dueDate: addDays(today, 10),
  message: 'Before the roof works start, please.',
  ...extra,
});

const mailTo = (address: string, subject: RegExp, from: number) => latestMail(smtp, from, address, subject);

describe('assigning a supplier form', () => {
  it('starts the form for the person, invites them with a link, and lists it in the Form Register', async () => {
    const from = smtp.received.length;
    const created = await call('mia.employee', 'supplierAssignmentCreate', assignment());
    expect(created.statusCode, created.body).toBe(200);
    const { _id, mailsQueued } = created.json().response_data;
    expect(mailsQueued).toBe(1);
    expect(created.json().response_message).toBe(say.assigned(1));

    const stored = await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: _id } });
    expect(stored).toMatchObject({ status: 'assigned', personnelId: LIAM, reviewerEmployeeId: ETHAN });
    const form = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id: stored.submissionId! },
      include: { coordinators: true },
    });
    expect(form).toMatchObject({
      formType: 'supplier',
      isDraft: true,
      supplierId: ACME,
      recordedByPersonnelId: LIAM,
    });
    expect(form.coordinators.map((row) => row.employeeId)).toEqual([ETHAN]);
    // At the reviewer's own workplace and branch: the supplier is not asked for them (issue 40).
    const ethan = await ctx.db.employee.findUniqueOrThrow({ where: { id: ETHAN } });
    expect(ethan.branchId).not.toBeNull();
    expect([form.workplaceId, form.branchId]).toEqual([ethan.workplaceId, ethan.branchId]);

    const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: LIAM } });
    const mail = await mailTo(liam.email!, /asks you to fill in Contractor Safety Assessment/, from);
    expect(mail.text).toContain('Before the roof works start, please.');
    const link = /http:\/\/compass\.test\S+/.exec(mail.text)?.[0] ?? '';
    expect(link).toContain(`/form/form-submission/myactionedit/`);
    expect(link).toContain(`supplierassignId=${_id}`);

    // The link opens the started form, as Liam.
    const url = new URL(link);
    const details = await ctx.app.inject({
      method: 'POST',
      url: `/api/formSubmissionDetails?authtoken=${url.searchParams.get('authtoken')}`,
      payload: { formSubmissionId: stored.submissionId },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().response_data.canEdit).toBe('yes');

    const register = await data('mia.employee', 'supplierAssignmentList', {
      search: 'acme',
      status: 'assigned',
    });
    expect(register.rows.find((row: { _id: string }) => row._id === _id)).toMatchObject({
      formName: 'Contractor Safety Assessment',
      supplierName: 'Acme Contracting',
      personnelName: 'Liam Walker',
      reviewerName: expect.stringContaining('Ethan'),
      status: 'assigned',
      formNumber: null,
    });
  });

  it('invites a company through its supplier accounts, and lets the company account open it signed in', async () => {
    const created = await data('mia.employee', 'supplierAssignmentCreate', assignment({ personnelId: null }));
    expect(created.mailsQueued).toBeGreaterThan(0);
    const opened = await data('acme.supplier', 'supplierAssignmentOpen', { _id: created._id });
    expect(opened.path).toMatch(/^\/form\/form-submission\/myactionedit\/.+authtoken=/);
    // Liam is personnel of the same company: a company-wide form is not his.
    const liam = await call('liam.personnel', 'supplierAssignmentOpen', { _id: created._id });
    expect(liam.statusCode).toBe(404);
  });

  it('refuses what cannot be assigned, writing nothing', async () => {
    const before = await ctx.db.supplierAssignment.count();
    const cases: [object, string][] = [
      [{ formTemplateId: nw('template', 'incident') }, say.templateNotSupplier],
      [{ supplierId: ZENITH }, say.personnelNotOfSupplier],
      [{ reviewerEmployeeId: LIAM }, say.reviewerUnknown],
      [{ dueDate: addDays(today, -1) }, say.dueInPast],
    ];
    for (const [change, message] of cases) {
      const response = await call('mia.employee', 'supplierAssignmentCreate', assignment(change));
      expect(response.statusCode, message).toBe(400);
      expect(response.json().response_message).toBe(message);
    }
    expect(await ctx.db.supplierAssignment.count()).toBe(before);
    // Another organisation's supplier is unknown here.
    const southbank = await call('sam.southbank', 'supplierAssignmentCreate', assignment());
    expect(southbank.statusCode).toBe(400);
    expect(southbank.json().response_message).toBe(say.templateNotSupplier);
  });
});

describe('the Form Register', () => {
  const closed = { supplierId: ZENITH, formTemplateId: CONTRACTOR, status: 'closed' as const };

  it('searches the company or form name (% literally), filters by state, and counts up to 1,000, then says so', async () => {
    const byForm = await data('olivia.admin', 'supplierAssignmentList', {
      search: 'SAFETY assess',
      pageSize: 100,
    });
    expect(byForm.rows.length).toBeGreaterThan(0);
    expect(byForm.rows.every((row: { formTemplateId: string }) => row.formTemplateId === CONTRACTOR)).toBe(
      true,
    );
    expect((await data('olivia.admin', 'supplierAssignmentList', { search: '%' })).total).toBe(0);
    const zenith = await ctx.db.supplierCompany.findUniqueOrThrow({ where: { id: ZENITH } });
    const far = new Date(`${addDays(today, 400)}T00:00:00Z`);
    await ctx.db.supplierAssignment.createMany({
      data: pastTheCountCap(() => ({ ...closed, companyId: zenith.companyId, dueDate: far })),
    });
    try {
      const capped = await data('olivia.admin', 'supplierAssignmentList', {
        supplierId: ZENITH,
        status: 'closed',
      });
      expect(capped).toMatchObject({ total: 1000, totalCapped: true });
      // A search counts four pages past the one shown.
      const searched = await data('olivia.admin', 'supplierAssignmentList', {
        search: 'zenith',
        pageSize: 50,
      });
      expect(searched).toMatchObject({ total: 250, totalCapped: true });
      expect(capped.rows[0]).toMatchObject({
        supplierName: 'Zenith Cleaning',
        dueDate: addDays(today, 400),
        status: 'closed',
      });
      const open = await data('olivia.admin', 'supplierAssignmentList', {
        supplierId: ZENITH,
        status: 'assigned',
      });
      expect(open.totalCapped).toBeUndefined();
    } finally {
      await ctx.db.supplierAssignment.deleteMany({ where: { supplierId: ZENITH, dueDate: far } });
    }
  });
});

describe('reviewing', () => {
  it('returns a submitted form with a comment (mail with a new link), then accepts it by closing it off', async () => {
    const { _id } = await data('mia.employee', 'supplierAssignmentCreate', assignment());
    const stored = await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: _id } });
    // As the supplier would: the form submitted, then the assignment.
    await ctx.db.formSubmission.update({
      where: { id: stored.submissionId! },
      data: { isDraft: false, number: 9001 },
    });
    await ctx.db.supplierAssignment.update({ where: { id: _id }, data: { status: 'submitted' } });

    const early = await call('ethan.coordinator', 'supplierAssignmentReturn', { _id, comment: ' ' });
    expect(early.statusCode).toBe(400);
    expect(early.json().response_message).toBe(say.commentRequired);
    // Olivia is not its reviewer but has the External Parties key.
    const administrator = await call('olivia.admin', 'supplierAssignmentDetails', { _id });
    expect(administrator.statusCode).toBe(200);
    const details = await data('ethan.coordinator', 'supplierAssignmentDetails', { _id });
    expect(details).toMatchObject({ status: 'submitted', canReview: true, formNumber: 'FS 9001' });

    const from = smtp.received.length;
    await data('ethan.coordinator', 'supplierAssignmentReturn', {
      _id,
      comment: 'Add the insurance number.',
    });
    const returned = await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: _id } });
    expect(returned).toMatchObject({
      status: 'assigned',
      reviewComment: 'Add the insurance number.',
      returnCount: 1,
    });
    const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: LIAM } });
    const mail = await mailTo(liam.email!, /asks for changes/, from);
    expect(mail.text).toContain('Add the insurance number.');
    const again = await call('ethan.coordinator', 'supplierAssignmentReturn', { _id, comment: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.notSubmitted);

    // Submitted again, then accepted: the close-off of the form closes the assignment.
    await ctx.db.supplierAssignment.update({ where: { id: _id }, data: { status: 'submitted' } });
    const closed = await call('ethan.coordinator', 'supplierAssignFormCloseOff', { _id });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: _id } })).status).toBe('closed');
    const open = await call('liam.personnel', 'supplierAssignmentOpen', { _id });
    expect(open.statusCode).toBe(409);
    expect(open.json().response_message).toBe(say.finished);
  });

  it('keeps the review to its reviewer and the External Parties key, within the organisation', async () => {
    const { _id } = await data('mia.employee', 'supplierAssignmentCreate', assignment());
    const southbank = await call('sam.southbank', 'supplierAssignmentDetails', { _id });
    expect(southbank.statusCode).toBe(404);
    const supplier = await call('acme.supplier', 'supplierAssignmentDetails', { _id });
    expect(supplier.statusCode).toBe(403);
    const register = await call('liam.personnel', 'supplierAssignmentList', {});
    expect(register.statusCode).toBe(403);
  });
});

describe('the supplier assessment page', () => {
  it('tells the link holder and the person where their form stands, and nobody else', async () => {
    const from = smtp.received.length;
    const { _id } = await data('mia.employee', 'supplierAssignmentCreate', assignment());
    const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: LIAM } });
    // The invitation of this assignment (another test's may still be on its way).
    await expect
      .poll(() => smtp.received.slice(from).find((sent) => sent.text.includes(`supplierassignId=${_id}`)), {
        timeout: 15_000,
      })
      .toBeTruthy();
    const mail = smtp.received.slice(from).find((sent) => sent.text.includes(`supplierassignId=${_id}`))!;
    expect(mail.envelopeTo).toContain(liam.email);
    const token = new URL(/http:\/\/compass\.test\S+/.exec(mail.text)![0]).searchParams.get('authtoken')!;
    const byLink = (id: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/supplierAssessmentStatus?authtoken=${token}`,
        payload: { _id: id },
      });
    const opened = await byLink(_id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().response_data).toMatchObject({
      formName: 'Contractor Safety Assessment',
      status: 'assigned',
      returnCount: 0,
      formNumber: null,
    });
    const other = await data('mia.employee', 'supplierAssignmentCreate', assignment());
    expect((await byLink(other._id)).statusCode).toBe(403);
    expect((await call('liam.personnel', 'supplierAssessmentStatus', { _id })).statusCode).toBe(200);
    // Liam's form is his company account's too (it fills it in on his behalf), not an employee's here.
    expect((await call('acme.supplier', 'supplierAssessmentStatus', { _id })).statusCode).toBe(200);
    expect((await call('mia.employee', 'supplierAssessmentStatus', { _id })).statusCode).toBe(403);
    expect((await call(null, 'supplierAssessmentStatus', { _id })).statusCode).toBe(401);
  });
});

describe('reminders', () => {
  it('reminds once before the due date', async () => {
    const { _id } = await data(
      'mia.employee',
      'supplierAssignmentCreate',
      assignment({ dueDate: addDays(today, 2) }),
    );
    const from = smtp.received.length;
    const reminders = new ExternalPartiesService(ctx.db, undefined as never, ctx.app.mail, {
      publicUrl: PUBLIC_URL,
      productName: 'Compass',
    });
    const sent = await reminders.sendReminders();
    expect(sent).toBeGreaterThan(0);
    expect(
      (await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: _id } })).reminderSentAt,
    ).not.toBeNull();
    const liam = await ctx.db.personnel.findUniqueOrThrow({ where: { id: LIAM } });
    await mailTo(liam.email!, /^Reminder: Contractor Safety Assessment/, from);
    expect(await reminders.sendReminders()).toBe(0);
  });
});
