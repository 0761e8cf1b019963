import { changeLogListCall, type AdministeredEntity } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api/client';
import { changeLogKeys } from '../api/queryKeys';
import { Card } from './Card';
import { ListState } from './ListParts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'lastName' → 'Last name': the log keeps attribute names, the screen shows words. */
export function fieldLabel(field: string): string {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An administered record's change log (who, when, before → after), newest first. */
export function ChangeLogPanel({
  entityType,
  entityId,
}: {
  entityType: AdministeredEntity;
  entityId: string;
}) {
  const log = useQuery({
    queryKey: changeLogKeys.entity(entityType, entityId),
    queryFn: () => callApi(changeLogListCall, { body: { entityType, entityId } }),
    meta: { silent: true },
  });
  return (
    <section className="change-log" aria-label="Change log">
      <ListState query={log} count={log.data?.list.length} empty="No changes recorded yet." />
      {log.data && log.data.list.length > 0 && (
        <ol className="change-log-list">
          {log.data.list.map((entry) => (
            <li key={entry._id} className="change-log-entry">
              <div className="change-log-head">
                <strong>{entry.changedBy}</strong> <span className="text-secondary">{entry.action}</span>{' '}
                <time className="text-sm text-secondary" dateTime={entry.createdAt}>
                  {when.format(new Date(entry.createdAt))}
                </time>
              </div>
              {entry.changes.length > 0 && (
                <dl className="change-log-changes">
                  {entry.changes.map((change) => (
                    <div key={change.field}>
                      <dt>{fieldLabel(change.field)}</dt>
                      <dd>
                        <span className="change-from">{change.from ?? '—'}</span> →{' '}
                        <span className="change-to">{change.to ?? '—'}</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A record's card headed History with its change log. */
export function HistoryCard({ entityType, entityId }: { entityType: AdministeredEntity; entityId: string }) {
  return (
    <Card flat title="History">
      <ChangeLogPanel entityType={entityType} entityId={entityId} />
    </Card>
  );
}

/**
 * What happened to a record, oldest first: each event in `labels`' words (or its own name), by whom
 * and when, with the comment given (a return's).
 */
export function EventHistory({
  events,
  labels,
  label,
}: {
  events: readonly { action: string; at: string; byName: string | null; comment: string | null }[];
  labels: Readonly<Record<string, string>>;
  /** The list's accessible name. */
  label: string;
}) {
  if (events.length === 0) return <p className="text-secondary">Nothing recorded yet.</p>;
  return (
    <ol className="change-log-list" aria-label={label}>
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className="change-log-entry">
          <div className="change-log-head">
            <strong>{labels[event.action] ?? event.action}</strong>
            {event.byName && <span className="text-secondary"> by {event.byName}</span>}{' '}
            <time className="text-sm text-secondary" dateTime={event.at}>
              {when.format(new Date(event.at))}
            </time>
          </div>
          {event.comment && <p className="text-sm">“{event.comment}”</p>}
        </li>
      ))}
    </ol>
  );
}
