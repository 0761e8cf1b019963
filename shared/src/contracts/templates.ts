import { z } from 'zod';
import { MAX_FILES_PER_FIELD, ZTypeGrouping } from '../fields/config';
import { FIELD_REGISTRY, FIELD_TYPES, type FieldType } from '../fields/registry';
import { FIELD_SETTINGS } from '../fields/settings';
import { defineCall, type CallAccess } from './call';

/**
 * Form templates as the template builder, the organisation file and a template's JSON export
 * write them (docs/templates.md). Records are named, never numbered, so a template moves between
 * organisations; the coordinator is a username.
 */

export const templateMessages = {
  nameRequired: 'Please enter a name for the template.',
  nameExists: 'A template with this name already exists.',
  labelRequired: 'Give this field a label.',
  sectionLabelRequired: 'Give this section a title.',
  sectionEmpty: 'Add at least one field to this section, or remove the section.',
  keyFormat: 'A key starts with a letter and has only lower-case letters, digits and _ (at most 64).',
  keyDuplicate: 'Another field of this template already uses this key.',
  optionsRequired: 'Add at least one option.',
  optionLabelRequired: 'Every option needs a label.',
  optionDuplicate: 'Two options of this field have the same value.',
  itemsRequired: 'Add at least one item to choose from.',
  groupingsRequired: 'Add at least one category.',
  columnsRequired: 'Add at least one column.',
  columnNameRequired: 'A table column needs a name.',
  stale:
    'Someone else changed this template since you opened it. Reload it to see their changes; your last edit was not saved.',
  noDraft: 'This template has no unpublished changes.',
  neverPublished:
    'This template was never published, so there is no version to go back to. Archive it instead.',
  coordinatorUnknown: 'No employee of the organisation signs in with this username.',
  copiedTwice: 'This employee is already copied.',
  archived: 'This template is archived. Restore it to change it.',
  draftSaved: 'Draft saved.',
  published: (version: number) => `Version ${version} published. New submissions use it from now on.`,
  discarded: 'The unpublished changes were discarded.',
  archivedDone: 'Template archived. It is no longer offered for new submissions.',
  restored: 'Template restored.',
  created: 'Template created.',
  duplicated: 'Template duplicated.',
  imported: 'Template imported as a draft. Check it and publish it to use it.',
  importInvalid: 'This file is not a template export.',
} as const;

/** What a template's key of a field must look like (stable across versions: answers are reported by it). */
export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

const CHOICE_TYPES: readonly FieldType[] = ['radio', 'select', 'checkbox'];

export const ZFileField = z.object({
  type: z.enum(FIELD_TYPES, { error: (issue) => `Unknown field type: ${String(issue.input)}` }),
  label: z.string().max(500),
  /** Stays the same from version to version; the builder names every field. */
  key: z.string().max(64).optional(),
  /** Guidance shown under the label. */
  help: z.string().max(2000).optional(),
  /** Columns of 12; the field type's default when absent. */
  width: z.number().int().min(1).max(12).optional(),
  mandatory: z.boolean().optional(),
  /** The message when a mandatory field is empty. */
  mandatoryComment: z.string().max(500).optional(),
  placeholder: z.string().max(500).optional(),
  webLink: z.string().max(2000).optional(),
  /** contentEditor: the HTML shown. */
  content: z.string().max(100_000).optional(),
  /** radio, select, checkbox. */
  options: z
    .array(z.object({ value: z.string().max(200), label: z.string().max(500) }))
    .max(500)
    .optional(),
  /** items. */
  items: z.array(z.string().max(500)).max(1000).optional(),
  /** typeGroupings. */
  groupings: z.array(ZTypeGrouping).max(200).optional(),
  /** file: how many files the field holds in all. */
  maxFiles: z.number().int().min(1).max(MAX_FILES_PER_FIELD).optional(),
  /** table. */
  columns: z
    .array(z.object({ name: z.string().max(200), type: z.enum(['text', 'number', 'date']) }))
    .max(50)
    .optional(),
});
export type TFileField = z.output<typeof ZFileField>;

