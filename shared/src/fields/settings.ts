import type { FieldType } from './registry';

/**
 * What the template builder lets one set for a field beyond what every field has (label, key,
 * help text, width and, for fields with an answer, mandatory): each setting has its own editor in
 * the builder (web/src/features/templates/settingEditors.tsx), so a new field type names its
 * settings here and gets its panel; a type missing here is a compile error.
 */
export const FIELD_SETTING_NAMES = [
  'placeholder',
  'webLink',
  'content',
  'options',
  'items',
  'groupings',
  'columns',
  'maxFiles',
] as const;
export type FieldSetting = (typeof FIELD_SETTING_NAMES)[number];

export const FIELD_SETTINGS = {
  text: ['placeholder'],
  number: ['placeholder'],
  date: [],
  time: [],
  weblink: ['webLink'],
  contentEditor: ['content'],
  file: ['maxFiles'],
  radio: ['options'],
  select: ['options'],
  textarea: ['placeholder'],
  checkbox: ['options'],
  items: ['items'],
  typeGroupings: ['groupings'],
  table: ['columns'],
  employee: [],
  asset: [],
  risk: [],
  supplier: [],
  submission: [],
  task: [],
  signature: [],
  diagram: [],
  section: [],
} as const satisfies { [T in FieldType]: readonly FieldSetting[] };
