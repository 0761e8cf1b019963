import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { ReasonDialog } from '../../components/ReasonDialog';

/**
 * The page of one supplier form or document (its review, or the supplier's own page to send it):
 * the way back, the heading and its line, then the page's content once loaded, its state before.
 */
export function PartyPage<T>({
  query,
  back,
  title,
  heading,
  intro,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  back: { to: string; label: string };
  /** The heading while the row loads. */
  title: string;
  heading: (row: T) => string;
  intro: (row: T) => ReactNode;
  /** The name of the region that holds the content (and its state before). */
  label: string;
  children: (row: T) => ReactNode;
}) {
  const row = query.data;
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <Link to={back.to} className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> {back.label}
          </Link>
          <h1>{row ? heading(row) : title}</h1>
          {row && <p>{intro(row)}</p>}
        </div>
      </div>
      {row ? (
        children(row)
      ) : (
        <section className="card list-card" aria-label={label}>
          <ListState query={query} count={1} empty="" />
        </section>
      )}
    </div>
  );
}

type Answer = { label: string; icon: LucideIcon; pending: boolean };

/**
 * A reviewer's two answers to what a supplier sent: back to them with a reason (a return, a
 * rejection), or accepted once confirmed: its two buttons, for the page's row of buttons. Each
 * dialog closes when its call succeeds.
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
