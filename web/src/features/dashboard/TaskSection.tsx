import {
  displayDay,
  splitByTiming,
  taskTiming,
  type DashboardPeriod,
  type DashboardPeriodKey,
  type TBadge,
  type TaskDueType,
  type TaskTiming,
} from '@compass/shared';
import { CalendarClock, Inbox, RotateCw, type LucideIcon } from 'lucide-react';
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

/** In place of the item's badge when it is due after the dashboard's period. */
export function ScheduledBadge() {
  return (
    <span className="badge badge-neutral">
      <CalendarClock size={12} aria-hidden="true" />
      Scheduled
    </span>
  );
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
  /** How the date stands against the dashboard's period: scheduled work shows 'Scheduled'. */
  timing?: TaskTiming;
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
  timing,
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
        {timing === 'scheduled' ? <ScheduledBadge /> : badge && <ItemBadge badge={badge} />}
        {date && (
          <span className={timing === 'overdue' ? 'task-row-date task-row-date-overdue' : 'task-row-date'}>
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
  renderItem: (item: T, timing?: TaskTiming) => ReactNode;
  /**
   * Orders the items by due day and lists those due after `period` apart, under 'Later'. Without
   * it the items are listed as given.
   */
  schedule?: { period: DashboardPeriod; dueOf: (item: T) => string };
  emptyText?: string;
  /** Items per row key. */
  itemKey: (item: T) => string;
  className?: string;
  listClassName?: string;
}

export const EMPTY_TEXT = 'Nothing here — you are all caught up.';

const AFTER_PERIOD: Record<DashboardPeriodKey, string> = {
  today: 'after today',
  week: 'after this week',
  month: 'after this month',
};

/** A My Tasks section: title, total badge, and its list with skeleton, empty and error states. */
export function TaskSection<T>({
  title,
  icon: Icon,
  state,
  total,
  items,
  renderItem,
  itemKey,
  schedule,
  emptyText = EMPTY_TEXT,
  className,
  listClassName,
}: TaskSectionProps<T>) {
  const titleId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const { now, later } = schedule
    ? splitByTiming(items, schedule.dueOf, schedule.period)
    : { now: items, later: [] };
  // The preview takes the first items of both groups together: the work due now comes first.
  const limit = expanded ? items.length : SECTION_PREVIEW;
  const nowShown = now.slice(0, limit);
  const laterShown = later.slice(0, Math.max(0, limit - now.length));
  const row = (item: T) => (
    <Fragment key={itemKey(item)}>
      {renderItem(item, schedule && taskTiming(schedule.dueOf(item), schedule.period))}
    </Fragment>
  );

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
            <div id={listId}>
              {nowShown.length > 0 && (
                <ul className={`task-list ${listClassName ?? ''}`.trim()} aria-label={title}>
                  {nowShown.map(row)}
                </ul>
              )}
              {schedule && laterShown.length > 0 && (
                <>
                  <h4 className="task-group-heading">
                    Later{' '}
                    <span className="task-group-hint">· due {AFTER_PERIOD[schedule.period.selectedDay]}</span>
                  </h4>
                  <ul className="task-list task-list-later" aria-label={`${title}, later`}>
                    {laterShown.map(row)}
                  </ul>
                </>
              )}
            </div>
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
