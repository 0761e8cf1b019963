import { AlertCircle } from 'lucide-react';

export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      <AlertCircle size={16} aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
