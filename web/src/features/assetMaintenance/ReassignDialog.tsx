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
import { DateField } from '../../components/FormField';
import { PersonField, type Person } from '../../components/PersonField';
import { pickerSearch, useMaintenanceWrite } from './api';
import { ChoiceField, DONE_BY_OPTIONS } from './parts';

type DoneBy = 'employee' | 'supplier' | 'nobody';

const OPTIONS = [...DONE_BY_OPTIONS, { value: 'nobody', label: 'Nobody yet' }] as const;
const EMPLOYEES = pickerSearch('employee');
const SUPPLIERS = pickerSearch('supplier');

/** The register changes who does open maintenance (or leaves it unassigned) and its due day. */
export function ReassignDialog({ record, onClose }: { record: TMaintenanceDetails; onClose: () => void }) {
  const [doneBy, setDoneBy] = useState<DoneBy>(record.assignee?.kind ?? 'nobody');
  const [people, setPeople] = useState<Record<'employee' | 'supplier', Person | null>>({
    employee: record.assignee?.kind === 'employee' ? record.assignee : null,
    supplier: record.assignee?.kind === 'supplier' ? record.assignee : null,
  });
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
          <PersonField
            key={doneBy}
            label={doneBy === 'employee' ? 'Employee' : 'Supplier company'}
            {...(doneBy === 'employee' ? EMPLOYEES : SUPPLIERS)}
            empty={
              doneBy === 'employee'
                ? 'No active employee who signs in matches.'
                : 'No active supplier company matches.'
            }
            value={people[doneBy]}
            error={errors.assignee ?? errors['assignee._id']}
            onChange={(person) => setPeople((current) => ({ ...current, [doneBy]: person }))}
          />
        )}
        <DateField label="Due date" value={dueDate} error={errors.dueDate} onValueChange={setDueDate} />
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
