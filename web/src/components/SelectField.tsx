import { useId, type ReactNode } from 'react';
import { FormField } from './FormField';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not choosable. */
  disabled?: boolean;
}

/**
 * A labelled select; `none` is the first, empty choice (no filter, no value); `hint`, a help text
 * under it that describes it to screen readers.
 */
export function SelectField({
  label,
  value,
  options,
  none,
  error,
  disabled,
  hint,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  none?: string;
  error?: string | null;
  disabled?: boolean;
  hint?: ReactNode;
  onChange: (value: string) => void;
}) {
  const hintId = useId();
  return (
    <FormField label={label} error={error} describedBy={hint ? hintId : undefined}>
      {(control) => (
        <>
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
          {hint && (
            <p className="field-hint" id={hintId}>
              {hint}
            </p>
          )}
        </>
      )}
    </FormField>
  );
}

/** Named records ({ _id, name }) as select options. */
export const optionsOf = (rows: readonly { _id: string; name: string }[] | undefined): SelectOption[] =>
  (rows ?? []).map((row) => ({ value: row._id, label: row.name }));
