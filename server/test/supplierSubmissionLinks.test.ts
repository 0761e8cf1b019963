import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, type TFormSubmission } from '@compass/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { issueActionLink, issueLink } from '../src/modules/links/service';
import {
  issueSupplierAssignmentLink,
  issueSupplierSubmissionLink,
} from '../src/modules/submissions/supplierLinkIssue';
import { LocalFileStorage } from '../src/plugins/storage';
import { setupTestApp, signIn, type TestContext } from './helpers';

const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
const ACME = nw('supplier', 'Acme Contracting');
const ZENITH = nw('supplier', 'Zenith Cleaning');
const LIAM = nw('personnel', 'liam');
/** Open supplier form of Acme (Liam recorded it), coordinator Olivia; assignment acme/liam-roof (submitted). */
const S1008 = nw('submission', '1008');
/** Draft supplier form of Acme (Liam), coordinator Noah; assignment acme/liam-draft (assigned). */
const S1010 = nw('submission', '1010');
/** An incident report: not a supplier form. */
const S1001 = nw('submission', '1001');
const DRAFT_ASSIGNMENT = nw('supplierAssignment', 'acme/liam-draft');
const ROOF_ASSIGNMENT = nw('supplierAssignment', 'acme/liam-roof');

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-supplier-links-'));
let ctx: TestContext;
let companyId: string;
let png: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  companyId = (await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: S1008 } })).companyId;
  png = (
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#345' } })
      .png()
      .toBuffer()
  ).toString('base64');
  for (const username of ['acme.supplier', 'zoe.noportal', 'ethan.coordinator', 'liam.personnel'])
    tokens[username] = await signIn(ctx.app, username);
});

afterAll(() => {
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const withToken = (url: string, token: string) => `/api${url}?authtoken=${encodeURIComponent(token)}`;
const call = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: withToken(url, token), payload });
const details = (token: string, formSubmissionId: string) =>
  call(token, '/formSubmissionDetails', { formSubmissionId, localTimeZone: 'Australia/Sydney' });

async function submissionLink(
  submissionId: string,
  mode: 'view' | 'update',
  extra: { supplierId?: string; expiresAt?: Date } = {},
) {
  const submission = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: submissionId } });
  return ctx.db.$transaction((tx) =>
    issueSupplierSubmissionLink(tx, {
      companyId: submission.companyId,
      submissionId,
      supplierId: extra.supplierId ?? submission.supplierId ?? ACME,
      mode,
      expiresAt: extra.expiresAt,
    }),
  );
}

async function assignmentLink(assignmentId: string) {
  const assignment = await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: assignmentId } });
  const issued = await ctx.db.$transaction((tx) => issueSupplierAssignmentLink(tx, assignment));
  if (!issued) throw new Error('no link issued');
  return issued;
}

/** The Update screen's save body for a stored submission, with some values changed. */
function saveBody(stored: TFormSubmission, isDraft: 'yes' | 'no', values: Record<string, unknown> = {}) {
  const answers = new Map(stored.formValue.map((row) => [row.relatedFormId, row.value]));
  for (const [fieldId, value] of Object.entries(values)) answers.set(fieldId, value);
  return {
    _id: stored._id,
    version: stored.version,
    formTemplateId: stored.formTemplateId,
    formDescription: stored.formDescription,
    formDate: stored.formDate,
    workplace: stored.workplace ?? '',
    branch: stored.branch ?? '',
    submissionUserId: stored.submissionUserId.map((row) => ({ userId: row.userId })),
    formValue: [...answers].map(([relatedFormId, value]) => ({ relatedFormId, value })),
    taskData: stored.taskData.map((task) => ({
      _id: task._id,
      relatedFormId: task.relatedFormId!,
      instruction: task.instruction,
      actionType: task.actionType,
      investigator: task.investigator!,
      due: task.due,
    })),
    tableData: stored.tableData.map((row) => ({ relatedFormId: row.relatedFormId, cells: row.cells })),
    isDraft,
  };
}

