import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListState } from './ListParts';
import { PageHeader, type BackTo } from './PageHeader';

/**
 * The page of one record loaded by `query`: the way back, the heading and its line, then the
 * page's content once loaded; before that, the load's state (spinner, problem) in a card.
 */
export function RecordPage<T>({
  query,
  back,
  title,
  heading,
  intro,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  back: BackTo;
  /** The heading while the record loads. */
  title: ReactNode;
  heading: (row: T) => ReactNode;
  /** The line under the heading once loaded (none when it gives nothing). */
  intro?: (row: T) => ReactNode;
  /** The name of the region that holds the content (and its state before). */
  label: string;
  children: (row: T) => ReactNode;
}) {
  const row = query.data;
  return (
    <div className="admin-page stack-lg">
      <PageHeader back={back} title={row ? heading(row) : title} intro={row ? intro?.(row) : undefined} />
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
