import { useId } from 'react';
import { FieldError } from './FieldError';

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
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {none !== undefined && <option value="">{none}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Named records ({ _id, name }) as select options. */
export const optionsOf = (rows: readonly { _id: string; name: string }[] | undefined): SelectOption[] =>
  (rows ?? []).map((row) => ({ value: row._id, label: row.name }));
