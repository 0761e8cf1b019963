import {
  FIELD_TYPES,
  type FieldType,
  type FieldValue,
  type TSubmissionAttachment,
  type TTableColumn,
  type TTask,
  type TTemplateField,
} from '@compass/shared';

export { FIELD_TYPES, type FieldType };

export type TemplateField = TTemplateField;
export type SubmissionTask = TTask;
export type FieldAttachment = TSubmissionAttachment;

/** A table column (a table field's optionVal = [{ _id, name, type }]). */
export type TableColumn = TTableColumn;

/** One table row: cells by column id (tableData[].cells on the wire). */
export type TableRow = Record<string, string>;

/**
 * The value a field component edits: the registry's value type, except that a table edits its
 * rows (sent as tableData, not as a formValue). Tasks and files live in `tasks` and `files`.
 */
export type FieldInput<T extends FieldType> = T extends 'table' ? TableRow[] : FieldValue<T>;

const EMPTY: { [T in FieldType]: FieldInput<T> } = {
  text: '',
  number: '',
  date: '',
  time: '',
  weblink: '',
  contentEditor: '',
  file: null,
  radio: '',
  select: '',
  textarea: '',
  checkbox: [],
  items: [],
  typeGroupings: { category: '', subCategories: [] },
  table: [],
  employee: [],
  asset: [],
  risk: [],
  supplier: [],
  submission: [],
  task: null,
  signature: '',
  diagram: '',
  section: null,
};

/** The value of a field with no answer yet. */
export function emptyValue<T extends FieldType>(type: T): FieldInput<T> {
  return EMPTY[type];
}