const fieldOf = (stored: TFormSubmission, label: string) =>
  stored.fieldList.find((field) => field.level === label)!._id;

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const boundary = '----compassSupplierLinks';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (token: string, submissionId: string, fieldId: string) => {
  const body = multipart(
    { _id: submissionId, relatedFormId: fieldId },
    { name: 'insurance.png', content: Buffer.from(png, 'base64') },
  );
  return ctx.app.inject({
    method: 'POST',
    url: withToken('/formSubmissionUploadFiles', token),
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
};

describe('View Form Submission through a read link', () => {
  it('reads its submission read-only, with the link file paths and the reference lists the form names', async () => {
    const { token, path: pagePath } = await submissionLink(S1008, 'view');
    expect(pagePath).toBe(
      `/form/form-submission/record/${companyId}/${S1008}?authtoken=${encodeURIComponent(token)}&supplierId=${ACME}`,
    );
    const response = await details(token, S1008);
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json().response_data as TFormSubmission;
    expect(stored).toMatchObject({ _id: S1008, formType: 'supplier', canEdit: 'no', editBlockedMessage: '' });
    expect(stored.recordedBy[0]).toMatchObject({ personnelId: LIAM, name: 'Liam Walker' });
    expect(stored.taskData.length).toBeGreaterThan(0);

    const lists = await call(token, '/formSubmissionRelatedLists', {});
    expect(lists.statusCode, lists.body).toBe(200);
    const data = lists.json().response_data;
    const employeeIds = (data.listEmployee as { _id: string }[]).map((row) => row._id);
    // The people the form names (its coordinators, its actions' assignees), not the organisation's
    // directory: a supplier never receives the employee list.
    const coordinators = await ctx.db.submissionCoordinator.findMany({ where: { submissionId: S1008 } });
    expect(coordinators.length).toBeGreaterThan(0);
    for (const coordinator of coordinators) expect(employeeIds).toContain(coordinator.employeeId);
    expect(employeeIds.length).toBeLessThan(await ctx.db.employee.count({ where: { companyId } }));
    expect(
      await ctx.db.employee.count({ where: { id: { in: employeeIds }, companyId: { not: companyId } } }),
    ).toBe(0);
    expect(data.allPersonnelList.map((row: { _id: string }) => row._id)).toContain(LIAM);
    // New choices are searched within the same bounds: the form's people and the supplier's personnel.
    const search = async (kind: string) =>
      (
        (await call(token, '/relatedOptionSearch', { kind, search: '' })).json().response_data.options as {
          _id: string;
        }[]
      ).map((row) => row._id);
    const people = await search('employee');
    expect(people.length).toBeGreaterThan(0);
    for (const id of people) expect(employeeIds).toContain(id);
    const personnel = await search('personnel');
    expect(personnel).toContain(LIAM);
    expect(
      await ctx.db.personnel.count({ where: { id: { in: personnel }, supplierId: { not: ACME } } }),
    ).toBe(0);
    expect(await search('submission')).not.toContain(S1001);
    // Of the risk register, only what the form's answers name; only supplier templates.
    const answers = JSON.stringify(await ctx.db.submissionValue.findMany({ where: { submissionId: S1008 } }));
    for (const risk of data.listRisk.allRiskList as { _id: string }[]) expect(answers).toContain(risk._id);
    for (const risk of await search('risk')) expect(answers).toContain(risk);
    expect(data.listRisk.allRiskList.length).toBeLessThan(await ctx.db.risk.count({ where: { companyId } }));
    expect(
      data.formTemplate.every((template: { formType: string }) => template.formType === 'supplier'),
    ).toBe(true);
    // Other forms of the organisation are not listed to a supplier.
    expect(data.submissionList).toEqual([]);

    const context = await call(token, '/supplierLinkContext', { formSubmissionId: S1008 });
    expect(context.json().response_data).toMatchObject({
      companyId,
      companyName: 'Northwind Facilities',
      homeSiteUrl: 'https://www.northwind-facilities.example/',
      supplierId: ACME,
      supplierName: 'Acme Contracting',
      supplierAssignmentId: ROOF_ASSIGNMENT,
      supplierAssignmentStatus: 'submitted',
      operations: ['read'],
      supplierLogo: null,
    });
  });

  it('cannot save, upload or submit with a read link', async () => {
    const { token } = await submissionLink(S1008, 'view');
    const stored = (await details(token, S1008)).json().response_data as TFormSubmission;
    const saved = await call(token, '/formSubmissionSave', { ...saveBody(stored, 'no'), taskData: [] });
    expect(saved.statusCode).toBe(403);
    expect(saved.json().response_message).toBe(messages.links.wrongOperation);
    const uploaded = await upload(token, S1008, fieldOf(stored, 'Insurance Certificate'));
    expect(uploaded.statusCode).toBe(403);
    const submitted = await call(token, '/supplierFormSubmit', {
      supplierId: ACME,
      _id: ROOF_ASSIGNMENT,
      formSumissionId: S1008,
    });
    expect(submitted.statusCode).toBe(403);
    expect((await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: S1008 } })).version).toBe(
      stored.version,
    );
  });
});

