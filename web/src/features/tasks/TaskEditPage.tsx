import {
  FREQUENCY_UNITS,
  taskDueDateProblem,
  taskOptionsCall,
  taskSaveCall,
  ZTaskSave,
  type FrequencyUnit,
  type TPersonRef,
  type TTaskDetails,
  type TTaskOptions,
  type TTaskSave,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { callApi } from '../../api/client';
import { fieldErrorsOf, notifyFirstProblem, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { InputField, TextAreaField } from '../../components/FormField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { PersonField } from '../../components/PersonField';
import { browserToday } from '../../lib/timeZone';
import { searchTaskPeople, taskKeys, useTaskDetails } from './api';
import { ReminderUnavailable, RemindersBackLink } from './parts';

/** /task/new and /task/edit/:id: a schedule's first occurrence, or a change to an open one. */
export function TaskEditPage() {
  const { id } = useParams();
  const isNew = !id;
  usePageTitle(isNew ? 'New reminder' : 'Edit reminder');
  const options = useQuery({ queryKey: taskKeys.options, queryFn: () => callApi(taskOptionsCall, {}) });
  const details = useTaskDetails(id);
  if (details.isError || options.isError) return <ReminderUnavailable />;
  if (!options.data || (!isNew && !details.data)) return <PageSpinner />;
  return <TaskForm task={isNew ? null : details.data!} options={options.data} />;
}

function TaskForm({ task, options }: { task: TTaskDetails | null; options: TTaskOptions }) {
  const navigate = useNavigate();
  const me = usePermissions();
  const [values, setValues] = useState({
    title: task?.title ?? '',
    detail: task?.detail ?? '',
    workplaceId: task?.workplaceId ?? '',
    formTemplateId: task?.formTemplate?._id ?? '',
    dueDate: task?.dueDate ?? '',
    frequency: (task?.frequency ?? '') as FrequencyUnit | '',
  });
  const mine = me.data?.employeeId ? { _id: me.data.employeeId, name: me.data.name } : null;
  const [owner, setOwner] = useState<TPersonRef | null>(task?.owner ?? mine);
  const [assignee, setAssignee] = useState<TPersonRef | null>(task?.assignee ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const save = useCall(taskSaveCall, {
    invalidate: [taskKeys.all, dashboardKeys.all],
    onSuccess: ({ _id }) => void navigate(`/task/form/signoff/${_id}`, { replace: Boolean(task) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TTaskSave = {
      ...(task && { _id: task._id }),
      title: values.title,
      detail: values.detail,
      ownerId: (owner ?? mine)?._id as string,
      assigneeId: assignee?._id ?? null,
      workplaceId: values.workplaceId || null,
      formTemplateId: values.formTemplateId || null,
      dueDate: values.dueDate,
      frequency: values.frequency as FrequencyUnit,
    };
    // The server's schema and rule, run here first: the same messages before anything is sent.
    const problems = schemaProblems(ZTaskSave, body);
    if (values.dueDate && values.dueDate !== task?.dueDate) {
      const problem = taskDueDateProblem(values.dueDate, browserToday());
      if (problem) problems.dueDate ??= problem;
    }
    setErrors(problems);
    if (notifyFirstProblem(problems)) return;
    save.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <div className="admin-page stack-lg">
      <RemindersBackLink />
      <div className="page-header">
        <div>
          <h1>{task ? `Edit ${task.title}` : 'New reminder'}</h1>
          <p>
            The first due date starts the schedule; each occurrence, once signed off, schedules the next one.
          </p>
        </div>
      </div>
      <form className="card card-body stack" onSubmit={submit} noValidate aria-label="Reminder">
        <div className="form-grid">
          <InputField
            label="Title"
            value={values.title}
            error={errors.title}
            maxLength={200}
            autoFocus={!task}
            onValueChange={(value) => set('title', value)}
          />
          <SelectField
            label="Workplace"
            value={values.workplaceId}
            none="No workplace"
            options={optionsOf(options.workplaces)}
            error={errors.workplaceId}
            onChange={(value) => set('workplaceId', value)}
          />
          <PersonField
            label="Owner"
            value={owner}
            onChange={setOwner}
            search={searchTaskPeople}
            queryKey={taskKeys.all}
            error={errors.ownerId}
          />
          <PersonField
            label="Assigned to (optional: else the owner)"
            value={assignee}
            onChange={setAssignee}
            search={searchTaskPeople}
            queryKey={taskKeys.all}
            error={errors.assigneeId}
            optional
          />
          <InputField
            label={task ? 'Due date' : 'First due date'}
            type="date"
            value={values.dueDate}
            min={browserToday()}
            error={errors.dueDate}
            onValueChange={(value) => set('dueDate', value)}
          />
          <SelectField
            label="Frequency"
            value={values.frequency}
            none="Choose how often"
            options={FREQUENCY_UNITS.map((unit) => ({ value: unit.key, label: unit.label }))}
            error={errors.frequency}
            onChange={(value) => set('frequency', value as FrequencyUnit | '')}
          />
          <SelectField
            label="Form to fill in (optional)"
            value={values.formTemplateId}
            none="No form"
            options={optionsOf(options.templates)}
            error={errors.formTemplateId}
            onChange={(value) => set('formTemplateId', value)}
          />
        </div>
        <TextAreaField
          label="Instructions"
          rows={4}
          maxLength={10_000}
          value={values.detail}
          onValueChange={(value) => set('detail', value)}
        />
        <div className="row">
          <Button type="submit" variant="primary" loading={save.isPending}>
            {task ? 'Save changes' : 'Create reminder'}
          </Button>
        </div>
      </form>
    </div>
  );
}
