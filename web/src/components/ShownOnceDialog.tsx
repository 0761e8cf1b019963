import './shownOnce.css';
import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from './Button';
import { Dialog } from './Dialog';

/**
 * A secret the server answers once (an API token, a webhook's signing secret, a kiosk's device
 * link): shown whole and read-only with a Copy button, and the one place that says it was made (its
 * call makes no toast). Escape and the backdrop do not close it, so it is never lost by a stray key;
 * once Done is pressed nothing can show it again.
 */
export function ShownOnceDialog({
  title,
  label,
  value,
  message,
  copyLabel = 'Copy',
  onClose,
}: {
  title: string;
  label: string;
  value: string;
  message: string;
  copyLabel?: string;
  onClose: () => void;
}) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // The clipboard is missing on plain http and may be refused: the text is then selected for the
  // reader to copy.
  const selectForCopying = () => {
    box.current?.focus();
    box.current?.select();
    toast.info('Select the text and copy it.');
  };
  const copy = () => {
    if (!navigator.clipboard) return selectForCopying();
    navigator.clipboard.writeText(value).then(() => toast.success('Copied.'), selectForCopying);
  };
  return (
    <Dialog
      title={title}
      dismissable={false}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="stack">
        <p className="alert alert-warning">{message}</p>
        <div className="field">
          <label className="field-label" htmlFor={id}>
            {label}
          </label>
          <textarea
            ref={box}
            id={id}
            className="input shown-once-value"
            value={value}
            readOnly
            rows={3}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <div>
          <Button icon={<Copy size={16} aria-hidden="true" />} onClick={copy}>
            {copyLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
