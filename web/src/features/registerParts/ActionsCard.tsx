import {
  displayDay,
  registerMessages as say,
  taskDueType,
  type TPersonRef,
  type TRegisterAction,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { DueMarker } from '../../components/DueMarker';
import { Dialog } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField } from '../../components/PersonField';
import { peopleSearch, type RegisterCalls } from './api';
import { browserToday } from '../../lib/timeZone';

/** The actions raised from the item, and Raise action. */
export function ActionsCard({
  itemId,
  actions,
  calls,
  queryKey,
}: {
  itemId: string;
  actions: TRegisterAction[];
  calls: RegisterCalls;
  queryKey: readonly unknown[];
}) {
  const [raising, setRaising] = useState(false);
  const today = browserToday();
  return (
    <section className="card" aria-labelledby="actions-title">
      <div className="card-header row">
        <h2 id="actions-title">Actions</h2>
        <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setRaising(true)}>
          Raise action
        </Button>
      </div>
      {actions.length === 0 ? (
        <p className="card-body text-secondary">No actions raised yet.</p>
      ) : (
        <DataTable columns={['#', 'Action', 'Assigned to', 'Due', 'Status']}>
          {actions.map((action) => (
            <tr key={action._id}>
              <td>{action.taskNumber}</td>
              <td className="pre-line">
                {action.instruction}
                {action.response && <div className="text-sm text-secondary">{action.response}</div>}
              </td>
              <td>{action.assignee?.name ?? '—'}</td>
              <td>
                {displayDay(action.dueDate)}{' '}
                {!action.isComplete && <DueMarker type={taskDueType(action.dueDate, today)} />}
              </td>
              <td>
                <span className={`badge ${action.isComplete ? 'badge-success' : 'badge-warning'}`}>
                  {action.isComplete
                    ? `Completed ${action.completedOn ? displayDay(action.completedOn) : ''}`
                    : 'Open'}
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {raising && (
        <RaiseActionDialog
          itemId={itemId}
          calls={calls}
          queryKey={queryKey}
          onClose={() => setRaising(false)}
        />
      )}
    </section>
  );
}

function RaiseActionDialog({
  itemId,
  calls,
  queryKey,
  onClose,
}: {
  itemId: string;
  calls: RegisterCalls;
  queryKey: readonly unknown[];
  onClose: () => void;
}) {
  const [instruction, setInstruction] = useState('');
  const [assignee, setAssignee] = useState<TPersonRef | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const raise = useCall(calls.actionAdd, { invalidate: [queryKey, dashboardKeys.all], onSuccess: onClose });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!instruction.trim()) found.instruction = say.instructionRequired;
    if (!assignee) found.assigneeId = say.assigneeRequired;
    if (!dueDate) found.dueDate = say.dueRequired;
    else if (dueDate < browserToday()) found.dueDate = say.dueBeforeToday;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    raise.mutate(
      { body: { itemId, instruction, assigneeId: assignee!._id, dueDate } },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <Dialog
      title="Raise action"
      description="The action goes to the assignee’s dashboard (Assigned Actions)."
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={raise.isPending} onClick={submit}>
            Raise action
          </Button>
        </>
      }
    >
      <div className="stack">
        <TextAreaField
          label="What has to be done"
          rows={3}
          maxLength={2000}
          value={instruction}
          error={errors.instruction}
          onValueChange={setInstruction}
        />
        <PersonField
          label="Assigned to"
          value={assignee}
          onChange={setAssignee}
          search={peopleSearch(calls)}
          queryKey={[...queryKey, 'people']}
          error={errors.assigneeId}
        />
        <InputField
          label="Due"
          type="date"
          min={browserToday()}
          value={dueDate}
          error={errors.dueDate}
          onValueChange={setDueDate}
        />
      </div>
    </Dialog>
  );
}
