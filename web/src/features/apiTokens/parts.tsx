import './apiTokens.css';
import { DATE_DISPLAY_FORMAT } from '@compass/shared';
import { format, parseISO } from 'date-fns';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { InputField } from '../../components/FormField';

/** An instant as the integration pages show it: dd/MM/yyyy HH:mm in the reader's clock. */
export function displayInstant(instant: string): string {
  return format(parseISO(instant), `${DATE_DISPLAY_FORMAT} HH:mm`);
}

/**
 * A secret the server answers once (an API token, a webhook's signing secret): shown read-only with
 * a Copy button. Escape and the backdrop do not close it, so it is never lost by a stray key;
 * once Done is pressed nothing can show it again.
 */
export function ShownOnceDialog({
  title,
  label,
  value,
  message,
  onClose,
}: {
  title: string;
  label: string;
  value: string;
  message: string;
  onClose: () => void;
}) {
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
            Copy
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
