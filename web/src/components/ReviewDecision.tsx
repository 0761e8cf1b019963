import { Check, Undo2, type LucideIcon } from 'lucide-react';
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

/**
 * A reviewer's answer to an assigned form (a supplier's, an HR form): returned to whoever filled
 * it in with what needs to change, or accepted, which closes it off.
 */
export function ReturnOrAccept({
  to,
  returned,
  accepted,
}: {
  /** Who the form goes back to ("supplier", "employee"). */
  to: string;
  returned: {
    pending: boolean;
    description: string;
    requiredMessage: string;
    send: (comment: string, done: () => void) => void;
  };
  accepted: { pending: boolean; consequence: string; send: (done: () => void) => void };
}) {
  return (
    <ReviewDecision
      refuse={{
        label: `Return to ${to}`,
        icon: Undo2,
        pending: returned.pending,
        dialog: {
          title: `Return to ${to}`,
          description: returned.description,
          label: 'What needs to change',
          requiredMessage: returned.requiredMessage,
          submitLabel: 'Return',
        },
        send: returned.send,
      }}
      accept={{
        label: 'Accept and close',
        icon: Check,
        pending: accepted.pending,
        title: 'Accept and close this form?',
        confirmLabel: 'Accept and close',
        consequence: accepted.consequence,
        send: accepted.send,
      }}
    />
  );
}
