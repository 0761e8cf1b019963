import type { LucideIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { ReasonDialog } from './ReasonDialog';

type Answer = { label: string; icon: LucideIcon; pending: boolean };

/**
 * A reviewer's two answers to what was sent for review (a supplier's form or document, an HR
 * form): back with a reason (a return, a rejection), or accepted once confirmed. Its two buttons
 * go in the page's row of buttons; each dialog closes when its call succeeds.
 */
export function ReviewDecision({
  refuse,
  accept,
}: {
  refuse: Answer & {
    dialog: Omit<ComponentProps<typeof ReasonDialog>, 'pending' | 'onSubmit' | 'onClose'>;
    send: (reason: string, done: () => void) => void;
  };
  accept: Answer & {
    title: string;
    confirmLabel: string;
    /** What accepting does, in the confirmation. */
    consequence: string;
    send: (done: () => void) => void;
  };
}) {
  const [open, setOpen] = useState<'refuse' | 'accept' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Button icon={<refuse.icon size={16} aria-hidden="true" />} onClick={() => setOpen('refuse')}>
        {refuse.label}
      </Button>
      <Button
        variant="primary"
        icon={<accept.icon size={16} aria-hidden="true" />}
        onClick={() => setOpen('accept')}
      >
        {accept.label}
      </Button>
      {open === 'refuse' && (
        <ReasonDialog
          {...refuse.dialog}
          pending={refuse.pending}
          onSubmit={(reason) => refuse.send(reason, close)}
          onClose={close}
        />
      )}
      {open === 'accept' && (
        <ConfirmDialog
          title={accept.title}
          confirmLabel={accept.confirmLabel}
          pending={accept.pending}
          onClose={close}
          onConfirm={() => accept.send(close)}
        >
          <p>{accept.consequence}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
