import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

/** Asks before something that cannot be undone (delete, deactivate); Escape or Cancel keeps things. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  pending = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** A register item's Delete button: asks first (a danger ConfirmDialog), deletes only on confirm. */
export function DeleteButton({
  title,
  confirmLabel,
  pending,
  onConfirm,
  children,
}: {
  title: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** What goes with the item. */
  children: ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="danger" icon={<Trash2 size={16} aria-hidden="true" />} onClick={() => setAsking(true)}>
        Delete
      </Button>
      {asking && (
        <ConfirmDialog
          title={title}
          confirmLabel={confirmLabel}
          danger
          pending={pending}
          onConfirm={onConfirm}
          onClose={() => setAsking(false)}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
