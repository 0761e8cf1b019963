import './shownOnce.css';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { InputField } from './FormField';

/**
 * A secret the server answers once (an API token, a webhook's signing secret, a kiosk's device
 * link): shown read-only with a Copy button. Escape and the backdrop do not close it, so it is never
 * lost by a stray key; once Done is pressed nothing can show it again.
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
  // Where the browser refuses, the value stays selectable in its box.
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success('Copied.'),
      () => toast.error('The browser did not allow copying: select the text and copy it.'),
    );
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
        <div className="shown-once">
          <InputField
            label={label}
            value={value}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            onValueChange={() => undefined}
          />
          <Button icon={<Copy size={16} aria-hidden="true" />} onClick={() => void copy()}>
            {copyLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
