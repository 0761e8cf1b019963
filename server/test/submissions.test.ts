import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DAY_MESSAGE,
  FIELD_REGISTRY,
  FIELD_TYPES,
  MAX_FILES_PER_UPLOAD,
  MAX_TASKS_PER_SAVE,
  messages,
  type FieldType,
} from '@compass/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { Prisma } from '../src/generated/prisma/client';
import { setupTestApp, signInAll, type TestContext } from './helpers';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-submissions-'));
const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
let companyId: string;
const employee = (key: string) => nw('employee', key);
const RIVERSIDE = nw('workplace', 'Riverside Depot');
const WAREHOUSE = nw('branch', 'Riverside Depot/Warehouse');
const HEAD_OFFICE_BRANCH = nw('branch', 'Head Office/Level 3');
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let ctx: TestContext;
const tokens: Record<string, string> = {};

/** A template made for these tests: one mandatory field of every type, and an investigation section. */
const template = {
  id: randomUUID(),
  versionId: randomUUID(),
  main: randomUUID(),
  investigation: randomUUID(),
};
const fieldId = Object.fromEntries(FIELD_TYPES.map((type) => [type, randomUUID()])) as Record<
  FieldType,
  string
>;
const investigationField = randomUUID();
const columnId = randomUUID();
const itemId = randomUUID();
/** optionVal by type where it is not radio/select/checkbox options ([{ value, label }]). */
const OPTIONS: Partial<Record<FieldType, object[]>> = {
  table: [{ _id: columnId, name: 'Name', type: 'text' }],
  typeGroupings: [
    { category: 'Body Part', subCategories: ['Head', 'Hand'] },
    { category: 'Injury Type', subCategories: ['Cut'] },
  ],
};

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  Object.assign(tokens, await signInAll(ctx.app));
  companyId = (await ctx.db.company.findFirstOrThrow({ where: { name: 'Northwind Facilities' } })).id;
  await ctx.db.formTemplate.create({
    data: { id: template.id, companyId, name: 'Every Field', emailNotification: [] },
  });
  await ctx.db.formTemplateVersion.create({
    data: { id: template.versionId, companyId, templateId: template.id, version: 1 },
  });
  await ctx.db.templateSection.createMany({
    data: [
      { id: template.main, companyId, templateVersionId: template.versionId, label: 'Main', orderNo: 1 },
      {
        id: template.investigation,
        companyId,
        templateVersionId: template.versionId,
        label: 'Investigation',
        orderNo: 2,
        secMandatoryType: 'investigation',
      },
    ],
  });
  await ctx.db.templateField.createMany({
    data: [
      ...FIELD_TYPES.map((type, index) => ({
        id: fieldId[type],
        companyId,
        templateVersionId: template.versionId,
        sectionId: template.main,
        type,
        label: `The ${type}`,
        orderNo: index + 1,
        colSize: FIELD_REGISTRY[type].colSize,
        isMandatory: true,
        optionVal: OPTIONS[type] ?? [{ value: 'a', label: 'A' }],
        itemList: type === 'items' ? [{ _id: itemId, name: 'Dock' }] : undefined,
      })),
      {
        id: investigationField,
        companyId,
        templateVersionId: template.versionId,
        sectionId: template.investigation,
        type: 'text',
        label: 'Root cause',
        orderNo: 1,
        isMandatory: true,
        mandatoryComment: 'Please record the root cause',
      },
    ],
  });
});

afterAll(() => {
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const post = (username: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authtoken: tokens[username]! }, payload });

/** A valid answer for each field kept as a SubmissionValue. */
const VALUES: Partial<Record<FieldType, unknown>> = {
  text: 'Forklift clipped the racking',
  number: '3',
  date: '2026-11-20',
  time: '14:15',
  weblink: 'https://example.com/procedure',
  contentEditor: '<p>Checked</p>',
  radio: 'a',
  select: 'a',
  textarea: 'Long text',
  checkbox: ['a'],
  items: [itemId],
  typeGroupings: { category: 'Body Part', subCategories: ['Hand'] },
  employee: [employee('mia')],
  asset: [nw('asset', 'Fire Pump FP-1')],
  risk: [nw('risk', 'Electrical Hazards')],
  supplier: [nw('supplier', 'Acme Contracting')],
  submission: [nw('submission', '1001')],
  signature: `data:image/png;base64,${PNG}`,
  diagram: `data:image/png;base64,${PNG}`,
};

