import {
  maintenanceMessages as say,
  maintenanceReassignCall,
  ZMaintenanceReassign,
  type TMaintenanceDetails,
  type TMaintenanceReassign,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { DateField } from '../../components/DateField';
import { AssigneeField, assigneesOf, type AssigneeKind } from './AssigneeFields';
import { useMaintenanceWrite } from './api';
import { ChoiceField, DONE_BY_OPTIONS } from './parts';

type DoneBy = AssigneeKind | 'nobody';

const OPTIONS = [...DONE_BY_OPTIONS, { value: 'nobody', label: 'Nobody yet' }] as const;

/** The register changes who does open maintenance (or leaves it unassigned) and its due day. */
export function ReassignDialog({ record, onClose }: { record: TMaintenanceDetails; onClose: () => void }) {
  const [doneBy, setDoneBy] = useState<DoneBy>(record.assignee?.kind ?? 'nobody');
  const [people, setPeople] = useState(() => assigneesOf(record.assignee));
  const [dueDate, setDueDate] = useState(record.dueDate);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMaintenanceWrite(maintenanceReassignCall, say.reassigned, onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const person = doneBy === 'nobody' ? null : people[doneBy];
    const body: TMaintenanceReassign = {
      _id: record._id,
      assignee: doneBy !== 'nobody' && person ? { kind: doneBy, _id: person._id } : null,
      dueDate,
    };
    const found = schemaProblems(ZMaintenanceReassign, body);
    // "Nobody yet" is the null assignee; an employee or a supplier company must be chosen.
    if (doneBy !== 'nobody' && !person) found.assignee = say.assigneeRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <Dialog title="Change assignee or due date" onClose={onClose} dismissable={!save.isPending}>
      <form className="stack" onSubmit={submit} noValidate>
        <ChoiceField
          label="Done by"
          name="reassign-done-by"
          value={doneBy}
          options={OPTIONS}
          onChange={setDoneBy}
        />
        {doneBy !== 'nobody' && (
          <AssigneeField kind={doneBy} people={people} errors={errors} onChange={setPeople} />
        )}
        <DateField label="Due date" value={dueDate} error={errors.dueDate} onValueChange={setDueDate} />
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
