import { ImageUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from './Button';

/**
 * A logo with Upload/Replace and Remove (the organisation's in Preferences, a supplier company's in
 * its Profile): PNG, JPEG or WebP, stored resized by the server. Read-only without `onUpload`.
 */
export function LogoCard({
  src,
  alt,
  hint,
  removing,
  onUpload,
  onRemove,
}: {
  /** The image's address, or null when there is no logo. */
  src: string | null;
  alt: string;
  hint: string;
  removing?: boolean;
  onUpload?: (form: FormData) => void;
  onRemove?: () => void;
}) {
  const titleId = useId();
  const inputId = useId();
  return (
    <section className="card card-body stack" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        Logo
      </h2>
      <div className="logo-preview">
        {src ? <img src={src} alt={alt} /> : <span className="text-secondary">No logo yet</span>}
      </div>
      {onUpload && (
        <>
          <p className="field-hint">{hint}</p>
          <div className="row">
            <label className="btn btn-secondary" htmlFor={inputId}>
              <ImageUp size={16} aria-hidden="true" /> {src ? 'Replace' : 'Upload'}
            </label>
            <input
              id={inputId}
              className="visually-hidden"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                const form = new FormData();
                form.append('file', file, file.name);
                onUpload(form);
                event.target.value = '';
              }}
            />
            {src && onRemove && (
              <Button
                variant="ghost"
                icon={<Trash2 size={16} aria-hidden="true" />}
                loading={removing}
                onClick={onRemove}
              >
                Remove
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
