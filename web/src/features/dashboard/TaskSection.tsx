import { displayDay, type TBadge, type TaskDueType } from '@compass/shared';
import { Inbox, RotateCw, type LucideIcon } from 'lucide-react';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { DueMarker } from '../../components/DueMarker';

const BADGE_TONES: Record<TBadge, string> = {
  'Pending Completion': 'badge-warning',
  'Pending For Review': 'badge-primary',
  'Pending For Review by co-Reviewer': 'badge-primary',
  'Approval Pending': 'badge-warning',
  'Assessment pending': 'badge-warning',
  'Ready For Review': 'badge-success',
};

export function ItemBadge({ badge }: { badge: TBadge }) {
  return <span className={`badge ${BADGE_TONES[badge]}`}>{badge}</span>;
}

export interface WorkItemRowProps {
  title: string;
  /** Shown as '(Draft)' after the title. */
  draft?: boolean;
  secondary?: string;
  /** Label before the date: 'Due', 'Form date', 'Complete by'. */
  dateLabel?: string;
  date?: string | null;
  dueType?: TaskDueType;
  badge?: TBadge;
  /** A link target, or a click handler (dialogs). */
  to?: string;
  onOpen?: () => void;
}

/** One work item: a link (or a button for dialogs) with its title, context, date and markers. */
export function WorkItemRow({
  title,
  draft,
  secondary,
  dateLabel = 'Due',
  date,
  dueType,
  badge,
  to,
  onOpen,
}: WorkItemRowProps) {
  const content = (
    <>
      <span className="task-row-main">
        <span className="task-row-title">
          {title}
          {draft && ' '}
          {draft && <span className="task-row-draft">(Draft)</span>}
        </span>
        {secondary && <span className="task-row-secondary">{secondary}</span>}
      </span>
      <span className="task-row-meta">
        {badge && <ItemBadge badge={badge} />}
        {date && (
          <span className="task-row-date">
            <span className="visually-hidden">{dateLabel} </span>
            {displayDay(date)}
          </span>
        )}
        {dueType && <DueMarker type={dueType} />}
      </span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className="task-row">
          {content}
        </Link>
      ) : (
        <button type="button" className="task-row" onClick={onOpen}>
          {content}
        </button>
      )}
    </li>
  );
}

/** How many items a section shows before 'Show all (N)'. */
export const SECTION_PREVIEW = 5;

export interface SectionState {
  status: 'pending' | 'error' | 'success';
  error?: unknown;
  onRetry?: () => void;
}

interface TaskSectionProps<T> {
  title: string;
  icon: LucideIcon;
  state: SectionState;
  total: number;
  items: T[];
  renderItem: (item: T) => ReactNode;
  emptyText?: string;
  /** Items per row key. */
  itemKey: (item: T) => string;
  className?: string;
  listClassName?: string;
}

export const EMPTY_TEXT = 'Nothing here — you are all caught up.';

/** A My Tasks section: title, total badge, and its list with skeleton, empty and error states. */
export function TaskSection<T>({
  title,
  icon: Icon,
  state,
  total,
  items,
  renderItem,
  itemKey,
  emptyText = EMPTY_TEXT,
  className,
  listClassName,
}: TaskSectionProps<T>) {
  const titleId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? items : items.slice(0, SECTION_PREVIEW);

  return (
    <section
      className={`card task-section ${className ?? ''}`.trim()}
      aria-labelledby={titleId}
      aria-busy={state.status === 'pending'}
    >
      <header className="task-section-header">
        <span className="task-section-icon">
          <Icon size={18} aria-hidden="true" />
        </span>
        <h3 id={titleId} className="task-section-title">
          {title}
        </h3>
        {state.status === 'success' && (
          <span className="task-section-total" aria-label={`${total} items`}>
            {total}
          </span>
        )}
      </header>
      <div className="task-section-body">
        {state.status === 'pending' && (
          // As many rows as a full section shows, so the cards below do not move when it loads.
          <ul className="task-skeleton" aria-label={`Loading ${title}`}>
            {Array.from({ length: SECTION_PREVIEW }, (_, index) => (
              <li key={index} className="skeleton-row">
                <span className="skeleton skeleton-line" />
                <span className="skeleton skeleton-line skeleton-short" />
              </li>
            ))}
          </ul>
        )}
        {state.status === 'error' && (
          <div className="task-section-error" role="alert">
            <span>{describeError(state.error).message || 'This list could not be loaded.'}</span>
            {state.onRetry && (
              <Button size="sm" icon={<RotateCw size={14} aria-hidden="true" />} onClick={state.onRetry}>
                Retry
              </Button>
            )}
          </div>
        )}
        {state.status === 'success' && items.length === 0 && (
          <p className="task-section-empty">
            <Inbox size={18} aria-hidden="true" />
            {emptyText}
          </p>
        )}
        {state.status === 'success' && items.length > 0 && (
          <>
            <ul className={`task-list ${listClassName ?? ''}`.trim()} id={listId} aria-label={title}>
              {shown.map((item) => (
                <Fragment key={itemKey(item)}>{renderItem(item)}</Fragment>
              ))}
            </ul>
            {(items.length > SECTION_PREVIEW || total > items.length) && (
              <div className="task-section-footer">
                {items.length > SECTION_PREVIEW && (
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={expanded}
                    aria-controls={listId}
                    onClick={() => setExpanded((value) => !value)}
                  >
                    {expanded ? 'Show fewer' : `Show all (${items.length})`}
                  </button>
                )}
                {total > items.length && (
                  <span className="text-sm text-muted">
                    The first {items.length} of {total} are listed.
                  </span>
                )}
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