const header = {
  formTemplateId: template.id,
  formDescription: 'Racking damage',
  formDate: '2026-11-20',
  workplace: RIVERSIDE,
  branch: WAREHOUSE,
  submissionUserId: [{ userId: employee('ethan') }],
};

const task = (investigator = employee('mia'), extra: object = {}) => ({
  relatedFormId: fieldId.task,
  instruction: 'Replace the upright',
  actionType: 'internal',
  investigator,
  due: '2026-12-01',
  ...extra,
});

/** Every field answered except `without` (files are added by upload). */
function body(without: FieldType | null = null, extra: object = {}) {
  return {
    ...header,
    formValue: Object.entries(VALUES)
      .filter(([type]) => type !== without)
      .map(([type, value]) => ({ relatedFormId: fieldId[type as FieldType], value })),
    taskData: without === 'task' ? [] : [task()],
    tableData: without === 'table' ? [] : [{ relatedFormId: fieldId.table, cells: { [columnId]: 'Sam' } }],
    isDraft: 'no',
    ...extra,
  };
}

async function createDraft(extra: object = {}): Promise<{ _id: string; version: number }> {
  const response = await post(
    'ethan.coordinator',
    '/formSubmissionSave',
    body(null, { isDraft: 'yes', ...extra }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response_data;
}

function upload(
  username: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[],
) {
  const boundary = `----compass${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({
    method: 'POST',
    url: '/api/formSubmissionUploadFiles',
    headers: { authtoken: tokens[username]!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

/** A submitted form with its photo, ready to edit. */
async function submitted(): Promise<{ _id: string; version: number; formatedNumber: string }> {
  const draft = await createDraft();
  const uploaded = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
    { name: 'photo.png', content: Buffer.from(PNG, 'base64') },
  ]);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const response = await post(
    'ethan.coordinator',
    '/formSubmissionSave',
    body(null, { _id: draft._id, version: uploaded.json().response_data.version }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response_data;
}

describe('reference calls', () => {
  it('answer the pick lists, templates, branches and due type of the caller organisation', async () => {
    const lists = await post('ethan.coordinator', '/formSubmissionRelatedLists', {});
    expect(lists.statusCode, lists.body).toBe(200);
    const data = lists.json().response_data;
    const william = employee('william');
    expect(data.listEmployee.map((e: { _id: string }) => e._id)).toContain(william);
    expect(data.activeEmployeeList.map((e: { _id: string }) => e._id)).not.toContain(william);
    expect(data.listRisk.masterRiskList.length).toBeLessThan(data.listRisk.allRiskList.length);
    expect(data.workplace.map((w: { _id: string }) => w._id)).toContain(RIVERSIDE);
    const southbank = await post('sam.southbank', '/formSubmissionRelatedLists', {});
    expect(southbank.json().response_data.workplace.map((w: { _id: string }) => w._id)).not.toContain(
      RIVERSIDE,
    );

    const templates = await post('ethan.coordinator', '/formTemplateList', { formType: 'form-submission' });
    const names = templates.json().response_data.map((t: { name: string }) => t.name);
    expect(names).toContain('Incident Report');
    expect(names).not.toContain('Contractor Safety Assessment');

    const detail = await post('ethan.coordinator', '/formTemplateDetail', {
      _id: nw('template', 'incident'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().response_data).toMatchObject({
      name: 'Incident Report',
      formBranchType: 'manualEntry',
    });
    expect(detail.json().response_data.sections.map((s: { level: string }) => s.level)).toEqual([
      'Incident Details',
      'Witnesses and Evidence',
      'Investigation',
    ]);

    const branches = await post('ethan.coordinator', '/branchesByWorkplace', { workplace: RIVERSIDE });
    expect(branches.json().response_data.map((b: { name: string }) => b.name)).toEqual([
      'Warehouse',
      'Workshop',
    ]);
    const foreign = await post('sam.southbank', '/branchesByWorkplace', { workplace: RIVERSIDE });
    expect(foreign.json().response_data).toEqual([]);

    const due = await post('ethan.coordinator', '/taskDueDateType', {
      due: '2000-01-01',
      localTimeZone: 'UTC',
    });
    expect(due.json().response_data).toEqual({ taskDueDateType: 'overdue' });
  });

  it('returns a seeded submission with the fields of its template version', async () => {
    const response = await post('ethan.coordinator', '/formSubmissionDetails', {
      formSubmissionId: nw('submission', '1001'),
      localTimeZone: 'UTC',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().response_data;
    expect(data).toMatchObject({
      formatedNumber: 'FS 1001',
      formTemplateName: 'Incident Report',
      isDraft: 'no',
    });
    expect(data.templateVersionId).toBe(nw('templateVersion', 'incident/1'));
    expect(data.fieldList.length).toBeGreaterThan(10);
    expect(data.submissionUserId[0].userId).toBeTruthy();
    expect(data.taskData.length).toBeGreaterThan(0);
  });
});

describe('header validation', () => {
  it('names the missing header fields in the spec order and creates nothing', async () => {
    const before = await ctx.db.formSubmission.count();
    const blanks = { formDescription: '', formDate: '', workplace: '', branch: '' };
    const expected: [object, string][] = [
      [{ submissionUserId: [], ...blanks }, 'Please select coordinator'],
      [blanks, 'Please enter form description'],
      [{ formDate: '', workplace: '', branch: '' }, 'Please enter date'],
      [{ workplace: '', branch: '' }, 'Please select workplace'],
      [{ branch: '' }, 'Please select branch'],
    ];
    for (const [override, message] of expected) {
      for (const isDraft of ['no', 'yes']) {
        const response = await post(
          'ethan.coordinator',
          '/formSubmissionSave',
          body(null, { ...override, isDraft }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ response_code: 400, response_message: message });
        expect(response.json().validation_errors[0]).toEqual({ field: 'header', message });
      }
    }
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it('refuses days that do not exist (no rolling 30 February over to March) and creates nothing', async () => {
    const before = await ctx.db.formSubmission.count();
    const cases: object[] = [
      { formDate: '2026-02-30' },
      { formDate: '2025-02-29' },
      { formDate: '2026-13-01' },
      { formDate: '20/11/2026' },
      { taskData: [task(employee('mia'), { due: '2026-04-31' })] },
    ];
    for (const override of cases) {
      const response = await post('ethan.coordinator', '/formSubmissionSave', body(null, override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json()).toMatchObject({ response_code: 400, response_message: DAY_MESSAGE });
    }
    const dateAnswer = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', formValue: [{ relatedFormId: fieldId.date, value: '2026-02-30' }] }),
    );
    expect(dateAnswer.statusCode).toBe(400);
    expect(JSON.stringify(dateAnswer.json())).toContain(DAY_MESSAGE);
    const leapDay = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { formDate: '2024-02-29', isDraft: 'yes' }),
    );
    expect(leapDay.statusCode, leapDay.body).toBe(200);
    expect(await ctx.db.formSubmission.count()).toBe(before + 1);
  });

  it('refuses a branch of another workplace', async () => {
    const response = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { branch: HEAD_OFFICE_BRANCH, isDraft: 'yes' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(messages.submission.branchOfWorkplace);
  });
});

describe('mandatory fields, by type', () => {
  for (const type of FIELD_TYPES.filter((t) => t !== 'section' && t !== 'file')) {
    it(`${type}: empty is refused on submit, allowed in a draft`, async () => {
      const refused = await post('ethan.coordinator', '/formSubmissionSave', body(type));
      expect(refused.statusCode).toBe(400);
      // Files are never sent on a first save, so the file field is missing too; every other
      // (filled) field passes, so the two are the only problems.
      const errors = refused.json().validation_errors as { field: string; message: string }[];
      expect(errors).toHaveLength(2);
      expect(errors).toContainEqual({ field: fieldId[type], message: messages.submission.mandatoryFields });
      expect(errors).toContainEqual({ field: fieldId.file, message: messages.submission.mandatoryFields });
      expect(refused.json().response_message).toBe(messages.submission.mandatoryFields);
      const draft = await post('ethan.coordinator', '/formSubmissionSave', body(type, { isDraft: 'yes' }));
      expect(draft.statusCode, draft.body).toBe(200);
      expect(draft.json().response_data.formatedNumber).toBe('(Draft)');
    });
  }

  it('file: needs an uploaded attachment; with every field filled the form is submitted with an FS number', async () => {
    const draft = await createDraft();
    const refused = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validation_errors).toEqual([
      { field: fieldId.file, message: messages.submission.mandatoryFields },
    ]);
    const done = await submitted();
    expect(done.formatedNumber).toMatch(/^FS \d+$/);
    const row = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: done._id } });
    const last = await ctx.db.formSubmission.aggregate({ where: { companyId }, _max: { number: true } });
    expect(row.number).toBe(last._max.number);
    expect(row.isDraft).toBe(false);
  });

  it('counts blank answers as missing: spaces, empty lists, empty rich text, no category, no drawing', async () => {
    const BLANK: Partial<Record<FieldType, unknown>> = {
      text: '   ',
      number: '',
      date: '',
      time: '',
      weblink: '',
      contentEditor: '<p>&nbsp;</p><p></p>',
      radio: '',
      select: '',
      textarea: '\n',
      checkbox: [],
      items: [],
      typeGroupings: { category: '', subCategories: [] },
      employee: [],
      asset: [],
      risk: [],
      supplier: [],
      submission: [],
      signature: '',
      diagram: '',
    };
    expect(Object.keys(BLANK).sort()).toEqual(Object.keys(VALUES).sort());
    const formValue = Object.entries(BLANK).map(([type, value]) => ({
      relatedFormId: fieldId[type as FieldType],
      value,
    }));
    const refused = await post('ethan.coordinator', '/formSubmissionSave', body(null, { formValue }));
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json().validation_errors as { field: string }[]).map((error) => error.field);
    expect(fields.sort()).toEqual(
      [...Object.keys(BLANK).map((type) => fieldId[type as FieldType]), fieldId.file].sort(),
    );
    const draft = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { formValue, isDraft: 'yes' }),
    );
    expect(draft.statusCode, draft.body).toBe(200);
  });

  it('a mandatory field of an investigation section does not block a submit', async () => {
    const done = await submitted();
    const values = await ctx.db.submissionValue.findMany({ where: { submissionId: done._id } });
    expect(values.map((row) => row.fieldId)).not.toContain(investigationField);
    expect(done.formatedNumber).toMatch(/^FS \d+$/);
  });

  it('leaves investigation sections out of drafts and checks only untyped/newEntry sections', async () => {
    const draft = await createDraft({
      formValue: [...body().formValue, { relatedFormId: investigationField, value: 'kept?' }],
    });
    const values = await ctx.db.submissionValue.findMany({ where: { submissionId: draft._id } });
    expect(values.map((row) => row.fieldId)).not.toContain(investigationField);
  });
});

describe('saved content', () => {
  it('sanitizes contentEditor HTML and refuses malformed values', async () => {
    const formValue = body().formValue.map((entry) =>
      entry.relatedFormId === fieldId.contentEditor
        ? { ...entry, value: '<p>Hi</p><script>alert(1)</script><img src="x.png" onerror="alert(1)">' }
        : entry,
    );
    const draft = await createDraft({ formValue });
    const stored = await ctx.db.submissionValue.findFirstOrThrow({
      where: { submissionId: draft._id, fieldId: fieldId.contentEditor },
    });
    expect(stored.value).toBe('<p>Hi</p><img src="x.png" />');

    const bad = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        isDraft: 'yes',
        formValue: [{ relatedFormId: fieldId.date, value: '20/11/2026' }],
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validation_errors[0].field).toBe(fieldId.date);
  });

  it("refuses another organisation's records in a value", async () => {
    const foreign = await ctx.db.formSubmission.findFirstOrThrow({
      where: { companyId: { not: companyId } },
    });
    const formValue = body().formValue.map((entry) =>
      entry.relatedFormId === fieldId.submission ? { ...entry, value: [foreign.id] } : entry,
    );
    const response = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', formValue }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(messages.submission.inactiveSelection);
  });

  it('refuses an inactive employee as a new selection but keeps one already stored', async () => {
    const william = employee('william');
    const refused = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { isDraft: 'yes', taskData: [task(william)] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().response_message).toBe(messages.submission.inactiveSelection);

    const draft = await createDraft();
    await ctx.db.submissionValue.update({
      where: {
        companyId_submissionId_fieldId: { companyId, submissionId: draft._id, fieldId: fieldId.employee },
      },
      data: { value: [william] },
    });
    const formValue = body().formValue.map((entry) =>
      entry.relatedFormId === fieldId.employee ? { ...entry, value: [william] } : entry,
    );
    const kept = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version, isDraft: 'yes', formValue }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });
});

describe('choice answers', () => {
  const withValue = (type: FieldType, value: unknown) =>
    body().formValue.map((entry) => (entry.relatedFormId === fieldId[type] ? { ...entry, value } : entry));

  it('refuses an option the template does not offer, for every choice type, and stores nothing', async () => {
    const before = await ctx.db.formSubmission.count();
    const cases: [FieldType, unknown][] = [
      ['radio', 'A'],
      ['select', 'not-an-option'],
      ['checkbox', ['a', 'z']],
      ['items', [randomUUID()]],
      ['typeGroupings', { category: 'Body Part', subCategories: ['Cut'] }],
      ['typeGroupings', { category: 'Weather', subCategories: [] }],
      ['typeGroupings', { category: '', subCategories: ['Hand'] }],
    ];
    for (const [type, value] of cases) {
      for (const isDraft of ['yes', 'no']) {
        const response = await post(
          'ethan.coordinator',
          '/formSubmissionSave',
          body(null, { isDraft, formValue: withValue(type, value) }),
        );
        const message = `The ${type}: ${messages.submission.optionNotOffered}`;
        expect(response.statusCode, `${type} ${JSON.stringify(value)}`).toBe(400);
        expect(response.json()).toMatchObject({ response_code: 400, response_message: message });
        expect(response.json().validation_errors).toEqual([{ field: fieldId[type], message }]);
      }
    }
    expect(await ctx.db.formSubmission.count()).toBe(before);
  });

  it('refuses a changed option on an edit, keeping the stored form; a choice already stored may stay', async () => {
    const draft = await createDraft();
    // A stored answer the template does not offer (data from before a template edit).
    await ctx.db.submissionValue.update({
      where: {
        companyId_submissionId_fieldId: { companyId, submissionId: draft._id, fieldId: fieldId.select },
      },
      data: { value: 'legacy' },
    });
    const kept = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: draft._id,
        version: draft.version,
        isDraft: 'yes',
        formValue: withValue('select', 'legacy'),
      }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
    const version = kept.json().response_data.version as number;

    const changed = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version, isDraft: 'yes', formValue: withValue('radio', 'b') }),
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().response_message).toBe(`The radio: ${messages.submission.optionNotOffered}`);
    const row = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: draft._id } });
    expect(row.version).toBe(version);
    const radio = await ctx.db.submissionValue.findFirstOrThrow({
      where: { submissionId: draft._id, fieldId: fieldId.radio },
    });
    expect(radio.value).toBe('a');
  });
});

describe('who may edit', () => {
  it('only the coordinator edits a submitted open form', async () => {
    const form = await submitted();
    const response = await post(
      'mia.employee',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.submission.notCoordinator);
    const details = await post('ethan.coordinator', '/formSubmissionDetails', { formSubmissionId: form._id });
    expect(details.json().response_data).toMatchObject({
      canEdit: 'yes',
      status: 'Open',
      version: form.version,
    });
  });

  it('only the recorder edits a draft', async () => {
    const draft = await createDraft();
    const response = await post(
      'olivia.admin',
      '/formSubmissionSave',
      body(null, { _id: draft._id, version: draft.version }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.submission.notRecorder);
    const details = await post('olivia.admin', '/formSubmissionDetails', { formSubmissionId: draft._id });
    expect(details.json().response_data).toMatchObject({
      canEdit: 'no',
      editBlockedMessage: messages.submission.notRecorder,
    });
  });

  it('nobody edits a closed form', async () => {
    const form = await submitted();
    await ctx.db.formSubmission.update({ where: { id: form._id }, data: { isClosed: true } });
    const response = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(messages.submission.closed);
  });

  it("another organisation's user sees and changes nothing", async () => {
    const form = await submitted();
    const before = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: form._id } });
    for (const [url, payload] of [
      ['/formSubmissionDetails', { formSubmissionId: form._id }],
      ['/formSubmissionHistory', { formSubmissionId: form._id }],
      ['/formSubmissionSave', body(null, { _id: form._id, version: form.version })],
      ['/formTemplateDetail', { _id: template.id }],
    ] as const) {
      const response = await post('sam.southbank', url, payload);
      expect(response.statusCode, url).toBe(404);
    }
    const list = await post('sam.southbank', '/formSubmissionList', { scope: 'my' });
    expect(list.json().response_data.rows.map((row: { _id: string }) => row._id)).not.toContain(form._id);
    expect(await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: form._id } })).toEqual(before);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const form = await submitted();
    const first = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version, formDescription: 'First edit' }),
    );
    expect(first.statusCode).toBe(200);
    const stale = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, version: form.version, formDescription: 'Second edit' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().response_message).toBe(messages.closeOff.stale);
    expect(stale.json().error_code).toBe('stale_version');
    const missing = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id: form._id, formDescription: 'Third edit' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().response_message).toBe(messages.submission.versionRequired);
    const row = await ctx.db.formSubmission.findUniqueOrThrow({ where: { id: form._id } });
    expect(row.formDescription).toBe('First edit');
  });
});

describe('files', () => {
  it('refuses a type that is not allowed, a file over 10 MB, too many files and an unreadable image', async () => {
    const draft = await createDraft();
    const exe = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'tool.exe', content: Buffer.from('MZ') },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().response_message).toBe('This file type is not allowed: tool.exe');
    const big = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'big.pdf', content: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().response_message).toBe('A file is larger than 10 MB.');
    const many = await upload(
      'ethan.coordinator',
      { _id: draft._id, relatedFormId: fieldId.file },
      Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({
        name: `note-${index}.txt`,
        content: Buffer.from('note'),
      })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().response_message).toBe(`Send at most ${MAX_FILES_PER_UPLOAD} files at once.`);
    const fake = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'fake.png', content: Buffer.from('not an image') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json().response_message).toBe('fake.png is not a readable image.');
    // SVG under a photo's name would reach librsvg in the API process (sharp reads the bytes, not the name).
    const disguised = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      {
        name: 'photo.png',
        content: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><use href='#a'/></svg>"),
      },
    ]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().response_message).toBe('photo.png is not a readable image.');
    expect(await ctx.db.attachment.count({ where: { ownerId: draft._id } })).toBe(0);
  });

  it('stores a large photo at most 2000 px a side', async () => {
    const draft = await createDraft();
    const photo = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const uploaded = await upload('ethan.coordinator', { _id: draft._id, relatedFormId: fieldId.file }, [
      { name: 'site.jpg', content: photo },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = await ctx.db.attachment.findFirstOrThrow({ where: { ownerId: draft._id } });
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(download.statusCode).toBe(200);
    const meta = await sharp(download.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([2000, 1000]);
  });

  it('refuses uploads by a non-coordinator and by another organisation', async () => {
    const form = await submitted();
    const before = await ctx.db.attachment.count({ where: { ownerId: form._id } });
    const png = [{ name: 'extra.png', content: Buffer.from(PNG, 'base64') }];
    const other = await upload('mia.employee', { _id: form._id, relatedFormId: fieldId.file }, png);
    expect(other.statusCode).toBe(403);
    expect(other.json().response_message).toBe(messages.submission.notCoordinator);
    const foreign = await upload('sam.southbank', { _id: form._id, relatedFormId: fieldId.file }, png);
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.db.attachment.count({ where: { ownerId: form._id } })).toBe(before);
  });

  it('downloads only by attachment id: a path is refused', async () => {
    const form = await submitted();
    const attachment = await ctx.db.attachment.findFirstOrThrow({ where: { ownerId: form._id } });
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens['ethan.coordinator']! },
    });
    expect(ok.statusCode).toBe(200);
    for (const url of [
      '/api/files/..%2F..%2F..%2Fetc%2Fpasswd',
      `/api/files/${encodeURIComponent(attachment.storageKey)}`,
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authtoken: tokens['ethan.coordinator']! },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.body).not.toContain('root:');
    }
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/files/${attachment.id}`,
      headers: { authtoken: tokens['sam.southbank']! },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('tasks, change log and mail', () => {
  const taskMails = () => ctx.db.mailMessage.count({ where: { category: 'submissionTask' } });

  it('queues one task mail per new or reassigned action, in the save, and logs every change', async () => {
    const before = await taskMails();
    const liam = nw('personnel', 'liam');
    const created = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        isDraft: 'yes',
        taskData: [task(), task(liam, { actionType: 'external', instruction: 'Inspect' })],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { _id, version } = created.json().response_data;
    expect(await taskMails()).toBe(before + 2);
    const actions = await ctx.db.action.findMany({
      where: { submissionId: _id },
      orderBy: { taskNumber: 'asc' },
    });
    expect(actions.map((a) => [a.taskNumber, a.actionType])).toEqual([
      [1, 'internal'],
      [2, 'external'],
    ]);

    // Unchanged tasks: no mail. Reassigning one: one mail. Dropping one: deleted.
    const same = actions.map((a) => ({
      ...task(a.assigneeEmployeeId ?? a.assigneePersonnelId!, {
        actionType: a.actionType,
        instruction: a.instruction,
      }),
      _id: a.id,
    }));
    const unchanged = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { _id, version, isDraft: 'yes', taskData: same }),
    );
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(await taskMails()).toBe(before + 2);
    const reassigned = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id,
        version: unchanged.json().response_data.version,
        isDraft: 'yes',
        taskData: [{ ...same[0]!, investigator: employee('jack') }],
      }),
    );
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect(await taskMails()).toBe(before + 3);
    expect(await ctx.db.action.count({ where: { submissionId: _id } })).toBe(1);

    // A completed action can't be changed.
    await ctx.db.action.update({ where: { id: actions[0]!.id }, data: { isComplete: true } });
    const completed = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id,
        version: reassigned.json().response_data.version,
        isDraft: 'yes',
        taskData: [{ ...same[0]!, investigator: employee('mia') }],
      }),
    );
    expect(completed.statusCode).toBe(409);
    expect(completed.json().response_message).toBe(messages.action.alreadyComplete);
    expect(await taskMails()).toBe(before + 3);

    const history = await post('ethan.coordinator', '/formSubmissionHistory', { formSubmissionId: _id });
    expect(history.statusCode).toBe(200);
    const entries = history.json().response_data as {
      entityType: string;
      action: string;
      who: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    expect(entries.every((entry) => entry.who === 'Ethan Clarke')).toBe(true);
    expect(
      entries
        .filter((e) => e.entityType === 'action')
        .map((e) => e.action)
        .sort(),
    ).toEqual(['created', 'created', 'deleted', 'updated']);
    const update = entries.find((e) => e.entityType === 'action' && e.action === 'updated')!;
    expect(update.changes).toContainEqual({
      field: 'investigator',
      from: employee('mia'),
      to: employee('jack'),
    });
    expect(entries.at(-1)).toMatchObject({ entityType: 'submission', action: 'created' });
  });

  it('logs what changed on an edit', async () => {
    const form = await submitted();
    const action = await ctx.db.action.findFirstOrThrow({ where: { submissionId: form._id } });
    const edited = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: form._id,
        version: form.version,
        formDescription: 'Edited',
        taskData: [{ ...task(), _id: action.id }],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const history = await post('ethan.coordinator', '/formSubmissionHistory', { formSubmissionId: form._id });
    expect(history.json().response_data[0]).toMatchObject({
      entityType: 'submission',
      action: 'updated',
      who: 'Ethan Clarke',
      changes: [{ field: 'formDescription', from: 'Racking damage', to: 'Edited' }],
    });
  });
});

