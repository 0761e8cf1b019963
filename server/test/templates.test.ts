import {
  FIELD_TYPES,
  newField,
  templateMessages as say,
  type TFileField,
  type TTemplateDraft,
} from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportOrganisation } from '../src/modules/organisationFile/exporter';
import { apiCalls, setupTestApp, signInAll, type TestContext } from './helpers';

/** The template builder's calls: drafts, publishing versions, and what submissions keep. */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
const admin = 'olivia.admin';

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
});

/** A field of every type across two sections, each filled in as publishing needs. */
function everyField(name: string): TTemplateDraft {
  const taken = new Set<string>();
  const fields = FIELD_TYPES.map((type) => {
    const field = newField(type, taken);
    taken.add(field.key!);
    return field;
  });
  return {
    name,
    formType: 'form-submission',
    emailNotification: [1, 4],
    coordinator: 'ethan.coordinator',
    copied: ['mia.employee'],
    sections: [
      { label: 'What happened', fields: fields.slice(0, 12) },
      { label: 'Follow-up', mandatoryType: 'investigation', collapsed: true, fields: fields.slice(12) },
    ],
  };
}

async function created(name: string) {
  const { _id } = await data(admin, 'templateCreate', { name, formType: 'form-submission' });
  return _id as string;
}

async function details(id: string, as = admin) {
  return data(as, 'templateAdminDetails', { _id: id });
}

async function saved(id: string, template: TTemplateDraft) {
  const { revision } = await details(id);
  return (await data(admin, 'templateDraftSave', { _id: id, revision, template })).revision as number;
}

async function published(id: string, template: TTemplateDraft) {
  const revision = await saved(id, template);
  return data(admin, 'templatePublish', { _id: id, revision });
}

const field = (template: TTemplateDraft, key: string): TFileField =>
  template.sections.flatMap((section) => section.fields).find((entry) => entry.key === key)!;

