import type { TPersonRef } from '@compass/shared';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField } from '../../components/PersonField';
import { browserToday } from '../../lib/timeZone';

/** What an action raised from a record asks: what to do, by whom, by when. */
export interface RaisedAction {
  instruction: string;
  /** Empty while nobody is chosen (the check says so). */
  assigneeId: string;
  dueDate: string;
}

/** How a register words the dialog's fields (an audit's finding has an instruction and a due date). */
interface ActionWording {
  instruction: string;
  due: string;
  /** The longest instruction the register's schema takes. */
  longest: number;
}

/** What the dialog does when the call answers. */
interface RaiseOutcome {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

const REGISTER_WORDING: ActionWording = { instruction: 'What has to be done', due: 'Due', longest: 2000 };

/**
 * Raise an action (or an audit's finding) from a record: the register checks it with its own
 * messages and sends it; the server's refusals are shown next to their fields.
 */
export function ActionDialog({
  title,
  description,
  people,
  wording = REGISTER_WORDING,
  firstDue = '',
  check,
  pending,
  onRaise,
  onClose,
}: {
  /** The dialog's title and its button. */
  title: string;
  description?: string;
  /** The register's people search for the assignee. */
  people: Pick<ComponentProps<typeof PersonField>, 'search' | 'queryKey' | 'empty'>;
  wording?: ActionWording;
  firstDue?: string;
  check: (action: RaisedAction) => Record<string, string>;
  pending: boolean;
  /** Sends the action (a mutation's `mutate`): the dialog closes when it is raised. */
  onRaise: (action: RaisedAction, outcome: RaiseOutcome) => void;
  onClose: () => void;
}) {
  const [instruction, setInstruction] = useState('');
  const [assignee, setAssignee] = useState<TPersonRef | null>(null);
  const [dueDate, setDueDate] = useState(firstDue);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const action = { instruction, assigneeId: assignee?._id ?? '', dueDate };
    const found = check(action);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onRaise(action, { onSuccess: onClose, onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField
          label={wording.instruction}
          rows={3}
          maxLength={wording.longest}
          value={instruction}
          error={errors.instruction}
          onValueChange={setInstruction}
        />
        <PersonField
          {...people}
          label="Assigned to"
          value={assignee}
          onChange={setAssignee}
          error={errors.assigneeId}
        />
        <InputField
          label={wording.due}
          type="date"
          min={browserToday()}
          value={dueDate}
          error={errors.dueDate}
          onValueChange={setDueDate}
        />
        <DialogFormActions submitLabel={title} pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