describe('the scope matrix', () => {
  it('a link for one submission reads and changes nothing else, nor another organisation', async () => {
    const { token } = await submissionLink(S1008, 'update');
    const other = await details(token, S1010);
    expect(other.statusCode).toBe(403);
    expect(other.json().response_message).toBe(messages.links.wrongResource);

    const southbank = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: { not: companyId } },
    });
    const foreign = await details(token, southbank.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().response_message).toBe(messages.links.wrongResource);

    const draft = (await details((await assignmentLink(DRAFT_ASSIGNMENT)).token, S1010)).json()
      .response_data as TFormSubmission;
    const save = await call(token, '/formSubmissionSave', saveBody(draft, 'yes'));
    expect(save.statusCode).toBe(403);
    expect((await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: S1010 } })).version).toBe(
      draft.version,
    );
  });

  it("another organisation's link never opens this organisation's form", async () => {
    const southbank = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: { not: companyId } },
    });
    const foreign = await ctx.db.$transaction((tx) =>
      issueLink(tx, {
        companyId: southbank.companyId,
        resourceType: 'submission',
        resourceId: southbank.id,
        operations: ['read', 'update'],
      }),
    );
    const response = await details(foreign.token, S1008);
    expect(response.statusCode).toBe(403);
    expect(JSON.stringify(response.json())).not.toContain('Roof gutter');
  });

  it('an action link or an assignment link opens only its own form', async () => {
    const action = await ctx.db.action.findFirstOrThrow({
      where: { submissionId: S1008, assigneePersonnelId: LIAM },
    });
    const actionLink = await ctx.db.$transaction((tx) => issueActionLink(tx, action));
    const viaAction = await details(actionLink!.token, S1008);
    expect(viaAction.statusCode).toBe(403);
    expect(viaAction.json().response_message).toBe(messages.links.wrongResource);

    const { token } = await assignmentLink(DRAFT_ASSIGNMENT);
    expect((await details(token, S1010)).statusCode).toBe(200);
    expect((await details(token, S1008)).statusCode).toBe(403);
  });

  it('expired, revoked and unknown links get a clear error', async () => {
    const expired = await submissionLink(S1008, 'view', { expiresAt: new Date(Date.now() - 1000) });
    const response = await details(expired.token, S1008);
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.links.expired);

    const revoked = await submissionLink(S1008, 'view');
    await ctx.db.linkToken.updateMany({ where: { resourceId: S1008 }, data: { revokedAt: new Date() } });
    const refused = await details(revoked.token, S1008);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().response_message).toBe(messages.links.revoked);

    const unknown = await details('not-a-real-token', S1008);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().response_message).toBe(messages.links.unknown);
    // The supplier screens' own calls need a link: without one, not even a session opens them.
    const noLink = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplierLinkContext',
      headers: { authtoken: tokens['ethan.coordinator']! },
      payload: { formSubmissionId: S1008 },
    });
    expect(noLink.statusCode).toBe(403);
    expect(noLink.json()).toMatchObject({
      response_message: messages.links.unknown,
      error_code: 'caller_not_served',
    });
  });

  it('a supplier link edits supplier forms only, and only as the supplier it was issued to', async () => {
    const incident = await submissionLink(S1001, 'update', { supplierId: ACME });
    const shown = await details(incident.token, S1001);
    expect(shown.json().response_data).toMatchObject({
      canEdit: 'no',
      editBlockedMessage: messages.supplierForm.onlySupplierForms,
    });
    const save = await call(incident.token, '/formSubmissionSave', {
      ...saveBody(shown.json().response_data as TFormSubmission, 'no'),
      taskData: [],
    });
    expect(save.statusCode).toBe(403);
    expect(save.json().response_message).toBe(messages.supplierForm.onlySupplierForms);

    // Issued to Zenith, for Acme's form: the submitted form is not theirs to change.
    const zenith = await submissionLink(S1008, 'update', { supplierId: ZENITH });
    const view = (await details(zenith.token, S1008)).json().response_data as TFormSubmission;
    expect(view).toMatchObject({ canEdit: 'no', editBlockedMessage: messages.submission.notCoordinator });
    const refused = await call(zenith.token, '/formSubmissionSave', {
      ...saveBody(view, 'no'),
      taskData: [],
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('Update Form Submission through a supplier assignment link', () => {
  it('saves a draft, is refused a submit while draft (202), submits, then submits the assignment', async () => {
    const link = await assignmentLink(DRAFT_ASSIGNMENT);
    expect(link.path).toBe(
      `/form/form-submission/myactionedit/${companyId}/${S1010}?authtoken=${encodeURIComponent(link.token)}` +
        `&supplierassignId=${DRAFT_ASSIGNMENT}`,
    );
    const first = (await details(link.token, S1010)).json().response_data as TFormSubmission;
    expect(first).toMatchObject({ isDraft: 'yes', canEdit: 'yes', editBlockedMessage: '' });
    const scope = fieldOf(first, 'Scope of Work');

    const draft = await call(
      link.token,
      '/formSubmissionSave',
      saveBody(first, 'yes', { [scope]: 'Isolate the gate motor supply and replace the cable.' }),
    );
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().response_message).toBe(messages.submission.draftSaved);
    const log = await ctx.db.changeLog.findFirstOrThrow({
      where: { entityId: S1010, entityType: 'formSubmission' },
      orderBy: { createdAt: 'desc' },
    });
    expect(log).toMatchObject({ userId: null, action: 'updated' });

    const submit = { supplierId: ACME, _id: DRAFT_ASSIGNMENT, formSumissionId: S1010 };
    const early = await call(link.token, '/supplierFormSubmit', submit);
    expect(early.statusCode).toBe(202);
    expect(early.json()).toMatchObject({
      response_code: 202,
      response_message: messages.supplierForm.stillDraft,
    });

    const second = (await details(link.token, S1010)).json().response_data as TFormSubmission;
    const incomplete = await call(link.token, '/formSubmissionSave', saveBody(second, 'no'));
    expect(incomplete.statusCode).toBe(400);
    const signed = await call(
      link.token,
      '/formSubmissionSave',
      saveBody(second, 'no', { [fieldOf(second, 'Contractor Signature')]: `data:image/png;base64,${png}` }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().response_data.formatedNumber).toMatch(/^FS \d+$/);

    const copies = () => ctx.db.mailMessage.findMany({ where: { category: 'supplierSubmissionCopy' } });
    expect(await copies()).toHaveLength(0);
    const done = await call(link.token, '/supplierFormSubmit', submit);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      response_message: messages.supplierForm.submitted,
      response_data: { _id: DRAFT_ASSIGNMENT, formSumissionId: S1010, status: 'submitted', mailsQueued: 1 },
    });
    expect(
      await ctx.db.supplierAssignment.findUniqueOrThrow({ where: { id: DRAFT_ASSIGNMENT } }),
    ).toMatchObject({ status: 'submitted', submissionId: S1010 });
    // Noah reviews the assignment and coordinates the form: one mail.
    const [mail] = await copies();
    expect(mail).toMatchObject({ toAddress: 'noah.fischer@northwind.example' });
    expect(mail!.subject).toContain('Acme Contracting');
    expect(mail!.textBody).toContain('Liam Walker');
    expect(mail!.textBody).toContain(`/form-submission/record/${companyId}/${S1010}`);

    const again = await call(link.token, '/supplierFormSubmit', submit);
    expect(again.statusCode).toBe(202);
    expect(again.json().response_message).toBe(messages.supplierForm.alreadySubmitted);
    expect(await copies()).toHaveLength(1);
  });

  it('refuses a supplier form submit for another supplier, assignment or form', async () => {
    const link = await submissionLink(S1008, 'update');
    const wrongSupplier = await call(link.token, '/supplierFormSubmit', {
      supplierId: ZENITH,
      _id: ROOF_ASSIGNMENT,
      formSumissionId: S1008,
    });
    expect(wrongSupplier.statusCode).toBe(404);
    const otherAssignment = await call(link.token, '/supplierFormSubmit', {
      supplierId: ACME,
      _id: DRAFT_ASSIGNMENT,
      formSumissionId: S1008,
    });
    expect(otherAssignment.statusCode).toBe(403);
    // Signed in as another supplier (with its portal on, so the form's ownership decides): not theirs.
    const zoeUser = await ctx.db.user.findUniqueOrThrow({ where: { username: 'zoe.noportal' } });
    await ctx.db.supplierCompany.update({
      where: { id: zoeUser.supplierId! },
      data: { supplierPortal: true },
    });
    const zoe = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplierFormSubmit',
      headers: { authtoken: tokens['zoe.noportal']! },
      payload: { supplierId: ACME, _id: ROOF_ASSIGNMENT, formSumissionId: S1008 },
    });
    expect(zoe.statusCode).toBe(404);
    const acme = await ctx.app.inject({
      method: 'POST',
      url: '/api/supplierFormSubmit',
      headers: { authtoken: tokens['acme.supplier']! },
      payload: { supplierId: ACME, _id: ROOF_ASSIGNMENT, formSumissionId: S1008 },
    });
    expect(acme.statusCode).toBe(202);
    expect(acme.json().response_message).toBe(messages.supplierForm.alreadySubmitted);
  });

  it('adds, downloads and deletes a file of its own form only', async () => {
    const link = await submissionLink(S1008, 'update');
    const stored = (await details(link.token, S1008)).json().response_data as TFormSubmission;
    const uploaded = await upload(link.token, S1008, fieldOf(stored, 'Insurance Certificate'));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = (uploaded.json().response_data.attachment as { _id: string; name: string }[]).find(
      (row) => row.name === 'insurance.png',
    )!;
    expect(await ctx.db.attachment.findUniqueOrThrow({ where: { id: file._id } })).toMatchObject({
      uploadedById: null,
      ownerId: S1008,
    });

    const shown = (await details(link.token, S1008)).json().response_data as TFormSubmission;
    expect(shown.attachment.find((row) => row._id === file._id)?.path).toBe(
      `/api/formSubmissionLinkFile/${file._id}`,
    );
    const download = await ctx.app.inject({
      method: 'GET',
      url: withToken(`/formSubmissionLinkFile/${file._id}`, link.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(png, 'base64'))).toBe(true);

    const elsewhere = await assignmentLink(DRAFT_ASSIGNMENT);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: withToken(`/formSubmissionLinkFile/${file._id}`, elsewhere.token),
    });
    expect(foreign.statusCode).toBe(404);

    const viewOnly = await submissionLink(S1008, 'view');
    const removeBody = { fileType: 'submission', fileId: file._id, _id: S1008 };
    expect((await call(viewOnly.token, '/formSubmissionLinkFileDelete', removeBody)).statusCode).toBe(403);
    const removed = await call(link.token, '/formSubmissionLinkFileDelete', removeBody);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await ctx.db.attachment.findUnique({ where: { id: file._id } })).toBeNull();
  });

  it("serves the supplier company's logo to its link", async () => {
    const link = await submissionLink(S1008, 'view');
    const logoUrl = withToken('/supplierLinkLogo', link.token);
    expect((await ctx.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    const key = await new LocalFileStorage(storageDir).put(Buffer.from(png, 'base64'), 'png');
    await ctx.db.supplierCompany.update({ where: { id: ACME }, data: { logoKey: key } });
    const context = await call(link.token, '/supplierLinkContext', { formSubmissionId: S1008 });
    expect(context.json().response_data.supplierLogo).toBe('/api/supplierLinkLogo');
    const logo = await ctx.app.inject({ method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-security-policy']).toContain('sandbox');
  });

  it('issues no assignment link before the form is started', async () => {
    const assignment = await ctx.db.supplierAssignment.findFirstOrThrow({
      where: { companyId, submissionId: null, status: 'assigned' },
    });
    expect(await ctx.db.$transaction((tx) => issueSupplierAssignmentLink(tx, assignment))).toBeNull();
  });
});

describe('a signed-in supplier user or personnel (issue 13: rules the server keeps, not the screen)', () => {
  const signedIn = (username: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authtoken: tokens[username]! }, payload });

  it('receives only the people, risks and forms its own supplier forms name, and supplier templates only', async () => {
    const full = (await signedIn('ethan.coordinator', '/formSubmissionRelatedLists', {})).json()
      .response_data;
    for (const username of ['acme.supplier', 'liam.personnel']) {
      const lists = (
        await signedIn(username, '/formSubmissionRelatedLists', { formSubmissionId: S1008 })
      ).json().response_data;
      expect(lists.listRisk.allRiskList.length, username).toBeLessThan(
        await ctx.db.risk.count({ where: { companyId } }),
      );
      expect(
        lists.listSupplier.map((row: { _id: string }) => row._id),
        username,
      ).toContain(ACME);
      expect(lists.listSupplier.length, username).toBeLessThan(full.listSupplier.length);
      expect(new Set(lists.formTemplate.map((row: { formType: string }) => row.formType))).toEqual(
        new Set(['supplier']),
      );
      // The coordinators of Acme's forms are named, so the forms show who coordinates them.
      const coordinators = await ctx.db.submissionCoordinator.findMany({ where: { submissionId: S1008 } });
      for (const coordinator of coordinators)
        expect(lists.listEmployee.map((row: { _id: string }) => row._id)).toContain(coordinator.employeeId);
    }
  });

  it('cannot start an internal form, only a supplier one', async () => {
    const internal = await ctx.db.formTemplate.findFirstOrThrow({
      where: { companyId, formType: 'form_submission', isActive: true },
    });
    const before = await ctx.db.formSubmission.count();
    const refused = await signedIn('liam.personnel', '/formSubmissionSave', {
      formTemplateId: internal.id,
      formDescription: 'Not mine to start',
      formDate: '2026-11-20',
      workplace: '',
      branch: '',
      submissionUserId: [],
      formValue: [],
      taskData: [],
      tableData: [],
      isDraft: 'yes',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().response_message).toBe(messages.submission.supplierFormsOnly);
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it("keeps the organisation's coordinators and actions, and assigns new actions to its own personnel only", async () => {
    const stored = (
      await signedIn('liam.personnel', '/formSubmissionDetails', { formSubmissionId: S1008 })
    ).json().response_data as TFormSubmission;
    const base = saveBody(stored, 'no');
    const taskField = stored.taskData[0]!.relatedFormId!;
    const ethan = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } }))
      .employeeId!;
    const attempt = (body: object) => signedIn('liam.personnel', '/formSubmissionSave', body);

    const coordinator = await attempt({ ...base, submissionUserId: [{ userId: ethan }] });
    expect(coordinator.statusCode).toBe(403);
    expect(coordinator.json().response_message).toBe(messages.submission.coordinatorKept);

    const dropped = await attempt({ ...base, taskData: [] });
    expect(dropped.statusCode).toBe(403);
    expect(dropped.json().response_message).toBe(messages.submission.actionsOfOrganisationKept);

    const newTask = { relatedFormId: taskField, instruction: 'Fix it', due: '2026-12-10' };
    const toEmployee = await attempt({
      ...base,
      taskData: [...base.taskData, { ...newTask, actionType: 'internal', investigator: ethan }],
    });
    expect(toEmployee.statusCode).toBe(403);
    expect(toEmployee.json().response_message).toBe(messages.submission.assigneeOutsideCompany);
    const actionsBefore = await ctx.db.action.count({ where: { submissionId: S1008 } });

    const toOwnPersonnel = await attempt({
      ...base,
      taskData: [...base.taskData, { ...newTask, actionType: 'external', investigator: LIAM }],
    });
    expect(toOwnPersonnel.statusCode, toOwnPersonnel.body).toBe(200);
    expect(await ctx.db.action.count({ where: { submissionId: S1008 } })).toBe(actionsBefore + 1);
  });

  it("keeps the organisation's workplace and branch: another is refused, leaving the header out keeps it (issue 40)", async () => {
    const read = async () =>
      (await signedIn('liam.personnel', '/formSubmissionDetails', { formSubmissionId: S1008 })).json()
        .response_data as TFormSubmission;
    const place = async () => {
      const row = await ctx.db.formSubmission.findUniqueOrThrow({
        where: { id: S1008 },
        include: { coordinators: { orderBy: { position: 'asc' } } },
      });
      return [row.workplaceId, row.branchId, row.coordinators.map((coordinator) => coordinator.employeeId)];
    };
    const before = await place();
    const elsewhere = await ctx.db.branch.findFirstOrThrow({
      where: { companyId, isActive: true, workplaceId: { not: before[0] as string } },
    });
    const moved = await signedIn('liam.personnel', '/formSubmissionSave', {
      ...saveBody(await read(), 'no'),
      workplace: elsewhere.workplaceId,
      branch: elsewhere.id,
    });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().response_message).toBe(messages.submission.placeKept);
    expect(await place()).toEqual(before);

    // The supplier is not asked for them: a header without coordinator, workplace and branch saves.
    const left = await signedIn('liam.personnel', '/formSubmissionSave', {
      ...saveBody(await read(), 'no'),
      workplace: '',
      branch: '',
      submissionUserId: [],
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await place()).toEqual(before);
  });

  it("starts a supplier's new form with its assignment's reviewer as coordinator, at the reviewer's place", async () => {
    // acme/liam: open, not started, reviewer Ethan.
    const assignment = await ctx.db.supplierAssignment.findUniqueOrThrow({
      where: { id: nw('supplierAssignment', 'acme/liam') },
    });
    const ethan = await ctx.db.employee.findUniqueOrThrow({ where: { id: assignment.reviewerEmployeeId! } });
    const started = await signedIn('liam.personnel', '/formSubmissionSave', {
      formTemplateId: assignment.formTemplateId,
      formDescription: 'Started by Liam',
      formDate: '2026-11-20',
      workplace: '',
      branch: '',
      submissionUserId: [],
      formValue: [],
      taskData: [],
      tableData: [],
      isDraft: 'yes',
    });
    expect(started.statusCode, started.body).toBe(200);
    const form = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id: started.json().response_data._id },
      include: { coordinators: true },
    });
    expect(ethan.workplaceId).not.toBeNull();
    expect(form.workplaceId).toBe(ethan.workplaceId);
    expect(form.branchId).toBe(ethan.branchId);
    expect(form.coordinators.map((row) => row.employeeId)).toEqual([ethan.id]);
  });
});
