import { randomUUID } from 'node:crypto';
import { messages, type TQrSubmissionSaveRequest } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { QR_SUBMIT_BODY_LIMIT, QR_SUBMIT_LIMITS } from '../src/modules/qrSubmissions/routes';
import { GUEST_HIDDEN_TYPES } from '../src/modules/qrSubmissions/service';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
const tokens: Record<string, string> = {};

/** The Northwind ids the poster's route carries, and the fields of its Visitor Feedback template. */
const nw = {
  companyId: '',
  templateId: '',
  versionId: '',
  sectionId: '',
  ethan: '',
  workplace: '',
  branch: '',
  field: {} as Record<string, string>,
};
const sb = { companyId: '', templateId: '', employeeId: '' };
/** Fields added to the template here: a guest never sees or fills them. */
const hidden = {
  employee: randomUUID(),
  file: randomUUID(),
  investigationSection: randomUUID(),
  notes: randomUUID(),
};

/** Every test comes from its own client address, so the per-address limit only meets the test about it. */
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

function post(url: string, payload: object, ip = nextAddress()) {
  return ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { 'x-forwarded-for': ip } });
}

const route = () => ({ employeeId: nw.ethan, formId: nw.templateId, companyId: nw.companyId });

function guestBody(over: Partial<TQrSubmissionSaveRequest> = {}): TQrSubmissionSaveRequest {
  return {
    ...route(),
    formDescription: 'Feedback from the front gate',
    formDate: '2026-11-20',
    workplace: nw.workplace,
    branch: nw.branch,
    formValue: [
      { relatedFormId: nw.field['Your Name']!, value: 'Grace Hopper' },
      { relatedFormId: nw.field['How was your visit?']!, value: 'good' },
      { relatedFormId: nw.field['Comments']!, value: 'Friendly reception.' },
    ],
    tableData: [],
    localTimeZone: 'Australia/Sydney',
    ...over,
  };
}

const submissionCount = () => ctx.db.formSubmission.count({ where: { companyId: nw.companyId } });

beforeAll(async () => {
  // The tests name client addresses with X-Forwarded-For, as a trusted proxy in front would.
  ctx = await setupTestApp({ TRUST_PROXY: '127.0.0.1' });
  tokens['ethan.coordinator'] = await signIn(ctx.app, 'ethan.coordinator');
  const ethan = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
  const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
  nw.companyId = ethan.companyId;
  nw.ethan = ethan.employeeId!;
  sb.companyId = sam.companyId;
  sb.employeeId = sam.employeeId!;

  const feedback = await ctx.db.formTemplate.findFirstOrThrow({
    where: { companyId: nw.companyId, name: 'Visitor Feedback', formType: 'qr' },
    include: { versions: true },
  });
  nw.templateId = feedback.id;
  nw.versionId = feedback.versions.find((row) => row.version === feedback.currentVersion)!.id;
  const fields = await ctx.db.templateField.findMany({ where: { templateVersionId: nw.versionId } });
  nw.field = Object.fromEntries(fields.map((field) => [field.label, field.id]));
  nw.sectionId = fields[0]!.sectionId;

  const workplace = await ctx.db.workplace.findFirstOrThrow({
    where: { companyId: nw.companyId, name: 'Riverside Depot' },
  });
  nw.workplace = workplace.id;
  nw.branch = (
    await ctx.db.branch.findFirstOrThrow({ where: { workplaceId: workplace.id, name: 'Warehouse' } })
  ).id;

  // A Southbank template of the guest kind, for the cross-organisation cases.
  const southbank = await ctx.db.formTemplate.create({
    data: { companyId: sb.companyId, name: 'Dock Visitor Log', formType: 'qr', emailNotification: [] },
  });
  await ctx.db.formTemplateVersion.create({
    data: { companyId: sb.companyId, templateId: southbank.id, version: 1 },
  });
  sb.templateId = southbank.id;

  // Fields a guest must not see: a mandatory employee picker and file, and an investigation section.
  await ctx.db.templateSection.create({
    data: {
      id: hidden.investigationSection,
      companyId: nw.companyId,
      templateVersionId: nw.versionId,
      label: 'Follow-up',
      orderNo: 50,
      secMandatoryType: 'investigation',
    },
  });
  await ctx.db.templateField.createMany({
    data: [
      { id: hidden.employee, type: 'employee', label: 'Host', orderNo: 90, isMandatory: true },
      { id: hidden.file, type: 'file', label: 'Photo', orderNo: 91, isMandatory: true },
      {
        id: hidden.notes,
        type: 'text',
        label: 'Coordinator notes',
        orderNo: 1,
        sectionId: hidden.investigationSection,
      },
    ].map((field) => ({
      companyId: nw.companyId,
      templateVersionId: nw.versionId,
      sectionId: nw.sectionId,
      ...field,
    })),
  });
  // Copies go to Mia when a form is submitted (code 1), guest forms included.
  const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
  await ctx.db.formTemplate.update({
    where: { id: nw.templateId },
    data: { emailNotification: [1], emailCcEmployeeIds: [mia.employeeId!] },
  });
});

