import { DateInput } from './DateInput';
import { FormField, type FieldFrameProps } from './FormField';

// Apart from FormField.tsx, which the sign-in page ships with the entry: DateInput brings date-fns's
// parse and format, which only the screens with a day to type need (docs/performance.md).

type DateFieldProps = FieldFrameProps & {
  value: string;
  required?: boolean;
  onValueChange: (value: string) => void;
};

/** A labelled day typed as dd/mm/yyyy (DateInput), with its error like InputField's. */
export function DateField({ label, error, describedBy, value, required, onValueChange }: DateFieldProps) {
  return (
    <FormField label={label} error={error} describedBy={describedBy}>
      {(control) => (
        <DateInput
          id={control.id}
          value={value}
          required={required}
          invalid={control['aria-invalid']}
          describedBy={control['aria-describedby']}
          onChange={onValueChange}
        />
      )}
    </FormField>
  );
}
