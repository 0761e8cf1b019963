import { useId } from 'react';
import { FieldFrame, ReadValue, useFieldIds } from './FieldFrame';
import type { FieldProps } from './props';
import type { TemplateField } from './types';
import { MultiSelect, SELECT_ONE, type Option } from './widgets/MultiSelect';

/** The options of a radio, select or checkbox field (optionVal = [{ value, label }]). */
export function optionsOf(field: Pick<TemplateField, 'optionVal'>): Option[] {
  if (!Array.isArray(field.optionVal)) return [];
  return field.optionVal.filter(
    (option): option is Option =>
      typeof option === 'object' &&
      option !== null &&
      typeof (option as Option).value === 'string' &&
      typeof (option as Option).label === 'string',
  );
}

/** The label of a stored value; a value no longer in the template shows as stored. */
function labelOf(options: Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export function RadioField({ field, value, onChange, readOnly, error }: FieldProps<'radio'>) {
  const ids = useFieldIds(field, error);
  const name = useId();
  const options = optionsOf(field);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value ? labelOf(options, value) : ''}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error} as="group">
      <div className="choice-list">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}

export function SelectField({ field, value, onChange, readOnly, error }: FieldProps<'select'>) {
  const ids = useFieldIds(field, error);
  const options = optionsOf(field);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value ? labelOf(options, value) : ''}</ReadValue>
      </FieldFrame>
    );
  }
  const stale = value && !options.some((option) => option.value === value);
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      <select
        id={ids.inputId}
        className="input"
        value={value}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        aria-required={ids.required || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{field.placeholder || SELECT_ONE}</option>
        {stale && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxField({ field, value, onChange, readOnly, error }: FieldProps<'checkbox'>) {
  const ids = useFieldIds(field, error);
  const options = optionsOf(field);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value.map((v) => labelOf(options, v)).join(', ')}</ReadValue>
      </FieldFrame>
    );
  }
  const selected = new Set(value);
  return (
    <FieldFrame field={field} ids={ids} error={error} as="group">
      <div className="choice-list">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="checkbox"
              value={option.value}
              checked={selected.has(option.value)}
              onChange={() =>
                onChange(
                  selected.has(option.value)
                    ? value.filter((v) => v !== option.value)
                    : // Kept in the template's order, whatever order they were ticked in.
                      options.map((o) => o.value).filter((v) => v === option.value || selected.has(v)),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}

export function ItemsField({ field, value, onChange, readOnly, error }: FieldProps<'items'>) {
  const ids = useFieldIds(field, error);
  const options = (field.itemList ?? []).map((item) => ({ value: item._id, label: item.name }));
  const nameOf = (id: string) => labelOf(options, id);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value.map(nameOf).join(', ')}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <MultiSelect
        id={ids.inputId}
        labelledBy={ids.labelId}
        options={options}
        value={value}
        onChange={onChange}
        nameOf={nameOf}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
        required={ids.required}
      />
    </FieldFrame>
  );
}