export const TEMPLATE_FORM_TYPES = ['form-submission', 'supplier', 'hr', 'qr', 'audit'] as const;
export type TemplateFormType = (typeof TEMPLATE_FORM_TYPES)[number];

const ZTemplateSection = z.object({
  label: z.string().max(500),
  mandatoryType: z.enum(['newEntry', 'investigation']).optional(),
  /** Shown folded in the builder's outline (the form itself always shows every section). */
  collapsed: z.boolean().optional(),
  fields: z.array(ZFileField).max(500),
});
export type TFileSection = z.output<typeof ZTemplateSection>;

/** A template as it is being built: anything goes that the builder can show (a draft). */
export const ZTemplateDraft = z.object({
  name: z.string().trim().min(1, templateMessages.nameRequired).max(200),
  formType: z.enum(TEMPLATE_FORM_TYPES),
  /** The specification's e-mail notification codes. */
  emailNotification: z.array(z.number().int().min(1).max(4)).max(4).optional(),
  /** Username of the default coordinator. */
  coordinator: z.string().trim().min(1).max(320).optional(),
  /** Usernames of the employees copied by e-mail (notification codes 1 and 2). */
  copied: z.array(z.string().trim().min(1).max(320)).max(50).optional(),
  branchRequirement: z.enum(['manualEntry', 'employeeBranch']).optional(),
  active: z.boolean().optional(),
  sections: z.array(ZTemplateSection).min(1, 'A template needs at least one section').max(100),
});
export type TTemplateDraft = z.output<typeof ZTemplateDraft>;

type Issue = (path: (string | number)[], message: string) => void;

/** What stops a draft from being published, each at its path (sections.0.fields.2.options). */
export function templateProblems(template: TTemplateDraft, issue: Issue): void {
  const copied = new Set<string>();
  template.copied?.forEach((username, index) => {
    if (copied.has(username.toLowerCase())) issue(['copied', index], templateMessages.copiedTwice);
    copied.add(username.toLowerCase());
  });
  const keys = new Map<string, number>();
  template.sections.forEach((section, s) => {
    if (!section.label.trim()) issue(['sections', s, 'label'], templateMessages.sectionLabelRequired);
    if (section.fields.length === 0) issue(['sections', s, 'fields'], templateMessages.sectionEmpty);
    section.fields.forEach((field, f) => {
      const at = ['sections', s, 'fields', f];
      if (!field.label.trim()) issue([...at, 'label'], templateMessages.labelRequired);
      if (field.key !== undefined) {
        if (!FIELD_KEY_PATTERN.test(field.key)) issue([...at, 'key'], templateMessages.keyFormat);
        else if (keys.has(field.key)) issue([...at, 'key'], templateMessages.keyDuplicate);
        keys.set(field.key, f);
      }
      const settings: readonly string[] = FIELD_SETTINGS[field.type];
      if (settings.includes('options')) {
        const options = field.options ?? [];
        if (options.length === 0 && CHOICE_TYPES.includes(field.type))
          issue([...at, 'options'], templateMessages.optionsRequired);
        if (options.some((option) => !option.label.trim()))
          issue([...at, 'options'], templateMessages.optionLabelRequired);
        if (new Set(options.map((option) => option.value)).size !== options.length)
          issue([...at, 'options'], templateMessages.optionDuplicate);
      }
      if (settings.includes('items') && !field.items?.some((item) => item.trim()))
        issue([...at, 'items'], templateMessages.itemsRequired);
      if (settings.includes('groupings') && !field.groupings?.some((group) => group.category.trim()))
        issue([...at, 'groupings'], templateMessages.groupingsRequired);
      if (settings.includes('columns')) {
        if (!field.columns?.length) issue([...at, 'columns'], templateMessages.columnsRequired);
        else if (field.columns.some((column) => !column.name.trim()))
          issue([...at, 'columns'], templateMessages.columnNameRequired);
      }
    });
  });
}