describe('building and publishing a template', () => {
  it('creates a draft that is listed but not offered for submissions until published', async () => {
    const id = await created('Vehicle check');
    const list = await data(admin, 'templateAdminList', { search: 'vehicle check' });
    expect(list.rows).toEqual([
      expect.objectContaining({ _id: id, status: 'draft', currentVersion: 0, hasDraft: true }),
    ]);
    expect(list.rows[0].updatedBy).toBe('Olivia Bennett');
    const offered = await data('mia.employee', 'formTemplateList', {});
    expect(offered.map((row: { _id: string }) => row._id)).not.toContain(id);

    const version = await published(id, everyField('Vehicle check'));
    expect(version.version).toBe(1);
    const after = await data('mia.employee', 'formTemplateList', {});
    expect(after.map((row: { _id: string }) => row._id)).toContain(id);
    const detail = await data('mia.employee', 'formTemplateDetail', { _id: id });
    expect(detail.fieldList).toHaveLength(FIELD_TYPES.length);
    expect(detail.sections[1]).toMatchObject({
      level: 'Follow-up',
      secMandatoryType: 'investigation',
      collapsed: true,
    });
    expect(detail.emailNotification).toEqual([{ value: 1 }, { value: 4 }]);
    expect(detail.coordinate).not.toBeNull();
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    const row = await ctx.db.formTemplate.findUniqueOrThrow({ where: { id } });
    expect(row.emailCcEmployeeIds).toEqual([mia.employeeId]);
    const stored = await ctx.db.templateField.findMany({ where: { templateVersion: { templateId: id } } });
    expect(new Set(stored.map((row) => row.fieldKey)).size).toBe(FIELD_TYPES.length);
  });

  it('keeps a published version as it was: version 2 changes labels and options, version 1 stays', async () => {
    const id = await created('Spill report');
    const first = everyField('Spill report');
    await published(id, first);
    const v1 = await ctx.db.formTemplateVersion.findFirstOrThrow({ where: { templateId: id, version: 1 } });
    // A form opened now gets version 1 (and the answer is kept for the organisation).
    expect((await data('mia.employee', 'formTemplateDetail', { _id: id })).version).toBe(1);

    const second = structuredClone(first);
    field(second, 'radio').label = 'Spill size';
    field(second, 'radio').options = [{ value: 'option_1', label: 'Option 1' }];
    const result = await published(id, second);
    expect(result.version).toBe(2);
    const opened = await data('mia.employee', 'formTemplateDetail', { _id: id });
    expect(opened.version).toBe(2);
    expect(opened.templateVersionId).not.toBe(v1.id);

    const old = await data(admin, 'templateVersion', { _id: id, version: 1 });
    expect(field(old, 'radio')).toMatchObject({
      label: 'Radio',
      options: first.sections[0]!.fields[7]!.options,
    });
    const now = await data(admin, 'templateVersion', { _id: id, version: 2 });
    expect(field(now, 'radio')).toMatchObject({
      label: 'Spill size',
      options: [{ value: 'option_1', label: 'Option 1' }],
    });
    // The version a submission was made on still answers its own labels.
    const v1Fields = await ctx.db.templateField.findMany({
      where: { templateVersionId: v1.id, type: 'radio' },
    });
    expect(v1Fields[0]!.label).toBe('Radio');
    const detail = await details(id);
    expect(detail).toMatchObject({ status: 'published', currentVersion: 2, hasDraft: false });
    expect(detail.versions.map((row: { version: number }) => row.version)).toEqual([2, 1]);
    expect(detail.versions[0]).toMatchObject({
      publishedBy: 'Olivia Bennett',
      fieldCount: FIELD_TYPES.length,
    });
    expect(
      await data(admin, 'templateVersion', { _id: id, version: 3 }).catch((error: Error) => error.message),
    ).toMatch(/404/);
  });

  it('writes who changed what into the template’s history', async () => {
    const id = await created('History check');
    const first = everyField('History check');
    await published(id, first);
    const second = structuredClone(first);
    field(second, 'text').label = 'Registration';
    await published(id, second);
    const { list: log } = await data(admin, 'changeLogList', { entityType: 'formTemplate', entityId: id });
    expect(log.map((row: { action: string }) => row.action)).toEqual([
      'published version 2',
      'draft saved',
      'published version 1',
      'draft saved',
      'created',
    ]);
    expect(log[0].changedBy).toBe('Olivia Bennett');
    expect(log[0].changes).toEqual([
      { field: 'Field text', from: 'Text (Text), section 1', to: 'Registration (Text), section 1' },
    ]);
  });

  it('discards unpublished changes, back to the current version', async () => {
    const id = await created('Discard me');
    await published(id, everyField('Discard me'));
    const changed = everyField('Discard me');
    changed.sections[0]!.label = 'Changed but not published';
    await saved(id, changed);
    expect(await details(id)).toMatchObject({ hasDraft: true });
    const { revision } = await details(id);
    await data(admin, 'templateDiscardDraft', { _id: id, revision });
    const after = await details(id);
    expect(after.hasDraft).toBe(false);
    expect(after.template.sections[0].label).toBe('What happened');
    const again = await call(admin, 'templateDiscardDraft', { _id: id, revision: after.revision });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.noDraft);
  });

  it('duplicates, archives and restores; an archived template is not offered and cannot be changed', async () => {
    const id = await created('Original');
    await published(id, everyField('Original'));
    const copy = await data(admin, 'templateDuplicate', { _id: id, name: 'Original (copy)' });
    expect((await details(copy._id)).template.sections).toEqual((await details(id)).template.sections);
    expect((await details(copy._id)).status).toBe('draft');

    expect((await call('mia.employee', 'formTemplateDetail', { _id: id })).statusCode).toBe(200);
    await data(admin, 'templateArchive', { _id: id });
    expect((await details(id)).status).toBe('archived');
    expect((await call('mia.employee', 'formTemplateDetail', { _id: id })).statusCode).toBe(404);
    const offered = await data('mia.employee', 'formTemplateList', {});
    expect(offered.map((row: { _id: string }) => row._id)).not.toContain(id);
    const { revision } = await details(id);
    const refused = await call(admin, 'templateDraftSave', {
      _id: id,
      revision,
      template: everyField('Original'),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().response_message).toBe(say.archived);
    const archivedList = await data(admin, 'templateAdminList', { status: 'archived' });
    expect(archivedList.rows.map((row: { _id: string }) => row._id)).toContain(id);
    await data(admin, 'templateRestore', { _id: id });
    expect((await details(id)).status).toBe('published');
  });

  it('exports a template in the organisation file format and imports it as a new draft', async () => {
    const id = await created('Exported');
    const template = everyField('Exported');
    field(template, 'file').maxFiles = 3;
    await published(id, template);
    const file = await data(admin, 'templateExport', { _id: id });
    expect(field(file, 'file').maxFiles).toBe(3);
    expect(file.sections).toHaveLength(2);
    expect(file.sections[1].collapsed).toBe(true);
    const imported = await data(admin, 'templateImport', { template: { ...file, name: 'Imported' } });
    const copy = await details(imported._id);
    expect(copy.status).toBe('draft');
    expect(copy.template).toEqual({ ...file, name: 'Imported' });
    const clash = await call(admin, 'templateImport', { template: file });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().response_message).toBe(say.nameExists);
    // The organisation file carries published templates, in the same format; a draft stays out.
    const { companyId } = await ctx.db.formTemplate.findUniqueOrThrow({ where: { id } });
    const organisation = await exportOrganisation(ctx.db, companyId);
    expect(organisation.templates?.find((template) => template.name === 'Exported')).toEqual(file);
    expect(organisation.templates?.map((template) => template.name)).not.toContain('Imported');
  });
});

