import { z } from 'zod';
import { ZDay } from '../rules/day';

/** Every field type a form template can hold (spec 001 section 3, "Template field"). */
export const FIELD_TYPES = [
  'text',
  'number',
  'date',
  'time',
  'weblink',
  'contentEditor',
  'file',
  'radio',
  'select',
  'textarea',
  'checkbox',
  'items',
  'typeGroupings',
  'table',
  'employee',
  'asset',
  'risk',
  'supplier',
  'submission',
  'task',
  'signature',
  'diagram',
  'section',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export function isFieldType(type: string): type is FieldType {
  return (FIELD_TYPES as readonly string[]).includes(type);
}

/**
 * Where a field's answer lives: a SubmissionValue row ('value'), table rows, actions (tasks),
 * attachments, or nowhere (a section heading). See the top comment of seed/demo/index.ts.
 */
export type FieldStorage = 'value' | 'tableRows' | 'actions' | 'attachments' | 'none';

/** What a mandatory check looks at: the stored value, or the count of rows/tasks/files. */
export interface FieldFill {
  value?: unknown;
  tableRows?: number;
  tasks?: number;
  attachments?: number;
}

const HOURS_MINUTES = /^([01]\d|2[0-3]):[0-5]\d$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|svg\+xml|webp);base64,[A-Za-z0-9+/=]+$/;

/** Drafts keep empty answers, so every value schema accepts '' (or an empty list). */
const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
const idList = z.array(z.uuid()).max(1000);

export const ZTypeGroupingsValue = z.object({
  category: z.string().max(500),
  subCategories: z.array(z.string().max(500)).max(500),
});
export type TTypeGroupingsValue = z.infer<typeof ZTypeGroupingsValue>;

/** The value stored in SubmissionValue.value for each type (null: stored elsewhere or nowhere). */
export const FIELD_VALUE_SCHEMAS = {
  text: z.string().max(10_000),
  number: emptyOr(z.string().regex(DECIMAL, 'Please enter a number')),
  date: emptyOr(ZDay),
  time: emptyOr(z.string().regex(HOURS_MINUTES, 'Times are sent as HH:mm')),
  weblink: emptyOr(z.url().max(2000)),
  contentEditor: z.string().max(1_000_000),
  file: z.null(),
  radio: z.string().max(1000),
  select: z.string().max(1000),
  textarea: z.string().max(100_000),
  checkbox: z.array(z.string().max(1000)).max(1000),
  items: z.array(z.string().max(100)).max(1000),
  typeGroupings: ZTypeGroupingsValue,
  table: z.null(),
  employee: idList,
  asset: idList,
  risk: idList,
  supplier: idList,
  submission: idList,
  task: z.null(),
  signature: emptyOr(z.string().max(5_000_000).regex(IMAGE_DATA_URL, 'Please draw the signature again')),
  diagram: emptyOr(z.string().max(5_000_000).regex(IMAGE_DATA_URL, 'Please draw the diagram again')),
  section: z.null(),
} as const satisfies { [T in FieldType]: z.ZodType };

export type FieldValue<T extends FieldType> = z.infer<(typeof FIELD_VALUE_SCHEMAS)[T]>;

export interface FieldDefinition<T extends FieldType> {
  type: T;
  /** The name shown in lists of field types ('Action List' for task, as the spec labels it). */
  title: string;
  storage: FieldStorage;
  /** Schema of SubmissionValue.value (z.null() when the answer is not a SubmissionValue). */
  valueSchema: (typeof FIELD_VALUE_SCHEMAS)[T];
  /** Width out of 12 when the template gives none. */
  colSize: number;
  /** Whether a mandatory field of this type counts as answered (spec 001 section 5). */
  isFilled(fill: FieldFill): boolean;
}

const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const list = (value: unknown) => Array.isArray(value) && value.length > 0;

/** Text of an HTML fragment, so '<p></p>' or '<p>&nbsp;</p>' counts as empty; an image counts. */
export function htmlHasContent(html: unknown): boolean {
  if (typeof html !== 'string') return false;
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/gi, ' ')
      .trim() !== ''
  );
}

function define<T extends FieldType>(
  type: T,
  title: string,
  storage: FieldStorage,
  isFilled: (fill: FieldFill) => boolean,
  colSize = 6,
): FieldDefinition<T> {
  return { type, title, storage, valueSchema: FIELD_VALUE_SCHEMAS[type], colSize, isFilled };
}

const byValue = (check: (value: unknown) => boolean) => (fill: FieldFill) => check(fill.value);

/** One definition per field type; a missing type is a compile error. */
export const FIELD_REGISTRY: { [T in FieldType]: FieldDefinition<T> } = {
  text: define('text', 'Text', 'value', byValue(text)),
  number: define('number', 'Number', 'value', byValue(text)),
  date: define('date', 'Date', 'value', byValue(text)),
  time: define('time', 'Time', 'value', byValue(text)),
  weblink: define('weblink', 'Web Link', 'value', byValue(text)),
  contentEditor: define('contentEditor', 'Content Editor', 'value', byValue(htmlHasContent), 12),
  file: define('file', 'File', 'attachments', (fill) => (fill.attachments ?? 0) > 0),
  radio: define('radio', 'Radio', 'value', byValue(text)),
  select: define('select', 'Select', 'value', byValue(text)),
  textarea: define('textarea', 'Text Area', 'value', byValue(text)),
  checkbox: define('checkbox', 'Checkbox', 'value', byValue(list)),
  items: define('items', 'Items', 'value', byValue(list)),
  typeGroupings: define(
    'typeGroupings',
    'Type Groupings',
    'value',
    byValue((value) => {
      const parsed = ZTypeGroupingsValue.safeParse(value);
      return parsed.success && (parsed.data.category.trim() !== '' || parsed.data.subCategories.length > 0);
    }),
  ),
  table: define('table', 'Table', 'tableRows', (fill) => (fill.tableRows ?? 0) > 0, 12),
  employee: define('employee', 'Employee', 'value', byValue(list)),
  asset: define('asset', 'Asset', 'value', byValue(list)),
  risk: define('risk', 'Risk', 'value', byValue(list)),
  supplier: define('supplier', 'Supplier', 'value', byValue(list)),
  submission: define('submission', 'Form Submission', 'value', byValue(list)),
  task: define('task', 'Action List', 'actions', (fill) => (fill.tasks ?? 0) > 0, 12),
  signature: define('signature', 'Signature', 'value', byValue(text), 12),
  diagram: define('diagram', 'Diagram', 'value', byValue(text), 12),
  // A heading has no answer, so it is never missing.
  section: define('section', 'Section', 'none', () => true, 12),
};

export function fieldDefinition<T extends FieldType>(type: T): FieldDefinition<T> {
  return FIELD_REGISTRY[type];
}