describe('history of empty answers', () => {
  it('logs nothing for an answer that stays empty, whether it is left out or sent as an empty text', async () => {
    const withoutText = body('text').formValue;
    const draft = await createDraft({ formValue: withoutText });
    const again = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, {
        _id: draft._id,
        version: draft.version,
        isDraft: 'yes',
        formValue: [...withoutText, { relatedFormId: fieldId.text, value: '' }],
      }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const history = await post('ethan.coordinator', '/formSubmissionHistory', {
      formSubmissionId: draft._id,
    });
    const entries = history.json().response_data as { entityType: string; action: string }[];
    expect(entries.filter((entry) => entry.entityType === 'submission').map((entry) => entry.action)).toEqual(
      ['created'],
    );
  });
});

describe('copy e-mails (code 1) on submit', () => {
  it('are queued once, in the save that turns the draft into a submitted form', async () => {
    await ctx.db.formTemplate.update({
      where: { id: template.id },
      data: { emailNotification: [1], emailCcEmployeeIds: [employee('olivia')] },
    });
    const copies = () => ctx.db.mailMessage.count({ where: { category: 'submissionSubmittedCopy' } });
    try {
      const before = await copies();
      const form = await submitted();
      expect(await copies()).toBe(before + 1);
      const edited = await post(
        'ethan.coordinator',
        '/formSubmissionSave',
        body(null, {
          _id: form._id,
          version: form.version,
          formDescription: 'Edited again',
          taskData: [
            {
              ...task(),
              _id: (await ctx.db.action.findFirstOrThrow({ where: { submissionId: form._id } })).id,
            },
          ],
        }),
      );
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await copies()).toBe(before + 1);
    } finally {
      await ctx.db.formTemplate.update({
        where: { id: template.id },
        data: { emailNotification: [], emailCcEmployeeIds: [] },
      });
    }
  });
});

