import {
  addDays,
  FREQUENCY_UNITS,
  hrFormAssignCall,
  hrFormMessages as say,
  type FrequencyUnit,
  type THrFormAssign,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { dashboardKeys } from '../../api/queryKeys';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Dialog, DialogFormActions, DialogQueryState } from '../../components/Dialog';
import { DateField, InputField, TextAreaField } from '../../components/FormField';
import { PeopleField, PersonField, type Person } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { Segmented } from '../../components/Tabs';
import { browserToday } from '../../lib/timeZone';
import { HR_FORM_ASSIGNEES, HR_FORM_REVIEWERS, hrFormKeys, useHrFormOptions } from './api';

type Whom = 'employees' | 'position' | 'workplace';
const WHOM_OPTIONS = [
  { value: 'employees', label: 'Employees' },
  { value: 'position', label: 'A position' },
  { value: 'workplace', label: 'A workplace' },
] as const;
const FREQUENCY_OPTIONS = FREQUENCY_UNITS.map((unit) => ({ value: unit.key, label: unit.label }));
const DUE_REQUIRED = 'Choose the due date.';

/** The form's values, and the request they make once checked. */
function useAssignForm() {
  const [values, setValues] = useState({
    formTemplateId: '',
    whom: 'employees' as Whom,
    employees: [] as Person[],
    positionId: '',
    workplaceId: '',
    reviewer: null as Person | null,
    dueDate: addDays(browserToday(), 14),
    frequency: '' as FrequencyUnit | '',
    interval: '1',
    message: '',
  });
  const change = (next: Partial<typeof values>) => setValues((current) => ({ ...current, ...next }));
  const request = (): THrFormAssign => ({
    formTemplateId: values.formTemplateId,
    employeeIds: values.whom === 'employees' ? values.employees.map((person) => person._id) : null,
    positionId: values.whom === 'position' ? values.positionId : null,
    workplaceId: values.whom === 'workplace' ? values.workplaceId : null,
    reviewerEmployeeId: values.reviewer?._id ?? '',
    dueDate: values.dueDate,
    message: values.message.trim() || null,
    repeat: values.frequency ? { frequency: values.frequency, interval: Number(values.interval) } : null,
  });
  /** What is missing or wrong, by field, in the words the server would use. */
  const problems = (): Record<string, string> => {
    const whomField = { employees: 'employeeIds', position: 'positionId', workplace: 'workplaceId' }[
      values.whom
    ];
    const whomChosen = {
      employees: values.employees.length > 0,
      position: !!values.positionId,
      workplace: !!values.workplaceId,
    }[values.whom];
    const interval = Number(values.interval);
    const found: Record<string, string | false> = {
      formTemplateId: !values.formTemplateId && say.templateNotHr,
      [whomField]: !whomChosen && say.whomRequired,
      reviewerEmployeeId:
        (!values.reviewer && say.reviewerUnknown) ||
        (values.whom === 'employees' &&
          values.employees.some((person) => person._id === values.reviewer?._id) &&
          say.reviewerIsAssignee),
      dueDate: (!values.dueDate && DUE_REQUIRED) || (values.dueDate < browserToday() && say.dueInPast),
      'repeat.interval':
        !!values.frequency &&
        !(Number.isInteger(interval) && interval >= 1 && interval <= 12) &&
        'Repeat every 1 to 12 periods.',
    };
    return Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => !!entry[1]));
  };
  return { values, change, request, problems };
}

/**
 * Assign an HR form: the template, to whom (employees chosen by name, everyone in a position or
 * everyone at a workplace), the reviewer, the due date, whether it repeats, and a message. Each
 * employee is told by mail and finds it on their dashboard.
 */
export function AssignHrFormDialog({ onClose }: { onClose: () => void }) {
  const options = useHrFormOptions();
  const form = useAssignForm();
  const { values, change } = form;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const assign = useCall(hrFormAssignCall, {
    invalidate: [hrFormKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = form.problems();
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    assign.mutate({ body: form.request() }, { onError: (failure) => setErrors(fieldErrorsOf(failure)) });
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
            value={values.formTemplateId}
            none="Choose an HR form"
            options={optionsOf(options.data.templates)}
            error={errors.formTemplateId}
            onChange={(formTemplateId) => change({ formTemplateId })}
          />
          <div className="field">
            <span className="field-label" aria-hidden="true">
              Assign to
            </span>
            <Segmented
              label="Assign to"
              options={WHOM_OPTIONS}
              current={values.whom}
              onChange={(whom) => change({ whom })}
            />
          </div>
          {values.whom === 'employees' && (
            <PeopleField
              label="Employees"
              people={values.employees}
              error={errors.employeeIds}
              onChange={(employees) => change({ employees })}
              {...HR_FORM_ASSIGNEES}
            />
          )}
          {values.whom === 'position' && (
            <SelectField
              label="Position"
              value={values.positionId}
              none="Choose a position"
              options={optionsOf(options.data.positions)}
              error={errors.positionId ?? errors.employeeIds}
              onChange={(positionId) => change({ positionId })}
            />
          )}
          {values.whom === 'workplace' && (
            <SelectField
              label="Workplace"
              value={values.workplaceId}
              none="Choose a workplace"
              options={optionsOf(options.data.workplaces)}
              error={errors.workplaceId ?? errors.employeeIds}
              onChange={(workplaceId) => change({ workplaceId })}
            />
          )}
          <PersonField
            label="Reviewer"
            value={values.reviewer}
            error={errors.reviewerEmployeeId}
            onChange={(reviewer) => change({ reviewer })}
            {...HR_FORM_REVIEWERS}
          />
          <DateField
            label="Due date"
            value={values.dueDate}
            error={errors.dueDate}
            onValueChange={(dueDate) => change({ dueDate })}
          />
          <div className="form-grid">
            <SelectField
              label="Repeats"
              value={values.frequency}
              none="Once"
              options={FREQUENCY_OPTIONS}
              error={errors['repeat.frequency']}
              onChange={(frequency) => change({ frequency: frequency as FrequencyUnit | '' })}
            />
            {values.frequency && (
              <InputField
                label="Every (periods)"
                type="number"
                min={1}
                max={12}
                value={values.interval}
                error={errors['repeat.interval']}
                onValueChange={(interval) => change({ interval })}
              />
            )}
          </div>
          {values.frequency && (
            <p className="text-sm text-secondary">
              When a form is accepted, the next one is assigned, due one repeat after this one.
            </p>
          )}
          <TextAreaField
            label="Message (optional)"
            rows={3}
            maxLength={2000}
            value={values.message}
            onValueChange={(message) => change({ message })}
          />
          <DialogFormActions submitLabel="Assign" pending={assign.isPending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}
