// The template and helpers of the submission API tests (submissions.test.ts, submissionEditing.test.ts).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIELD_REGISTRY, FIELD_TYPES, type FieldType } from '@compass/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { demoId } from '../../seed/demo';
import { multipartPayload, setupTestApp, signInAll, type TestContext } from './helpers';

export const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-submissions-'));
export const nw = (kind: string, key: string) => demoId(`nw:${kind}:${key}`);
export let companyId: string;
export const employee = (key: string) => nw('employee', key);
export const RIVERSIDE = nw('workplace', 'Riverside Depot');
export const WAREHOUSE = nw('branch', 'Riverside Depot/Warehouse');
export const HEAD_OFFICE_BRANCH = nw('branch', 'Head Office/Level 3');
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

export let ctx: TestContext;
export const tokens: Record<string, string> = {};

/** A template made for these tests: one mandatory field of every type, and an investigation section. */
export const template = {
  id: randomUUID(),
  versionId: randomUUID(),
  main: randomUUID(),
  investigation: randomUUID(),
};
export const fieldId = Object.fromEntries(FIELD_TYPES.map((type) => [type, randomUUID()])) as Record<
  FieldType,
  string
>;
export const investigationField = randomUUID();
export const columnId = randomUUID();
export const itemId = randomUUID();
/** optionVal by type where it is not radio/select/checkbox options ([{ value, label }]). */
export const OPTIONS: Partial<Record<FieldType, object[]>> = {
  table: [{ _id: columnId, name: 'Name', type: 'text' }],
  typeGroupings: [
    { category: 'Body Part', subCategories: ['Head', 'Hand'] },
    { category: 'Injury Type', subCategories: ['Cut'] },
  ],
};

/**
 * The app of a test file over its own database, with the template above created in it; the files
 * folder is removed when the file's tests end. Call once at the top of a test file.
 */
export function useEveryFieldTemplate(): void {
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
}

export const post = (username: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authtoken: tokens[username]! }, payload });

/** A valid answer for each field kept as a SubmissionValue. */
export const VALUES: Partial<Record<FieldType, unknown>> = {
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

export const header = {
  formTemplateId: template.id,
  formDescription: 'Racking damage',
  formDate: '2026-11-20',
  workplace: RIVERSIDE,
  branch: WAREHOUSE,
  submissionUserId: [{ userId: employee('ethan') }],
};

export const task = (investigator = employee('mia'), extra: object = {}) => ({
  relatedFormId: fieldId.task,
  instruction: 'Replace the upright',
  actionType: 'internal',
  investigator,
  due: '2026-12-01',
  ...extra,
});

/** Every field answered except `without` (files are added by upload). */
export function body(without: FieldType | null = null, extra: object = {}) {
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

export async function createDraft(extra: object = {}): Promise<{ _id: string; version: number }> {
  const response = await post(
    'ethan.coordinator',
    '/formSubmissionSave',
    body(null, { isDraft: 'yes', ...extra }),
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().response_data;
}

export function upload(
  username: string,
  fields: Record<string, string>,
  files: { name: string; content: Buffer }[],
) {
  const { payload, contentType } = multipartPayload(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/formSubmissionUploadFiles',
    headers: { authtoken: tokens[username]!, 'content-type': contentType },
    payload,
  });
}

/** A submitted form with its photo, ready to edit. */
export async function submitted(): Promise<{ _id: string; version: number; formatedNumber: string }> {
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