/** A template that can be published, imported in an organisation file, or exported. */
export const ZTemplateFile = ZTemplateDraft.superRefine((template, context) =>
  templateProblems(template, (path, message) => context.addIssue({ code: 'custom', path, message })),
);
export type TTemplateFile = z.output<typeof ZTemplateFile>;

/**
 * A key for a new field from its label, unlike every key in `taken`: "Date of incident" →
 * date_of_incident, then date_of_incident_2, …
 */
export function fieldKeyFor(label: string, type: FieldType, taken: ReadonlySet<string>): string {
  const slug = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .slice(0, 50);
  const base = slug || type.toLowerCase();
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** Gives every field of a template without a key one (older versions and files have none). */
export function withFieldKeys<T extends TTemplateDraft>(template: T): T {
  const taken = new Set(
    template.sections.flatMap((section) => section.fields.flatMap((field) => field.key ?? [])),
  );
  return {
    ...template,
    sections: template.sections.map((section) => ({
      ...section,
      fields: section.fields.map((field) => {
        if (field.key) return field;
        const key = fieldKeyFor(field.label, field.type, taken);
        taken.add(key);
        return { ...field, key };
      }),
    })),
  };
}

/** A new field of a type as the builder adds it: its defaults and what publishing needs filled. */
export function newField(type: FieldType, taken: ReadonlySet<string>): TFileField {
  const label = FIELD_REGISTRY[type].title;
  const field: TFileField = { type, label, key: fieldKeyFor(label, type, taken) };
  const settings: readonly string[] = FIELD_SETTINGS[type];
  if (settings.includes('options'))
    field.options = [
      { value: 'option_1', label: 'Option 1' },
      { value: 'option_2', label: 'Option 2' },
    ];
  if (settings.includes('items')) field.items = ['Item 1'];
  if (settings.includes('groupings')) field.groupings = [{ category: 'Category 1', subCategories: [] }];
  if (settings.includes('columns')) field.columns = [{ name: 'Column 1', type: 'text' }];
  return field;
}

// ---------- Calls ----------

export const TEMPLATE_STATUSES = ['draft', 'published', 'archived'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** Templates are administered with System Administration access. */
const access = { callers: ['employee'], accessKeys: ['system'] } as const satisfies CallAccess;
const ZId = z.object({ _id: z.uuid() });
const ZRevision = z.object({ _id: z.uuid(), revision: z.number().int().min(0) });

export const ZTemplateAdminListRequest = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(TEMPLATE_STATUSES).optional(),
  formType: z.enum(TEMPLATE_FORM_TYPES).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z.number().int().min(1).max(100).optional(),
});
export type TTemplateAdminListRequest = z.input<typeof ZTemplateAdminListRequest>;

