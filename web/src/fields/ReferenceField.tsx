import { MultiSelectField } from './ChoiceFields';
import type { FieldProps, ReferenceList } from './props';

export type ReferenceFieldType = 'employee' | 'asset' | 'risk' | 'supplier' | 'submission';

/** A stored id's name from the full list (an inactive record still shows by name). */
export function referenceName(list: ReferenceList, id: string): string {
  return (
    list.all.find((option) => option._id === id)?.name ??
    list.active.find((option) => option._id === id)?.name ??
    'Unknown record'
  );
}

/**
 * Employee, asset, risk, supplier and submission fields: a searchable multi-select offering only
 * active records (001 section 5), while stored choices that are no longer active keep their name.
 */
export function ReferenceField<T extends ReferenceFieldType>({
  field,
  value,
  onChange,
  readOnly,
  error,
  references,
}: FieldProps<T>) {
  const list = references[field.type as ReferenceFieldType];
  return (
    <MultiSelectField
      field={field}
      error={error}
      readOnly={readOnly}
      options={list.active.map((option) => ({ value: option._id, label: option.name }))}
      value={value as string[]}
      onChange={(next) => onChange(next as FieldProps<T>['value'])}
      nameOf={(id) => referenceName(list, id)}
      placeholder={field.placeholder || undefined}
    />
  );
}