describe('the guest form', () => {
  it('gives the template without pickers, files or investigation, the coordinator and the workplaces', async () => {
    const res = await post('/qrSubmissionForm', route());
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().response_data;
    expect(form.companyName).toBe('Northwind Facilities');
    expect(form.coordinator).toEqual({ _id: nw.ethan, name: 'Ethan Clarke' });
    expect(form.template._id).toBe(nw.templateId);
    expect(form.template.formType).toBe('qr');
    const ids = form.template.fieldList.map((field: { _id: string }) => field._id);
    expect(ids).toContain(nw.field['Your Name']);
    expect(ids).not.toContain(hidden.employee);
    expect(ids).not.toContain(hidden.file);
    expect(ids).not.toContain(hidden.notes);
    for (const field of form.template.fieldList) expect(GUEST_HIDDEN_TYPES.has(field.type)).toBe(false);
    expect(form.template.sections.map((section: { _id: string }) => section._id)).not.toContain(
      hidden.investigationSection,
    );
    const workplaces = await ctx.db.workplace.findMany({
      where: { companyId: nw.companyId, isActive: true },
    });
    expect(form.workplace.map((row: { name: string }) => row.name).sort()).toEqual(
      workplaces.map((row) => row.name).sort(),
    );
    // No employee list: the only person named is the coordinator.
    const others = await ctx.db.employee.findMany({
      where: { companyId: nw.companyId, id: { not: nw.ethan } },
    });
    for (const other of others) expect(res.body).not.toContain(other.id);
  });

  it('lists the branches of a workplace of that organisation only', async () => {
    const res = await post('/qrSubmissionBranches', { ...route(), workplace: nw.workplace });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response_data.map((row: { name: string }) => row.name)).toEqual([
      'Warehouse',
      'Workshop',
    ]);
    const southbankWorkplace = await ctx.db.workplace.findFirstOrThrow({
      where: { companyId: sb.companyId },
    });
    const across = await post('/qrSubmissionBranches', { ...route(), workplace: southbankWorkplace.id });
    expect(across.json().response_data).toEqual([]);
  });

  it('names what is wrong with the route: organisation, form or coordinator', async () => {
    const cases: [object, string][] = [
      [{ ...route(), companyId: randomUUID() }, messages.qrSubmission.unknownOrganisation],
      [{ ...route(), formId: randomUUID() }, messages.qrSubmission.formUnavailable],
      // Another organisation's template under this organisation's id, and the other way round.
      [{ ...route(), formId: sb.templateId }, messages.qrSubmission.formUnavailable],
      [{ ...route(), companyId: sb.companyId }, messages.qrSubmission.formUnavailable],
      [{ ...route(), employeeId: sb.employeeId }, messages.qrSubmission.coordinatorUnavailable],
      [{ ...route(), employeeId: randomUUID() }, messages.qrSubmission.coordinatorUnavailable],
    ];
    for (const [body, message] of cases) {
      const res = await post('/qrSubmissionForm', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().response_message).toBe(message);
      expect(res.json().response_data).toBeNull();
    }
  });

  it('is only open for active templates of the guest (qr) kind', async () => {
    const toolbox = await ctx.db.formTemplate.findFirstOrThrow({
      where: { companyId: nw.companyId, formType: 'form_submission', isActive: true },
    });
    const internal = await post('/qrSubmissionForm', { ...route(), formId: toolbox.id });
    expect(internal.statusCode).toBe(404);
    expect(internal.json().response_message).toBe(messages.qrSubmission.formUnavailable);

    await ctx.db.formTemplate.update({ where: { id: nw.templateId }, data: { isActive: false } });
    try {
      const inactive = await post('/qrSubmissionSave', guestBody());
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json().response_message).toBe(messages.qrSubmission.formUnavailable);
    } finally {
      await ctx.db.formTemplate.update({ where: { id: nw.templateId }, data: { isActive: true } });
    }
  });
});

