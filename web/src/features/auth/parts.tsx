import { useId, useState, type FormEvent } from 'react';
import { notifyError } from '../../api/errors';
import { InputField } from '../../components/FormField';

/**
 * A signed-out form's submit: checked first by `validate` (its message is the form's one error),
 * then `send`; a failure shows as the error toast and frees the button again. After a success the
 * button stays busy: the page moves on (a result, another page).
 */
export function useAuthSubmit({
  validate,
  send,
}: {
  validate: () => string | null;
  send: () => Promise<void>;
}) {
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const message = validate();
    setError(message);
    if (message) return;
    setPending(true);
    try {
      await send();
    } catch (failure) {
      notifyError(failure);
      setPending(false);
    }
  };
  return {
    error,
    errorId,
    /** For the inputs the one error below them describes. */
    describedBy: error ? errorId : undefined,
    pending,
    /** An input's change handler that also clears the error (the form is being corrected). */
    edit:
      <V,>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setError(null);
      },
    onSubmit: (event: FormEvent) => void submit(event),
  };
}

export interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** The new password and its confirmation, both described by the form's one error. */
export function NewPasswordFields({
  value,
  onChange,
  confirmLabel,
  describedBy,
  autoFocus,
}: {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  confirmLabel: string;
  describedBy: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <>
      <InputField
        label="New password"
        describedBy={describedBy}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={value.password}
        onValueChange={(password) => onChange({ ...value, password })}
      />
      <InputField
        label={confirmLabel}
        describedBy={describedBy}
        type="password"
        autoComplete="new-password"
        value={value.confirmPassword}
        onValueChange={(confirmPassword) => onChange({ ...value, confirmPassword })}
      />
    </>
  );
}
