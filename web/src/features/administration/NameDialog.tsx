import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { InputField } from '../../components/FormField';

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
  const [name, setName] = useState(initialName);
  const [active, setActive] = useState(initialActive ?? true);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Please enter a name.');
    onSave({ name: name.trim(), isActive: active });
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label={label}
          value={name}
          error={error}
          autoFocus
          maxLength={200}
          onValueChange={(value) => {
            setName(value);
            setError(null);
          }}
        />
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
