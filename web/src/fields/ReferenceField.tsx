import { FieldFrame, ReadValue, useFieldIds } from './FieldFrame';
import type { FieldProps, ReferenceList } from './props';
import { MultiSelect } from './widgets/MultiSelect';

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
  const ids = useFieldIds(field, error);
  const list = references[field.type as ReferenceFieldType];
  const selected = value as string[];
  const nameOf = (id: string) => referenceName(list, id);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{selected.map(nameOf).join(', ')}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <MultiSelect
        id={ids.inputId}
        labelledBy={ids.labelId}
        options={list.active.map((option) => ({ value: option._id, label: option.name }))}
        value={selected}
        onChange={(next) => onChange(next as FieldProps<T>['value'])}
        nameOf={nameOf}
        placeholder={field.placeholder || undefined}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
        required={ids.required}
      />
    </FieldFrame>
  );
}
