import { answerText, fieldConfig, NO_RECORD_NAMES } from '@compass/shared';
import { useId } from 'react';
import { FieldView, inputAttrs, useFieldFrame, widgetAttrs } from './FieldFrame';
import type { FieldProps } from './props';
import type { TemplateField } from './types';
import { MultiSelect, SELECT_ONE, type Option } from './widgets/MultiSelect';

/** The options of a radio, select or checkbox field (optionVal = [{ value, label }]). */
export function optionsOf(field: Pick<TemplateField, 'optionVal'>): Option[] {
  return fieldConfig('radio', field).optionVal;
}

/** The label of a stored value; a value no longer in the template shows as stored. */
function labelOf(options: Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** The radio buttons or checkboxes of a choice field: one labelled input per option. */
function ChoiceList({
  type,
  name,
  options,
  isChecked,
  onPick,
}: {
  type: 'radio' | 'checkbox';
  name?: string;
  options: Option[];
  isChecked: (value: string) => boolean;
  onPick: (value: string) => void;
}) {
  return (
    <div className="choice-list">
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type={type}
            name={name}
            value={option.value}
            checked={isChecked(option.value)}
            onChange={() => onPick(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

export function RadioField({ field, value, onChange, readOnly, error }: FieldProps<'radio'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  const name = useId();
  const options = optionsOf(field);
  return (
    <FieldView {...frame} as="group" read={answerText(field.type, field, value, NO_RECORD_NAMES)}>
      <ChoiceList
        type="radio"
        name={name}
        options={options}
        isChecked={(option) => value === option}
        onPick={onChange}
      />
    </FieldView>
  );
}

export function SelectField({ field, value, onChange, readOnly, error }: FieldProps<'select'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  const options = optionsOf(field);
  const stale = value && !options.some((option) => option.value === value);
  return (
    <FieldView {...frame} read={answerText(field.type, field, value, NO_RECORD_NAMES)}>
      <select
        {...inputAttrs(frame.ids)}
        className="input"
        value={value}
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
    </FieldView>
  );
}

export function CheckboxField({ field, value, onChange, readOnly, error }: FieldProps<'checkbox'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  const options = optionsOf(field);
  const selected = new Set(value);
  return (
    <FieldView {...frame} as="group" read={answerText('checkbox', field, value, NO_RECORD_NAMES)}>
      <ChoiceList
        type="checkbox"
        options={options}
        isChecked={(option) => selected.has(option)}
        onPick={(picked) =>
          onChange(
            selected.has(picked)
              ? value.filter((v) => v !== picked)
              : // Kept in the template's order, whatever order they were ticked in.
                options.map((o) => o.value).filter((v) => v === picked || selected.has(v)),
          )
        }
      />
    </FieldView>
  );
}

/**
 * A field choosing several records from a searchable multi-select (items, and the reference
 * fields); the read view lists the chosen names.
 */
export function MultiSelectField({
  field,
  error,
  readOnly,
  options,
  value,
  onChange,
  nameOf,
  placeholder,
}: Pick<FieldProps, 'field' | 'error' | 'readOnly'> & {
  options: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  nameOf: (value: string) => string;
  placeholder?: string;
}) {
  const frame = useFieldFrame({ field, error, readOnly });
  return (
    <FieldView {...frame} as="text" read={value.map(nameOf).join(', ')}>
      <MultiSelect
        {...widgetAttrs(frame.ids)}
        labelledBy={frame.ids.labelId}
        options={options}
        value={value}
        onChange={onChange}
        nameOf={nameOf}
        placeholder={placeholder}
      />
    </FieldView>
  );
}

export function ItemsField({ field, value, onChange, readOnly, error }: FieldProps<'items'>) {
  const options = fieldConfig('items', field).itemList.map((item) => ({ value: item._id, label: item.name }));
  return (
    <MultiSelectField
      field={field}
      error={error}
      readOnly={readOnly}
      options={options}
      value={value}
      onChange={onChange}
      nameOf={(id) => labelOf(options, id)}
    />
  );
}
