import { displayDay, frequencyLabel, taskSignOffCall, type TTaskDetails } from '@compass/shared';
import { CheckCircle2, FileText, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { DueMarker } from '../../components/DueMarker';
import { TextAreaField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { Card } from '../../components/Card';
import { Fact } from '../registerParts';
import { taskKeys, useTaskDetails } from './api';
import { ReminderUnavailable, RemindersBackLink } from './parts';

/**
 * /task/form/signoff/:id (and the dashboard's /task/form-submit/employeeAssessment/:owner/:id/:template
 * for a reminder with a form): one occurrence, its form, the sign-off and the schedule's history.
 */
export function TaskSignOffPage() {
  const { id } = useParams();
  usePageTitle('Reminder');
  const details = useTaskDetails(id);
  if (details.isError) return <ReminderUnavailable />;
  if (!details.data) return <PageSpinner />;
  return <Occurrence key={details.data._id} task={details.data} />;
}

/** A submission of the task's form, opened in the submission editor. */
function FormLink({ form }: { form: { _id: string; name: string } }) {
  return <Link to={`/form-submission/Record/${form._id}`}>{form.name}</Link>;
}

/** One occurrence of the task: its details, its sign-off and the schedule's earlier occurrences. */
function Occurrence({ task }: { task: TTaskDetails }) {
  const open = !task.completedAt;
  return (
    <div className="admin-page stack-lg">
      <RemindersBackLink />
      <div className="page-header">
        <div>
          <h1>{task.title}</h1>
          <p>
            Due {displayDay(task.dueDate)} <DueMarker type={task.taskDueDateType} />
            {task.completedAt && (
              <span className="badge badge-success">
                Signed off {displayDay(task.completedAt.slice(0, 10))}
              </span>
            )}
          </p>
        </div>
        {open && (
          <Link className="btn" to={`/task/edit/${task._id}`}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </Link>
        )}
      </div>
      <DetailsCard task={task} />
      <Card title="Sign off" flat>
        {open ? (
          task.canSignOff ? (
            <SignOffForm task={task} />
          ) : (
            <p className="text-secondary">Only the assignee or the owner can sign this task off.</p>
          )
        ) : (
          <SignedOff task={task} />
        )}
      </Card>
      <HistoryCard task={task} />
    </div>
  );
}

/** Who the task is for, how it recurs, and the form it asks for. */
function DetailsCard({ task }: { task: TTaskDetails }) {
  const facts: [string, string][] = [
    ['Owner', task.owner?.name ?? '—'],
    ['Assigned to', task.assignee?.name ?? 'The owner'],
    ['Workplace', task.workplace ?? '—'],
    ['Recurs', task.frequency ? frequencyLabel(task.frequency) : 'Once'],
    ['Schedule started', displayDay(task.anchorDate)],
    ['Occurrence', String(task.occurrence + 1)],
  ];
  return (
    <Card title="Details" flat>
      <dl className="facts">
        {facts.map(([term, value]) => (
          <Fact key={term} label={term}>
            {value}
          </Fact>
        ))}
      </dl>
      {task.detail && <p className="pre-line">{task.detail}</p>}
      {task.formTemplate && (
        <p>
          <Link className="btn" to={`/form-submission/new/${task.formTemplate._id}`}>
            <FileText size={16} aria-hidden="true" /> Fill in {task.formTemplate.name}
          </Link>
        </p>
      )}
    </Card>
  );
}

/** The open occurrence's sign-off: the form filled in (if the task asks for one) and a response. */
function SignOffForm({ task }: { task: TTaskDetails }) {
  const [response, setResponse] = useState('');
  // The newest of the signer's submissions of the form: the one just filled in, as a rule.
  const [formSubmissionId, setFormSubmissionId] = useState(task.formChoices[0]?._id ?? '');
  const [signOffErrors, setSignOffErrors] = useState<Record<string, string>>({});
  const signOff = useCall(taskSignOffCall, {
    invalidate: [taskKeys.all, dashboardKeys.all],
  });
  return (
    <form
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        signOff.mutate(
          { body: { _id: task._id, response, formSubmissionId: formSubmissionId || null } },
          { onError: (error) => setSignOffErrors(fieldErrorsOf(error)) },
        );
      }}
    >
      {task.formTemplate &&
        (task.formChoices.length > 0 ? (
          <SelectField
            label={`${task.formTemplate.name} filled in`}
            value={formSubmissionId}
            none="None"
            options={task.formChoices.map((form) => ({ value: form._id, label: form.name }))}
            error={signOffErrors.formSubmissionId}
            onChange={setFormSubmissionId}
          />
        ) : (
          <p className="text-secondary">
            You have not filled in {task.formTemplate.name} yet: fill it in above, then sign off here.
          </p>
        ))}
      <TextAreaField
        label="Response or comment"
        rows={3}
        maxLength={10_000}
        value={response}
        onValueChange={setResponse}
      />
      {task.nextDueDate && (
        <p className="text-secondary">
          Signing off schedules the next occurrence, due {displayDay(task.nextDueDate)}.
        </p>
      )}
      <div className="row">
        <Button
          type="submit"
          variant="primary"
          loading={signOff.isPending}
          icon={<CheckCircle2 size={16} aria-hidden="true" />}
        >
          Sign off
        </Button>
      </div>
    </form>
  );
}

/** The signed-off occurrence: by whom and when, its form and response, and the next occurrence. */
function SignedOff({ task }: { task: TTaskDetails }) {
  return (
    <div className="stack">
      <p>
        Signed off by {task.completedBy ?? 'a former employee'} on{' '}
        {displayDay(task.completedAt!.slice(0, 10))}.
      </p>
      {task.formSubmission && (
        <p>
          Form filled in: <FormLink form={task.formSubmission} />
        </p>
      )}
      {task.response && <p className="pre-line">{task.response}</p>}
      {task.next && (
        <p role="status">
          Next occurrence due {displayDay(task.next.dueDate)}:{' '}
          <Link to={`/task/form/signoff/${task.next._id}`}>open it</Link>
        </p>
      )}
    </div>
  );
}

/** The schedule's earlier occurrences, each linking to its own page. */
function HistoryCard({ task }: { task: TTaskDetails }) {
  return (
    <Card title="Earlier occurrences" bare>
      {task.history.length === 0 ? (
        <p className="card-body text-secondary">This is the schedule's first occurrence.</p>
      ) : (
        <DataTable columns={['Due', 'Signed off', 'By', ...(task.formTemplate ? ['Form'] : []), 'Response']}>
          {task.history.map((entry) => (
            <tr key={entry._id}>
              <td>
                <Link to={`/task/form/signoff/${entry._id}`}>{displayDay(entry.dueDate)}</Link>
              </td>
              <td>{entry.completedAt ? displayDay(entry.completedAt.slice(0, 10)) : 'Open'}</td>
              <td>{entry.completedBy ?? '—'}</td>
              {task.formTemplate && (
                <td>{entry.formSubmission ? <FormLink form={entry.formSubmission} /> : '—'}</td>
              )}
              <td className="pre-line">{entry.response || '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
