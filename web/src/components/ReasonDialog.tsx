import { useState, type FormEvent } from 'react';
import { Dialog, DialogFormActions } from './Dialog';
import { TextAreaField } from './FormField';

/** A dialog that asks why (a return, a rejection): one required text, then the action. */
export function ReasonDialog({
  title,
  description,
  label,
  requiredMessage,
  submitLabel,
  pending,
  maxLength = 2000,
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
  /** The longest text the call takes. */
  maxLength?: number;
  onSubmit: (text: string) => void;
  onClose: () => void;
}) {
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
        <TextAreaField
          label={label}
          rows={4}
          maxLength={maxLength}
          error={error}
          value={text}
          onValueChange={(value) => {
            setText(value);
            setError(null);
          }}
        />
        <DialogFormActions submitLabel={submitLabel} pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
