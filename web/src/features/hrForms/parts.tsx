import {
  displayDay,
  frequencyLabel,
  HR_FORM_STATUS_LABELS,
  type HrFormStatus,
  type THrFormDetails,
  type THrFormRepeat,
} from '@compass/shared';
import { DueMarker } from '../../components/DueMarker';
import { Fact } from '../registerParts';

const STATUS_BADGES: Record<HrFormStatus, string> = {
  assigned: 'badge-warning',
  submitted: 'badge-primary',
  closed: 'badge-success',
  cancelled: 'badge-neutral',
};

/** Where an assigned HR form stands, in the dashboard's words, as a badge. */
export function HrFormStatusBadge({ status }: { status: HrFormStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{HR_FORM_STATUS_LABELS[status]}</span>;
}

/** How often a form is assigned again: "Once", "Annual", "Monthly, every 3 periods". */
export function repeatLabel(repeat: THrFormRepeat | null): string {
  if (!repeat) return 'Once';
  const unit = frequencyLabel(repeat.frequency);
  return repeat.interval > 1 ? `${unit}, every ${repeat.interval} periods` : unit;
}

/** "Returned 2 times", or nothing for a form never returned. */
export const returnedTimes = (count: number) =>
  count > 0 ? `Returned ${count} time${count === 1 ? '' : 's'}` : null;

/** Who, by when and where an assigned HR form stands: on its details and on the review page. */
export function HrFormFacts({ form }: { form: THrFormDetails }) {
  return (
    <dl className="facts">
      <Fact label="Status">
        <HrFormStatusBadge status={form.status} />
      </Fact>
      <Fact label="Employee">{form.employeeName}</Fact>
      <Fact label="Reviewer">{form.reviewerName ?? '—'}</Fact>
      <Fact label="Due">
        {displayDay(form.dueDate)} {form.status === 'assigned' && <DueMarker type={form.taskDueDateType} />}
      </Fact>
      <Fact label="Repeats">{repeatLabel(form.repeat)}</Fact>
      {form.formNumber && <Fact label="Form number">{form.formNumber}</Fact>}
      {form.returnCount > 0 && (
        <Fact label="Returned">
          {form.returnCount} time{form.returnCount === 1 ? '' : 's'}
          {form.reviewComment && `: “${form.reviewComment}”`}
        </Fact>
      )}
      {form.message && <Fact label="Message from HR">{form.message}</Fact>}
    </dl>
  );
}

const EVENT_LABELS: Record<string, string> = {
  assigned: 'Assigned',
  submitted: 'Submitted',
  returned: 'Returned to the employee',
  closed: 'Accepted and closed',
  cancelled: 'Withdrawn',
};
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What happened to an assigned HR form, oldest first, with the reviewer's comments. */
export function HrFormHistory({ history }: { history: THrFormDetails['history'] }) {
  if (history.length === 0) return <p className="text-secondary">Nothing recorded yet.</p>;
  return (
    <ol className="change-log-list" aria-label="Status history">
      {history.map((event, index) => (
        <li key={`${event.at}-${index}`} className="change-log-entry">
          <div className="change-log-head">
            <strong>{EVENT_LABELS[event.action] ?? event.action}</strong>
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
