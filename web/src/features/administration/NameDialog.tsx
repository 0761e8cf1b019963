import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { InputField } from '../../components/FormField';

/** A record's required name being typed: its error shows on submit and clears as the user types. */
export function useRequiredName(initial: string, message = 'Please enter a name.') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change: (next: string) => {
      setValue(next);
      setError(null);
    },
    /** The form's submit: `send` gets the trimmed name, or the message shows beside the field. */
    submit: (send: (name: string) => void) => (event: FormEvent) => {
      event.preventDefault();
      const name = value.trim();
      if (name) send(name);
      else setError(message);
    },
  };
}

/** The input of a name kept by `useRequiredName`. */
export function NameField({
  label,
  name,
  autoFocus,
}: {
  label: string;
  name: ReturnType<typeof useRequiredName>;
  autoFocus?: boolean;
}) {
  return (
    <InputField
      label={label}
      value={name.value}
      error={name.error}
      autoFocus={autoFocus}
      maxLength={200}
      onValueChange={name.change}
    />
  );
}

/** Create or rename a named record (workplace, branch, position), with its active switch when it has one. */
export function NameDialog({
  title,
  label,
  initialName = '',
  initialActive,
  pending,
  onSave,
  onClose,
  children,
}: {
  title: string;
  label: string;
  initialName?: string;
  /** Shown as an Active checkbox when given. */
  initialActive?: boolean;
  pending: boolean;
  onSave: (values: { name: string; isActive: boolean }) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const name = useRequiredName(initialName);
  const [active, setActive] = useState(initialActive ?? true);
  return (
    <Dialog title={title} onClose={onClose}>
      <form
        className="stack"
        onSubmit={name.submit((checked) => onSave({ name: checked, isActive: active }))}
        noValidate
      >
        <NameField label={label} name={name} autoFocus />
        {initialActive !== undefined && (
          <label className="checkbox">
            <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
            Active (offered when new records are made)
          </label>
        )}
        {children}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={pending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