describe('bad input', () => {
  it('refuses a draft that is not a template: unknown type, no sections, no name', async () => {
    const id = await created('Bad drafts');
    const { revision } = await details(id);
    const unknownType = everyField('Bad drafts');
    (unknownType.sections[0]!.fields[0] as { type: string }).type = 'hologram';
    for (const template of [
      unknownType,
      { ...everyField('Bad drafts'), sections: [] },
      { ...everyField(''), name: ' ' },
    ]) {
      const response = await call(admin, 'templateDraftSave', { _id: id, revision, template });
      expect(response.statusCode).toBe(400);
      expect(response.json().validation_errors.length).toBeGreaterThan(0);
    }
    const unknown = await call(admin, 'templateDraftSave', { _id: id, revision, template: unknownType });
    expect(unknown.json().response_message).toBe('Unknown field type: hologram');
    expect((await details(id)).revision).toBe(revision);
  });

  it('names every problem that stops a publish, at its field, and publishes nothing', async () => {
    const id = await created('Broken');
    const template = everyField('Broken');
    template.sections[0]!.fields[0]!.key = 'radio';
    template.sections[0]!.fields[1]!.label = ' ';
    field(template, 'select').options = [];
    field(template, 'checkbox').options = [
      { value: 'a', label: 'A' },
      { value: 'a', label: 'Also A' },
    ];
    field(template, 'table').columns = [{ name: ' ', type: 'text' }];
    field(template, 'items').items = [];
    template.sections.push({ label: 'Empty', fields: [] });
    const revision = await saved(id, template);
    const response = await call(admin, 'templatePublish', { _id: id, revision });
    expect(response.statusCode).toBe(400);
    expect(response.json().validation_errors).toEqual(
      expect.arrayContaining([
        { field: 'sections.0.fields.1.label', message: say.labelRequired },
        { field: 'sections.0.fields.7.key', message: say.keyDuplicate },
        { field: 'sections.0.fields.8.options', message: say.optionsRequired },
        { field: 'sections.0.fields.10.options', message: say.optionDuplicate },
        { field: 'sections.0.fields.11.items', message: say.itemsRequired },
        { field: 'sections.1.fields.1.columns', message: say.columnNameRequired },
        { field: 'sections.2.fields', message: say.sectionEmpty },
      ]),
    );
    expect(await details(id)).toMatchObject({ status: 'draft', currentVersion: 0, revision, hasDraft: true });
    expect(await ctx.db.formTemplateVersion.count({ where: { templateId: id } })).toBe(0);
  });

  it('refuses an unknown coordinator and a name another template has, changing nothing', async () => {
    const id = await created('Coordinated');
    const template = everyField('Coordinated');
    template.coordinator = 'nobody@nowhere.example';
    const revision = await saved(id, template);
    const response = await call(admin, 'templatePublish', { _id: id, revision });
    expect(response.statusCode).toBe(400);
    expect(response.json().validation_errors).toEqual([
      { field: 'coordinator', message: say.coordinatorUnknown },
    ]);
    const copied = await data(admin, 'templateDraftSave', {
      _id: id,
      revision,
      template: { ...everyField('Coordinated'), copied: ['mia.employee', 'ghost@nowhere.example'] },
    });
    const unknownCopied = await call(admin, 'templatePublish', { _id: id, revision: copied.revision });
    expect(unknownCopied.json().validation_errors).toEqual([
      { field: 'copied.1', message: say.coordinatorUnknown },
    ]);
    const renamed = await call(admin, 'templateDraftSave', {
      _id: id,
      revision: copied.revision,
      template: { ...everyField('Coordinated'), name: 'vehicle CHECK' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().response_message).toBe(say.nameExists);
    const duplicate = await call(admin, 'templateCreate', { name: 'Coordinated', formType: 'qr' });
    expect(duplicate.statusCode).toBe(409);
    expect(await details(id)).toMatchObject({ currentVersion: 0, revision: copied.revision });
  });

  it('lets one of two administrators publishing at once win; the other gets a 409', async () => {
    const id = await created('Race');
    const revision = await saved(id, everyField('Race'));
    const answers = await Promise.all([
      call(admin, 'templatePublish', { _id: id, revision }),
      call(admin, 'templatePublish', { _id: id, revision }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ error_code: 'stale_version', response_message: say.stale });
    expect(await ctx.db.formTemplateVersion.count({ where: { templateId: id } })).toBe(1);
    const stale = await call(admin, 'templateDraftSave', { _id: id, revision, template: everyField('Race') });
    expect(stale.statusCode).toBe(409);
  });

  it("answers another organisation's template detail as not found, even once its own has it cached", async () => {
    const id = await created('Northwind detail');
    await published(id, everyField('Northwind detail'));
    expect((await call('mia.employee', 'formTemplateDetail', { _id: id })).statusCode).toBe(200);
    expect((await call('mia.employee', 'formTemplateDetail', { _id: id })).statusCode).toBe(200);
    const other = await call('sam.southbank', 'formTemplateDetail', { _id: id });
    expect(other.statusCode).toBe(404);
    expect(other.json().response_data).toBeNull();
    // The list of templates is cached per organisation too.
    for (const formType of [undefined, 'form-submission']) {
      const own = await data('mia.employee', 'formTemplateList', { formType });
      expect(own.map((row: { _id: string }) => row._id)).toContain(id);
      const theirs = await data('sam.southbank', 'formTemplateList', { formType });
      expect(theirs.map((row: { _id: string }) => row._id)).not.toContain(id);
    }
  });

  it('keeps templates to their organisation and to callers with the key', async () => {
    const id = await created('Northwind only');
    for (const path of ['templateAdminDetails', 'templateExport', 'templateArchive']) {
      const other = await call('sam.southbank', path, { _id: id });
      expect(other.statusCode, path).toBe(404);
    }
    const southbank = await data('sam.southbank', 'templateAdminList', {});
    expect(southbank.rows.map((row: { _id: string }) => row._id)).not.toContain(id);
    const withoutKey = await call('mia.employee', 'templateAdminList', {});
    expect(withoutKey.statusCode).toBe(403);
    expect(withoutKey.json().error_code).toBe('access_key_missing');
    const supplier = await call('liam.personnel', 'templateAdminDetails', { _id: id });
    expect(supplier.statusCode).toBe(403);
  });

  it('finds coordinators by name or username, with an account only', async () => {
    const found = await data(admin, 'templateCoordinators', { search: 'ethan' });
    expect(found).toEqual([expect.objectContaining({ username: 'ethan.coordinator' })]);
  });
});
