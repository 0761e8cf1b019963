import { FormField } from './FormField';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable. */
  disabled?: boolean;
}

/** A labelled select; `none` is the first, empty choice (no filter, no value). */
export function SelectField({
  label,
  value,
  options,
  none,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  none?: string;
  error?: string | null;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <select
          {...control}
          className="input"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {none !== undefined && <option value="">{none}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Named records ({ _id, name }) as select options. */
export const optionsOf = (rows: readonly { _id: string; name: string }[] | undefined): SelectOption[] =>
  (rows ?? []).map((row) => ({ value: row._id, label: row.name }));