export const ZTemplateAdminRow = z.object({
  _id: z.uuid(),
  name: z.string(),
  formType: z.enum(TEMPLATE_FORM_TYPES),
  status: z.enum(TEMPLATE_STATUSES),
  /** 0 until the first publish. */
  currentVersion: z.number().int(),
  /** Unpublished changes exist. */
  hasDraft: z.boolean(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type TTemplateAdminRow = z.output<typeof ZTemplateAdminRow>;

export const ZTemplateVersionRow = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  fieldCount: z.number().int(),
  submissionCount: z.number().int(),
});
export type TTemplateVersionRow = z.output<typeof ZTemplateVersionRow>;

export const ZTemplateAdminDetails = z.object({
  _id: z.uuid(),
  status: z.enum(TEMPLATE_STATUSES),
  currentVersion: z.number().int(),
  hasDraft: z.boolean(),
  /** Send it back with a draft save, publish or discard. */
  revision: z.number().int(),
  /** The draft when there is one, else the current version: what the builder opens. */
  template: ZTemplateDraft,
  versions: z.array(ZTemplateVersionRow),
});
export type TTemplateAdminDetails = z.output<typeof ZTemplateAdminDetails>;

export const templateAdminListCall = defineCall({
  method: 'POST',
  path: '/templateAdminList',
  tags: ['templates'],
  summary: 'The organisation’s form templates with status, version and last change (administrators)',
  access,
  body: ZTemplateAdminListRequest,
  response: z.object({ rows: z.array(ZTemplateAdminRow), total: z.number().int() }),
});

export const templateAdminDetailsCall = defineCall({
  method: 'POST',
  path: '/templateAdminDetails',
  tags: ['templates'],
  summary: 'A template for the builder: its draft (or current version), versions and pickers',
  access,
  body: ZId,
  response: ZTemplateAdminDetails,
});

export const templateCoordinatorsCall = defineCall({
  method: 'POST',
  path: '/templateCoordinators',
  tags: ['templates'],
  summary: 'Employees with an account matching a search, to pick a template’s default coordinator',
  access,
  body: z.object({ search: z.string().trim().max(200).optional() }),
  response: z.array(z.object({ username: z.string(), name: z.string() })),
});

export const templateVersionCall = defineCall({
  method: 'POST',
  path: '/templateVersion',
  tags: ['templates'],
  summary: 'One published version of a template, as it was published',
  access,
  body: z.object({ _id: z.uuid(), version: z.number().int().min(1) }),
  response: ZTemplateDraft,
});

export const templateCreateCall = defineCall({
  method: 'POST',
  path: '/templateCreate',
  tags: ['templates'],
  summary: 'A new template: a draft with one empty section',
  access,
  body: z.object({ name: ZTemplateDraft.shape.name, formType: z.enum(TEMPLATE_FORM_TYPES) }),
  response: ZId,
});

export const templateDraftSaveCall = defineCall({
  method: 'POST',
  path: '/templateDraftSave',
  tags: ['templates'],
  summary: 'Save the builder’s draft; 409 when someone saved or published since `revision`',
  access,
  body: ZRevision.extend({ template: ZTemplateDraft }),
  response: z.object({ revision: z.number().int() }),
});

export const templatePublishCall = defineCall({
  method: 'POST',
  path: '/templatePublish',
  tags: ['templates'],
  summary: 'Check the draft and make it the next immutable version; 409 when `revision` is stale',
  access,
  body: ZRevision,
  response: z.object({ version: z.number().int(), revision: z.number().int() }),
});

export const templateDiscardDraftCall = defineCall({
  method: 'POST',
  path: '/templateDiscardDraft',
  tags: ['templates'],
  summary: 'Throw away the unpublished changes of a published template',
  access,
  body: ZRevision,
  response: z.object({ revision: z.number().int() }),
});

export const templateDuplicateCall = defineCall({
  method: 'POST',
  path: '/templateDuplicate',
  tags: ['templates'],
  summary: 'A new draft template with the same settings, sections and fields',
  access,
  body: ZId.extend({ name: ZTemplateDraft.shape.name }),
  response: ZId,
});

export const templateArchiveCall = defineCall({
  method: 'POST',
  path: '/templateArchive',
  tags: ['templates'],
  summary: 'Stop offering a template for new submissions (its submissions stay)',
  access,
  body: ZId,
  response: z.null(),
});

export const templateRestoreCall = defineCall({
  method: 'POST',
  path: '/templateRestore',
  tags: ['templates'],
  summary: 'Offer an archived template again',
  access,
  body: ZId,
  response: z.null(),
});

export const templateExportCall = defineCall({
  method: 'POST',
  path: '/templateExport',
  tags: ['templates'],
  summary: 'A template in the organisation file’s template format (its current version, else its draft)',
  access,
  body: ZId,
  response: ZTemplateDraft,
});

export const templateImportCall = defineCall({
  method: 'POST',
  path: '/templateImport',
  tags: ['templates'],
  summary: 'A new draft template from an exported template file',
  access,
  body: z.object({ template: ZTemplateDraft }),
  response: ZId,
});
