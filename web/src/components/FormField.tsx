import { useId, type ChangeEvent, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldError } from './FieldError';
import { PasswordInput } from './PasswordInput';

/** What a labelled control needs from its field: its id and its error wiring for screen readers. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldFrameProps {
  label: ReactNode;
  /** The message shown under this control. */
  error?: string | null;
  /** A message shown elsewhere (one error for the whole form) that describes this control too. */
  describedBy?: string;
}

/**
 * A field's label; with `required`, the asterisk (screen readers learn it from the control's
 * `required` or `aria-required`). Without `htmlFor` it is a text naming a composite control by `id`.
 */
export function FieldLabel({
  htmlFor,
  id,
  required = false,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  const mark = required && (
    <span className="field-required" aria-hidden="true">
      *
    </span>
  );
  return htmlFor === undefined ? (
    <span className="field-label" id={id}>
      {children}
      {mark}
    </span>
  ) : (
    <label className="field-label" htmlFor={htmlFor} id={id}>
      {children}
      {mark}
    </label>
  );
}

/**
 * A label, its control and the control's error, as every form of the product lays them out:
 * `children` renders the control with the id and error wiring it is given. `required` shows the
 * asterisk (the control says it to screen readers).
 */
export function FormField({
  label,
  error,
  describedBy,
  required,
  children,
}: FieldFrameProps & { required?: boolean; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : describedBy,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type InputFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<'input'>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onValueChange: (value: string) => void;
  };

/** A labelled input; a password one comes with its show/hide toggle. */
export function InputField({
  label,
  error,
  describedBy,
  onValueChange,
  type = 'text',
  ...input
}: InputFieldProps) {
  return (
    <FormField label={label} error={error} describedBy={describedBy}>
      {(control) => {
        const props = {
          ...input,
          ...control,
          onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
        };
        return type === 'password' ? (
          <PasswordInput {...props} />
        ) : (
          <input {...props} type={type} className="input" />
        );
      }}
    </FormField>
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'value' | 'onChange' | 'className'> & {
    value: string;
    onValueChange: (value: string) => void;
  };

/** A labelled multi-line text, with its error like InputField's. */
export function TextAreaField({ label, error, describedBy, onValueChange, ...textarea }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} describedBy={describedBy}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          className="input"
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
