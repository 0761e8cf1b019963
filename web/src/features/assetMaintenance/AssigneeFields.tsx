import type { TMaintenanceAssignee } from '@compass/shared';
import type { Dispatch, SetStateAction } from 'react';
import { PersonField, type Person } from '../../components/PersonField';
import { pickerSearch } from './api';

/** The two kinds of assignee (the "Done by" choice). */
export type AssigneeKind = TMaintenanceAssignee['kind'];
/** The person chosen of each kind: switching kinds back and forth keeps both choices. */
export type Assignees = Record<AssigneeKind, Person | null>;

const EMPLOYEES = pickerSearch('employee');
const SUPPLIERS = pickerSearch('supplier');

/** The choices a plan's or a record's assignee starts with (none: nobody chosen yet). */
export function assigneesOf(assignee: TMaintenanceAssignee | null | undefined): Assignees {
  return {
    employee: assignee?.kind === 'employee' ? assignee : null,
    supplier: assignee?.kind === 'supplier' ? assignee : null,
  };
}

/**
 * The assignee of the kind "Done by" chose: an employee who signs in or a supplier company. A
 * refused assignee's error (`assignee` or `assignee._id`) is shown on it.
 */
export function AssigneeField({
  kind,
  people,
  errors,
  onChange,
}: {
  kind: AssigneeKind;
  people: Assignees;
  errors: Record<string, string>;
  onChange: Dispatch<SetStateAction<Assignees>>;
}) {
  return (
    <PersonField
      // One field per kind: the search of the other kind does not linger.
      key={kind}
      label={kind === 'employee' ? 'Employee' : 'Supplier company'}
      {...(kind === 'employee' ? EMPLOYEES : SUPPLIERS)}
      empty={
        kind === 'employee'
          ? 'No active employee who signs in matches.'
          : 'No active supplier company matches.'
      }
      value={people[kind]}
      error={errors.assignee ?? errors['assignee._id']}
      onChange={(person) => onChange((current) => ({ ...current, [kind]: person }))}
    />
  );
}
