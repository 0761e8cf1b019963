import { SearchPicker } from '../components/SearchPicker';
import { MultiSelectField } from './ChoiceFields';
import { FieldView, useFieldFrame } from './FieldFrame';
import type { FieldProps, ReferenceList, ReferenceSearch } from './props';
import { ChosenChips } from './widgets/MultiSelect';

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
 * The long lists (employees, submissions, risks, assets) are searched on the server instead (SearchedReferences).
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
  const change = (next: string[]) => onChange(next as FieldProps<T>['value']);
  if (list.searched)
    return (
      <SearchedReferences
        field={field}
        error={error}
        readOnly={readOnly}
        list={list}
        searched={list.searched}
        value={value as string[]}
        onChange={change}
      />
    );
  return (
    <MultiSelectField
      field={field}
      error={error}
      readOnly={readOnly}
      options={list.active.map((option) => ({ value: option._id, label: option.name }))}
      value={value as string[]}
      onChange={change}
      nameOf={(id) => referenceName(list, id)}
      placeholder={field.placeholder || undefined}
    />
  );
}

/** The chosen records as removable chips, and a search box that adds one (only active ones match). */
function SearchedReferences({
  field,
  error,
  readOnly,
  list,
  searched,
  value,
  onChange,
}: Pick<FieldProps, 'field' | 'error' | 'readOnly'> & {
  list: ReferenceList;
  searched: ReferenceSearch;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const frame = useFieldFrame({ field, error, readOnly });
  const nameOf = (id: string) => referenceName(list, id);
  return (
    <FieldView {...frame} as="text" read={value.map(nameOf).join(', ')}>
      <div className="stack">
        <ChosenChips
          values={value}
          nameOf={nameOf}
          onRemove={(removed) => onChange(value.filter((id) => id !== removed))}
        />
        <SearchPicker
          labelledBy={frame.ids.labelId}
          describedBy={frame.ids.describedBy}
          invalid={frame.ids.invalid}
          queryKey={searched.key}
          search={searched.search}
          exclude={value}
          placeholder={field.placeholder || 'Search to add'}
          onPick={(option) => {
            searched.remember({ _id: option.value, name: option.label });
            onChange([...value, option.value]);
          }}
        />
      </div>
    </FieldView>
  );
}
