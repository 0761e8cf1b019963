import { useId, useState, type FormEvent } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FieldError } from './FieldError';

/** A dialog that asks why (a return, a rejection): one required text, then the action. */
export function ReasonDialog({
  title,
  description,
  label,
  requiredMessage,
  submitLabel,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  /** Shown when the text is left empty. */
  requiredMessage: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(requiredMessage);
    onSubmit(text.trim());
  };
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {label}
          </label>
          <textarea
            id={id}
            className="input"
            rows={4}
            maxLength={2000}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
