import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageSpinner } from '../../components/Spinner';

/** One label and value of a card's facts. */
export function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** An item's page before its details are there: the spinner, or why it cannot be opened. */
export function ItemState({
  query,
  noun,
  back,
}: {
  query: { isError: boolean };
  noun: string;
  back: { to: string; label: string };
}) {
  if (!query.isError) return <PageSpinner />;
  return <ItemUnavailable noun={noun} back={back} />;
}

/** A record that cannot be opened (deleted, or another organisation's), and the way back. */
export function ItemUnavailable({ noun, back }: { noun: string; back: { to: string; label: string } }) {
  return (
    <div className="admin-page stack-lg">
      <p className="alert alert-danger" role="alert">
        This {noun} cannot be opened: it was deleted, or it belongs to another organisation.
      </p>
      <Link to={back.to}>{back.label}</Link>
    </div>
  );
}
