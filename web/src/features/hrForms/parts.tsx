import { displayDay, HR_FORM_STATUS_LABELS, type HrFormStatus, type THrFormDetails } from '@compass/shared';
import { repeatLabel } from '../../components/AssignFields';
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

/** The steps of an assignment's history, in words. */
export const HR_FORM_EVENT_LABELS: Record<string, string> = {
  assigned: 'Assigned',
  submitted: 'Submitted',
  returned: 'Returned to the employee',
  closed: 'Accepted and closed',
  cancelled: 'Withdrawn',
};