describe('the guest submit', () => {
  it("stores a submitted qr form recorded by 'Guest User' for the route's coordinator, and queues the copies", async () => {
    const mailsBefore = await ctx.db.mailMessage.count({ where: { category: 'submissionSubmittedCopy' } });
    const res = await post('/qrSubmissionSave', guestBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().response_message).toBe(messages.submission.submitted);
    const { formatedNumber } = res.json().response_data;
    expect(formatedNumber).toMatch(/^FS \d+$/);
    expect(Object.keys(res.json().response_data)).toEqual(['formatedNumber']);

    const stored = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: nw.companyId, number: Number(formatedNumber.slice(3)) },
      include: { coordinators: true, values: true, actions: true },
    });
    expect(stored).toMatchObject({
      templateId: nw.templateId,
      formType: 'qr',
      isDraft: false,
      isClosed: false,
      createdByUserId: null,
      recordedByEmployeeId: null,
      recordedByPersonnelId: null,
      supplierId: null,
      formDescription: 'Feedback from the front gate',
      workplaceId: nw.workplace,
      branchId: nw.branch,
    });
    expect(stored.coordinators.map((row) => [row.position, row.employeeId])).toEqual([[0, nw.ethan]]);
    expect(stored.actions).toEqual([]);
    const templateFields = new Set(Object.values(nw.field));
    for (const value of stored.values) expect(templateFields.has(value.fieldId)).toBe(true);
    expect(stored.values.find((row) => row.fieldId === nw.field['Your Name'])?.value).toBe('Grace Hopper');
    expect(await ctx.db.mailMessage.count({ where: { category: 'submissionSubmittedCopy' } })).toBe(
      mailsBefore + 1,
    );
    const log = await ctx.db.changeLog.findFirstOrThrow({ where: { entityId: stored.id } });
    expect(log).toMatchObject({ userId: null, action: 'submitted' });

    // The coordinator finds it in My Records, details and history as the guest's.
    const auth = { authtoken: tokens['ethan.coordinator']! };
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/formSubmissionList',
      headers: auth,
      payload: { scope: 'my', formTemplateId: nw.templateId, search: 'front gate' },
    });
    expect(list.json().response_data.rows).toEqual([
      expect.objectContaining({
        formatedNumber,
        recordedBy: messages.submission.guestUser,
        coordinator: 'Ethan Clarke',
      }),
    ]);
    const details = await ctx.app.inject({
      method: 'POST',
      url: '/api/formSubmissionDetails',
      headers: auth,
      payload: { formSubmissionId: stored.id },
    });
    expect(details.json().response_data.recordedBy[0].name).toBe(messages.submission.guestUser);
    expect(details.json().response_data.canEdit).toBe('yes');
    const history = await ctx.app.inject({
      method: 'POST',
      url: '/api/formSubmissionHistory',
      headers: auth,
      payload: { formSubmissionId: stored.id },
    });
    expect(history.json().response_data[0].who).toBe(messages.submission.guestUser);
  });

  it('refuses another organisation, an unknown or inactive coordinator, and stores nothing', async () => {
    const inactive = await ctx.db.employee.create({
      data: { companyId: nw.companyId, firstName: 'Former', lastName: 'Coordinator', isActive: false },
    });
    const before = await submissionCount();
    const cases: [Partial<TQrSubmissionSaveRequest>, string][] = [
      [{ formId: sb.templateId }, messages.qrSubmission.formUnavailable],
      [{ companyId: sb.companyId }, messages.qrSubmission.formUnavailable],
      [{ employeeId: sb.employeeId }, messages.qrSubmission.coordinatorUnavailable],
      [{ employeeId: inactive.id }, messages.qrSubmission.coordinatorUnavailable],
      [{ companyId: randomUUID() }, messages.qrSubmission.unknownOrganisation],
    ];
    for (const [over, message] of cases) {
      const res = await post('/qrSubmissionSave', guestBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(404);
      expect(res.json().response_message).toBe(message);
    }
    // Southbank's template through Southbank's own ids but a Northwind coordinator.
    const mixed = await post('/qrSubmissionSave', {
      ...guestBody(),
      companyId: sb.companyId,
      formId: sb.templateId,
      employeeId: nw.ethan,
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().response_message).toBe(messages.qrSubmission.coordinatorUnavailable);
    expect(await submissionCount()).toBe(before);
    expect(
      await ctx.db.formSubmission.count({ where: { companyId: sb.companyId, templateId: sb.templateId } }),
    ).toBe(0);
  });

  it('answers with the same validation messages as a signed-in save', async () => {
    const signedIn = (over: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/formSubmissionSave',
        headers: { authtoken: tokens['ethan.coordinator']! },
        payload: {
          formTemplateId: nw.templateId,
          formDescription: 'Feedback from the front gate',
          formDate: '2026-11-20',
          workplace: nw.workplace,
          branch: nw.branch,
          submissionUserId: [{ userId: nw.ethan }],
          formValue: guestBody().formValue,
          taskData: [],
          tableData: [],
          isDraft: 'no',
          ...over,
        },
      });
    const shownToGuest = new Set(['header', ...Object.values(nw.field)]);
    const before = await submissionCount();
    const cases: object[] = [
      { formDescription: '  ' },
      { formDate: '' },
      { workplace: '' },
      { branch: '' },
      { formValue: guestBody().formValue.filter((entry) => entry.relatedFormId !== nw.field['Your Name']) },
      {
        formValue: [
          ...guestBody().formValue,
          { relatedFormId: nw.field['Date of Visit']!, value: '20/11/2026' },
        ],
      },
    ];
    const seen: string[] = [];
    for (const over of cases) {
      const guest = await post('/qrSubmissionSave', guestBody(over));
      const employee = await signedIn(over);
      expect(guest.statusCode, JSON.stringify(over)).toBe(400);
      expect(guest.json().response_message).toBe(employee.json().response_message);
      // The signed-in form also has the fields a guest never sees (Host, Photo): compare the rest.
      expect(guest.json().validation_errors).toEqual(
        employee
          .json()
          .validation_errors.filter((problem: { field: string }) => shownToGuest.has(problem.field)),
      );
      seen.push(guest.json().response_message);
    }
    expect(seen.slice(0, 5)).toEqual([
      messages.submission.descriptionRequired,
      messages.submission.dateRequired,
      messages.submission.workplaceRequired,
      messages.submission.branchRequired,
      'Please tell us your name',
    ]);
    expect(await submissionCount()).toBe(before);
  });

  it('takes only the fields a guest sees: others, hidden ones and other templates are refused', async () => {
    const toolboxField = await ctx.db.templateField.findFirstOrThrow({
      where: { companyId: nw.companyId, templateVersionId: { not: nw.versionId } },
    });
    const before = await submissionCount();
    for (const relatedFormId of [hidden.employee, hidden.notes, toolboxField.id, randomUUID()]) {
      const res = await post(
        '/qrSubmissionSave',
        guestBody({ formValue: [...guestBody().formValue, { relatedFormId, value: [nw.ethan] }] }),
      );
      expect(res.statusCode, relatedFormId).toBe(400);
      expect(res.json().response_message).toBe(messages.submission.unknownField);
    }
    const table = await post(
      '/qrSubmissionSave',
      guestBody({ tableData: [{ relatedFormId: nw.field['Comments']!, cells: { a: 'b' } }] }),
    );
    expect(table.statusCode).toBe(400);
    expect(table.json().response_message).toBe(messages.submission.unknownField);
    expect(await submissionCount()).toBe(before);
  });

  it('has no drafts, actions or other coordinators for guests', async () => {
    const before = await submissionCount();
    for (const extra of [
      { isDraft: 'yes' },
      { _id: randomUUID() },
      { submissionUserId: [{ userId: nw.ethan }] },
      {
        taskData: [
          {
            relatedFormId: nw.field['Comments'],
            instruction: 'Call me',
            actionType: 'internal',
            investigator: nw.ethan,
            due: '2026-12-01',
          },
        ],
      },
    ]) {
      const res = await post('/qrSubmissionSave', { ...guestBody(), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().validation_errors?.length).toBeGreaterThan(0);
    }
    expect(await submissionCount()).toBe(before);
  });

  it('refuses bodies over the guest limit with 413 in the envelope, storing nothing', async () => {
    const before = await submissionCount();
    const res = await post(
      '/qrSubmissionSave',
      guestBody({
        formValue: [{ relatedFormId: nw.field['Comments']!, value: 'x'.repeat(QR_SUBMIT_BODY_LIMIT) }],
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().response_code).toBe(413);
    expect(await submissionCount()).toBe(before);
  });

  it('limits submissions per client address with 429 in the envelope', async () => {
    const ip = '203.0.113.77';
    const before = await submissionCount();
    // Refused attempts count too: probing is limited like submitting.
    for (let attempt = 0; attempt < QR_SUBMIT_LIMITS.perAddressPerMinute; attempt++) {
      const res = await post('/qrSubmissionSave', guestBody({ employeeId: randomUUID() }), ip);
      expect(res.statusCode).toBe(404);
    }
    const limited = await post('/qrSubmissionSave', guestBody(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      response_code: 429,
      response_message: messages.common.tooManyRequests,
    });
    expect(limited.json().response_data.retryAfterSeconds).toBeGreaterThan(0);
    expect(await submissionCount()).toBe(before);
    // Another address is not held back.
    expect((await post('/qrSubmissionSave', guestBody())).statusCode).toBe(200);
  });

  it('gives a guest no file of any submission and no signed-in call', async () => {
    const submission = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: nw.companyId, formType: 'qr', isDraft: false },
    });
    const file = await ctx.db.attachment.create({
      data: {
        companyId: nw.companyId,
        ownerType: 'submission',
        ownerId: submission.id,
        name: 'badge.png',
        storageKey: `test/${randomUUID()}`,
        mimeType: 'image/png',
        size: 10,
      },
    });
    const download = await ctx.app.inject({ method: 'GET', url: `/api/files/${file.id}` });
    expect(download.statusCode).toBe(401);
    for (const url of [
      '/api/formSubmissionRelatedLists',
      '/api/formTemplateDetail',
      '/api/branchesByWorkplace',
    ]) {
      const res = await post(url.replace('/api', ''), { _id: nw.templateId, workplace: nw.workplace });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
