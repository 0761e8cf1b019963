import type { ComponentType } from 'react';
import { CheckboxField, ItemsField, RadioField, SelectField } from './ChoiceFields';
import { ContentEditorField } from './ContentEditorField';
import { DrawingField } from './DrawingFields';
import { FileField } from './FileField';
import type { FieldProps } from './props';
import { ReferenceField } from './ReferenceField';
import { SectionField } from './SectionField';
import { DateField, NumberField, TextareaField, TextField, TimeField, WeblinkField } from './SimpleFields';
import { TableField } from './TableField';
import { TaskField } from './TaskField';
import type { FieldType } from './types';
import { TypeGroupingsField } from './TypeGroupingsField';

/** One component per field type of the shared registry: a type missing here does not compile. */
export const fieldComponents: { [T in FieldType]: ComponentType<FieldProps<T>> } = {
  text: TextField,
  number: NumberField,
  date: DateField,
  time: TimeField,
  weblink: WeblinkField,
  contentEditor: ContentEditorField,
  file: FileField,
  radio: RadioField,
  select: SelectField,
  textarea: TextareaField,
  checkbox: CheckboxField,
  items: ItemsField,
  typeGroupings: TypeGroupingsField,
  table: TableField,
  employee: ReferenceField,
  asset: ReferenceField,
  risk: ReferenceField,
  supplier: ReferenceField,
  submission: ReferenceField,
  task: TaskField,
  signature: DrawingField,
  diagram: DrawingField,
  section: SectionField,
};
