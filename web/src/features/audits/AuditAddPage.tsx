import {
  auditCreateCall,
  FREQUENCY_UNITS,
  ZAuditCreate,
  type FrequencyUnit,
  type TAuditCreate,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, notifyFirstProblem, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { PersonField, type Person } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { BackLink } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { AUDIT_PEOPLE, auditKeys, auditPaths, useAuditOptions } from './api';

/** /audit-inspection/add (Quick Add): schedule an audit from an audit template. */
export function AuditAddPage() {
  usePageTitle('Add audit');
  const navigate = useNavigate();
  const options = useAuditOptions();
  const [values, setValues] = useState({
    templateId: '',
    workplaceId: '',
    branchId: '',
    dueDate: '',
    frequency: '' as FrequencyUnit | '',
  });
  const [auditor, setAuditor] = useState<Person | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value, ...(key === 'workplaceId' && { branchId: '' }) }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const create = useCall(auditCreateCall, {
    invalidate: [auditKeys.all, dashboardKeys.all],
    onSuccess: ({ _id }) => void navigate(auditPaths.details(_id)),
  });
  if (options.isError)
    return (
      <p className="alert alert-danger" role="alert">
        The audit templates could not be loaded. Reload the page to try again.
      </p>
    );
  if (!options.data) return <PageSpinner />;
  const branches = options.data.workplaces.find((row) => row._id === values.workplaceId)?.branches ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TAuditCreate = {
      templateId: values.templateId,
      auditorId: auditor?._id as string,
      workplaceId: values.workplaceId,
      branchId: values.branchId || null,
      dueDate: values.dueDate,
      frequency: values.frequency || null,
    };
    // The server's schema, run here first: the same messages before anything is sent.
    const problems = schemaProblems(ZAuditCreate, body);
    setErrors(problems);
    if (notifyFirstProblem(problems)) return;
    create.mutate({ body }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };

  return (
    <div className="admin-page stack-lg">
      <BackLink to={auditPaths.register} label="Audit Register" />
      <div className="page-header">
        <div>
          <h1>Add audit</h1>
          <p>The auditor finds it on their dashboard and in My Audit until it is closed.</p>
        </div>
      </div>
      <form className="card card-body stack" onSubmit={submit} noValidate aria-label="Add audit">
        {options.data.templates.length === 0 && (
          <p className="alert alert-info" role="status">
            No audit template is published yet: create one in the template builder with the type “Audit
            template”.
          </p>
        )}
        <div className="form-grid">
          <SelectField
            label="Audit template"
            value={values.templateId}
            none="Choose a template"
            options={optionsOf(options.data.templates)}
            error={errors.templateId}
            onChange={(value) => set('templateId', value)}
          />
          <PersonField
            {...AUDIT_PEOPLE}
            label="Auditor"
            value={auditor}
            error={errors.auditorId}
            onChange={setAuditor}
          />
          <SelectField
            label="Workplace"
            value={values.workplaceId}
            none="Choose a workplace"
            options={optionsOf(options.data.workplaces)}
            error={errors.workplaceId}
            onChange={(value) => set('workplaceId', value)}
          />
          <SelectField
            label="Branch"
            value={values.branchId}
            none={branches.length ? 'Any branch' : 'No branch'}
            options={optionsOf(branches)}
            error={errors.branchId}
            onChange={(value) => set('branchId', value)}
          />
          <InputField
            label="Due date"
            type="date"
            value={values.dueDate}
            error={errors.dueDate}
            onValueChange={(value) => set('dueDate', value)}
          />
          <SelectField
            label="Repeats"
            value={values.frequency}
            none="Once only"
            options={FREQUENCY_UNITS.map((unit) => ({ value: unit.key, label: unit.label }))}
            onChange={(value) => set('frequency', value as FrequencyUnit | '')}
          />
        </div>
        <div className="row">
          <Button type="submit" variant="primary" loading={create.isPending}>
            Add audit
          </Button>
        </div>
      </form>
    </div>
  );
}
