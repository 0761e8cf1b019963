import { hrFormAssignCall, hrFormMessages as say } from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { AssignFields, useAssignFields } from '../../components/AssignFields';
import { Dialog, DialogFormActions, DialogQueryState } from '../../components/Dialog';
import { optionsOf, SelectField } from '../../components/SelectField';
import { HR_FORM_ASSIGNEES, HR_FORM_REVIEWERS, hrFormKeys, useHrFormOptions } from './api';

const WORDS = { ...say, dueRequired: 'Choose the due date.' };

/**
 * Assign an HR form: the template, to whom (employees chosen by name, everyone in a position or
 * everyone at a workplace), the reviewer, the due date, whether it repeats, and a message. Each
 * employee is told by mail and finds it on their dashboard.
 */
export function AssignHrFormDialog({ onClose }: { onClose: () => void }) {
  const options = useHrFormOptions();
  const form = useAssignFields(WORDS, 'dueDate');
  const [formTemplateId, setFormTemplateId] = useState('');
  const assign = useCall(hrFormAssignCall, {
    invalidate: [hrFormKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check({ formTemplateId: !formTemplateId && say.templateNotHr })) return;
    assign.mutate(
      { body: { formTemplateId, ...form.body(), dueDate: form.values.due } },
      { onError: form.showFailure },
    );
  };
  return (
    <Dialog
      title="Assign HR form"
      description="Each employee gets an e-mail and finds the form on their dashboard; the reviewer is told when it is submitted."
      onClose={onClose}
      wide
    >
      {!options.data ? (
        <DialogQueryState query={options} failure="The HR forms could not be loaded." />
      ) : (
        <form className="stack" onSubmit={submit} noValidate>
          <SelectField
            label="Form"
            value={formTemplateId}
            none="Choose an HR form"
            options={optionsOf(options.data.templates)}
            error={form.errors.formTemplateId}
            onChange={setFormTemplateId}
          />
          <AssignFields
            form={form}
            choices={options.data}
            assignees={HR_FORM_ASSIGNEES}
            reviewers={HR_FORM_REVIEWERS}
            dueLabel="Due date"
            repeatNote="When a form is accepted, the next one is assigned, due one repeat after this one."
          />
          <DialogFormActions submitLabel="Assign" pending={assign.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