describe('POST /api/formSubmissionList', () => {
  it('pages, filters and sorts', async () => {
    await submitted();
    for (let i = 0; i < 4; i += 1) await createDraft();
    const all = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      pageSize: 100,
      formTemplateId: template.id,
    });
    expect(all.statusCode, all.body).toBe(200);
    const total = all.json().response_data.total as number;
    const count = await ctx.db.formSubmission.count({ where: { templateId: template.id } });
    expect(total).toBe(count);

    const page1 = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      formTemplateId: template.id,
      page: 1,
      pageSize: 2,
      sort: 'createdAt',
      sortDirection: 'asc',
    });
    const page2 = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      formTemplateId: template.id,
      page: 2,
      pageSize: 2,
      sort: 'createdAt',
      sortDirection: 'asc',
    });
    const ids = [...page1.json().response_data.rows, ...page2.json().response_data.rows].map(
      (r: { _id: string }) => r._id,
    );
    expect(new Set(ids).size).toBe(4);

    const drafts = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      status: 'Draft',
      formTemplateId: template.id,
      pageSize: 100,
    });
    const rows = drafts.json().response_data.rows as { status: string; formatedNumber: string }[];
    expect(rows.length).toBe(
      await ctx.db.formSubmission.count({ where: { templateId: template.id, isDraft: true } }),
    );
    expect(rows.every((r) => r.status === 'Draft' && r.formatedNumber === '(Draft)')).toBe(true);

    const byNumber = await post('olivia.admin', '/formSubmissionList', {
      scope: 'all',
      status: 'Open',
      sort: 'number',
      sortDirection: 'desc',
      pageSize: 5,
    });
    const numbers = (byNumber.json().response_data.rows as { formatedNumber: string }[]).map((r) =>
      Number(r.formatedNumber.slice(3)),
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    const mine = await post('mia.employee', '/formSubmissionList', {
      scope: 'my',
      formTemplateId: template.id,
    });
    expect(mine.json().response_data.total).toBe(0);
    const otherOrganisation = await post('sam.southbank', '/formSubmissionList', {
      scope: 'all',
      formTemplateId: template.id,
    });
    expect(otherOrganisation.json().response_data.total).toBe(0);
    // Without an employee role there is no Records access.
    const refused = await post('liam.personnel', '/formSubmissionList', { scope: 'all' });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the largest save the contract allows', () => {
  it('saves the most actions one save may carry, each with its change log and mail, in one transaction', async () => {
    const tasks = Array.from({ length: MAX_TASKS_PER_SAVE }, (_, index) =>
      task(employee(index % 2 ? 'mia' : 'ethan'), { instruction: `Action ${index + 1}` }),
    );
    const saved = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { taskData: tasks, isDraft: 'yes' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const { _id } = saved.json().response_data;
    expect(await ctx.db.action.count({ where: { submissionId: _id } })).toBe(MAX_TASKS_PER_SAVE);
    const tooMany = await post(
      'ethan.coordinator',
      '/formSubmissionSave',
      body(null, { taskData: [...tasks, task()], isDraft: 'yes' }),
    );
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('a template whose stored configuration is damaged', () => {
  it('still opens: the entries that fit are offered, the others left out, no 500', async () => {
    const field = (type: FieldType) => ({ id: fieldId[type] });
    const stored = await ctx.db.templateField.findMany({
      where: { id: { in: [fieldId.items, fieldId.select] } },
    });
    await ctx.db.templateField.update({
      where: field('items'),
      data: { itemList: [{ _id: 'not-an-id', name: 'Broken' }, 'junk', { _id: itemId, name: 'Dock' }] },
    });
    await ctx.db.templateField.update({ where: field('select'), data: { optionVal: 'not a list' } });
    try {
      const detail = await post('ethan.coordinator', '/formTemplateDetail', { _id: template.id });
      expect(detail.statusCode, detail.body).toBe(200);
      const fields = detail.json().response_data.fieldList as {
        _id: string;
        itemList: unknown;
        optionVal: unknown;
      }[];
      expect(fields.find((entry) => entry._id === fieldId.items)?.itemList).toEqual([
        { _id: itemId, name: 'Dock' },
      ]);
    } finally {
      for (const row of stored)
        await ctx.db.templateField.update({
          where: { id: row.id },
          data: { itemList: row.itemList ?? Prisma.DbNull, optionVal: row.optionVal ?? Prisma.DbNull },
        });
    }
  });
});
