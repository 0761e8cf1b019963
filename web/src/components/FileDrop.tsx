import { ALLOWED_UPLOAD_EXTENSIONS, formatBytes, uploadProblem } from '@compass/shared';
import { Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { FieldError } from './FieldError';

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * One file to upload, dropped on the zone or chosen: checked against the uploads' allow-list and
 * size limit before anything is sent (`problem` says why a file was not taken).
 */
export function FileDrop({
  label,
  file,
  error,
  onChange,
}: {
  label: string;
  file: File | null;
  error?: string | null;
  onChange: (file: File | null, problem: string | null) => void;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const problem = uploadProblem({ name: picked.name, size: picked.size });
    onChange(problem ? null : picked, problem);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    pick(event.dataTransfer.files[0]);
  };
  return (
    <div className="field">
      <span className="field-label">{label}</span>
      <label
        className={`document-drop${over ? ' is-over' : ''}`}
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Upload size={22} aria-hidden="true" />
        {file ? (
          <span>
            <strong>{file.name}</strong> · {formatBytes(file.size)}
          </span>
        ) : (
          <span>Drop the file here, or choose it (PDF, image or office document, up to 10 MB)</span>
        )}
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="visually-hidden"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </label>
      <FieldError id={`${inputId}-error`} message={error ?? null} />
    </div>
  );
}
