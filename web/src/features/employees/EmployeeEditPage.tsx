import {
  administrationMessages,
  EMPLOYEE_STATUS_LABELS,
  employeeDeactivateCall,
  employeeInviteCall,
  employeeReactivateCall,
  employeeSaveCall,
  employeeUnlockCall,
  holdsAll,
  personName,
  rightsOf,
  rightsOfProfile,
  type TEmployeeDetails,
  type TEmployeeFormOptions,
} from '@compass/shared';
import { LockOpen, Mail, UserCheck, UserX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { useCall } from '../../api/useCall';
import { changeLogKeys } from '../../api/queryKeys';
import { Button } from '../../components/Button';
import { optionsOf, SelectField } from '../../components/SelectField';
import { HistoryCard } from '../../components/ChangeLogPanel';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormField, InputField } from '../../components/FormField';
import { PersonNameFields, personNameProblems } from '../../components/PersonNameFields';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import {
  employeeKeys,
  STATUS_BADGES,
  useEmployeeDetails,
  useEmployeeFormOptions,
  useManagerSearch,
} from './api';
import { PrivateInfoCard } from './PrivateInfoCard';

/** What a change of an employee reads again: the employee lists and the employee's history. */
const refresh = { invalidate: [employeeKeys.all, changeLogKeys.all] };

/** /human-resource/employees/new and /human-resource/employees/:id: one employee and their account. */
export function EmployeeEditPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  usePageTitle(isNew ? 'Add employee' : 'Employee');
  const options = useEmployeeFormOptions();
  const details = useEmployeeDetails(id, !isNew);
  if (!options.data || (!isNew && !details.data)) {
    if (details.isError) return <p className="alert alert-danger">This employee cannot be opened.</p>;
    return <PageSpinner />;
  }
  return <EmployeeForm key={id} employee={isNew ? null : details.data!} options={options.data} />;
}

function EmployeeForm({
  employee,
  options,
}: {
  employee: TEmployeeDetails | null;
  options: TEmployeeFormOptions;
}) {
  const { values, set, errors, invite, setInvite, save, submit } = useEmployeeForm(employee);
  const branches =
    options.workplaces.find((workplace) => workplace._id === values.workplaceId)?.branches ?? [];
  // The server rules on every save; the form offers only what it would accept.
  const locked = Boolean(employee && !employee.mayManage);
  const roleOptions = useRoleOptions(employee, options);
  // The server rules on it; the card is not asked for without the key.
  const mayReadPrivate = usePermissions().data?.access.hrEmployeePrivateInfo === 'yes';

  const select = (
    key: keyof typeof values,
    label: string,
    list: { _id: string; name: string }[],
    none: string,
  ) => (
    <SelectField
      label={label}
      value={values[key]}
      none={none}
      options={optionsOf(list)}
      onChange={set(key)}
    />
  );

  return (
    <div className="admin-page stack-lg">
      <BackLink to="/human-resource/employees" label="Employees" />
      <EmployeeHeader employee={employee} locked={locked} />
      <div className="admin-columns">
        <form className="card card-body stack" onSubmit={submit} noValidate aria-label="Employee details">
          {locked && (
            <p className="alert alert-info" role="note">
              {administrationMessages.manageBeyondOwn}
            </p>
          )}
          <div className="form-grid">
            <PersonNameFields
              values={values}
              errors={errors}
              set={set}
              autoFocus={!employee}
              emailDisabled={locked}
            />
            <InputField
              label="Username"
              value={values.username}
              error={errors.username}
              disabled={locked}
              placeholder={values.email || 'The e-mail address when left empty'}
              maxLength={320}
              onValueChange={set('username')}
            />
            <InputField
              label="Employee number"
              value={values.employeeNumber}
              maxLength={50}
              onValueChange={set('employeeNumber')}
            />
            {select('positionId', 'Position', options.positions, 'No position')}
            <SelectField
              label="Role"
              value={values.roleId}
              none="No role (no access)"
              options={roleOptions}
              disabled={locked}
              onChange={set('roleId')}
            />
            {select('workplaceId', 'Workplace', options.workplaces, 'No workplace')}
            {select(
              'branchId',
              'Branch',
              branches,
              branches.length ? 'No branch' : 'The workplace has no branches',
            )}
            <ManagerPicker
              current={
                employee?.managerEmployeeId
                  ? { _id: employee.managerEmployeeId, name: employee.manager ?? '' }
                  : null
              }
              excludeId={employee?._id}
              value={values.managerEmployeeId}
              onChange={set('managerEmployeeId')}
            />
          </div>
          {!employee && (
            <label className="checkbox">
              <input type="checkbox" checked={invite} onChange={(event) => setInvite(event.target.checked)} />
              E-mail an invitation to choose a password (the link works once, for 7 days)
            </label>
          )}
          <div>
            <Button type="submit" variant="primary" loading={save.isPending}>
              {employee ? 'Save' : invite ? 'Create and invite' : 'Create'}
            </Button>
          </div>
        </form>
        {employee && <HistoryCard entityType="employee" entityId={employee._id} />}
      </div>
      {employee && (mayReadPrivate || employee.isSelf) && (
        <PrivateInfoCard employeeId={employee._id} own={employee.isSelf} />
      )}
    </div>
  );
}

/** The employee's values being edited, their problems, and the save that sends them. */
function useEmployeeForm(employee: TEmployeeDetails | null) {
  const navigate = useNavigate();
  const [values, setValues] = useState({
    firstName: employee?.firstName ?? '',
    lastName: employee?.lastName ?? '',
    email: employee?.email ?? '',
    username: employee?.username ?? '',
    employeeNumber: employee?.employeeNumber ?? '',
    positionId: employee?.positionId ?? '',
    roleId: employee?.roleId ?? '',
    workplaceId: employee?.workplaceId ?? '',
    branchId: employee?.branchId ?? '',
    managerEmployeeId: employee?.managerEmployeeId ?? '',
  });
  const [invite, setInvite] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value, ...(key === 'workplaceId' && { branchId: '' }) }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const save = useCall(employeeSaveCall, {
    ...refresh,
    onSuccess: ({ _id }) => {
      if (!employee) navigate(`/human-resource/employees/${_id}`, { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = personNameProblems(values);
    const username = values.username.trim() || values.email.trim();
    if (!username) problems.username = 'Please enter a username (or an e-mail address to use as one).';
    if (!employee && invite && !values.email.trim())
      problems.email = 'An invitation is sent by e-mail: enter an e-mail address.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const optional = (value: string) => value || null;
    save.mutate({
      body: {
        _id: employee?._id,
        firstName: values.firstName,
        lastName: values.lastName,
        email: optional(values.email.trim()),
        username,
        employeeNumber: optional(values.employeeNumber.trim()),
        positionId: optional(values.positionId),
        roleId: optional(values.roleId),
        workplaceId: optional(values.workplaceId),
        branchId: optional(values.branchId),
        managerEmployeeId: optional(values.managerEmployeeId),
        invite: employee ? undefined : invite,
      },
    });
  };
  return { values, set, errors, invite, setInvite, save, submit };
}

/** The roles offered: those the signed-in user holds every right of, and the employee's own. */
function useRoleOptions(employee: TEmployeeDetails | null, options: TEmployeeFormOptions) {
  const profile = usePermissions().data;
  const restrictable = options.roles.flatMap((role) => role.restricted);
  const actor = profile && rightsOfProfile(profile, restrictable);
  return options.roles.map((role) => {
    const grantable =
      role._id === employee?.roleId ||
      (actor && holdsAll(actor, rightsOf(role.access, role.restricted, restrictable)));
    return {
      value: role._id,
      label: grantable ? role.name : `${role.name} (access you do not hold)`,
      disabled: !grantable,
    };
  });
}

/** The employee's name and account status, with what may be done with the account. */
function EmployeeHeader({ employee, locked }: { employee: TEmployeeDetails | null; locked: boolean }) {
  return (
    <PageHeader
      title={employee ? personName(employee) : 'Add employee'}
      intro={
        employee && (
          <span className={`badge ${STATUS_BADGES[employee.status]}`}>
            {EMPLOYEE_STATUS_LABELS[employee.status]}
          </span>
        )
      }
    >
      {employee && <AccountActions employee={employee} locked={locked} />}
    </PageHeader>
  );
}

/** What may be done with the employee's account: invite, unlock, deactivate (after asking) or reactivate. */
function AccountActions({ employee, locked }: { employee: TEmployeeDetails; locked: boolean }) {
  const [confirm, setConfirm] = useState<'deactivate' | null>(null);
  const resend = useCall(employeeInviteCall, refresh);
  const unlock = useCall(employeeUnlockCall, refresh);
  const deactivate = useCall(employeeDeactivateCall, { ...refresh, onSuccess: () => setConfirm(null) });
  const reactivate = useCall(employeeReactivateCall, refresh);
  return (
    <>
      <div className="row">
        {(employee.status === 'invited' || employee.status === 'notInvited') && (
          <Button
            icon={<Mail size={16} aria-hidden="true" />}
            loading={resend.isPending}
            onClick={() => resend.mutate({ body: { _id: employee._id } })}
          >
            {employee.status === 'invited' ? 'Resend invitation' : 'Send invitation'}
          </Button>
        )}
        {employee.status === 'locked' && (
          <Button
            icon={<LockOpen size={16} aria-hidden="true" />}
            loading={unlock.isPending}
            onClick={() => unlock.mutate({ body: { _id: employee._id } })}
          >
            Unlock
          </Button>
        )}
        {locked ? null : employee.status === 'deactivated' ? (
          <Button
            icon={<UserCheck size={16} aria-hidden="true" />}
            loading={reactivate.isPending}
            onClick={() => reactivate.mutate({ body: { _id: employee._id } })}
          >
            Reactivate
          </Button>
        ) : (
          !employee.isSelf && (
            <Button
              variant="danger"
              icon={<UserX size={16} aria-hidden="true" />}
              onClick={() => setConfirm('deactivate')}
            >
              Deactivate
            </Button>
          )
        )}
      </div>
      {confirm && (
        <ConfirmDialog
          title={`Deactivate ${personName(employee)}?`}
          confirmLabel="Deactivate"
          danger
          pending={deactivate.isPending}
          onClose={() => setConfirm(null)}
          onConfirm={() => deactivate.mutate({ body: { _id: employee._id } })}
        >
          <p>
            They are signed out everywhere at once and cannot sign in again until reactivated. Their records
            and history stay.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** The manager: found by name among active employees (a large organisation has too many for one list). */
function ManagerPicker({
  current,
  excludeId,
  value,
  onChange,
}: {
  current: { _id: string; name: string } | null;
  excludeId?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [search, setSearch] = useState('');
  const found = useManagerSearch(search);
  const choices = [
    ...(current ? [current] : []),
    ...(found.data?.rows ?? [])
      .filter((row) => row._id !== excludeId && row._id !== current?._id)
      .map((row) => ({ _id: row._id, name: personName(row) })),
  ];
  return (
    <FormField label="Manager">
      {(control) => (
        <>
          <input
            className="input"
            type="search"
            aria-label="Find a manager by name"
            placeholder="Type to find a manager"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <select
            {...control}
            className="input"
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">No manager</option>
            {choices.map((choice) => (
              <option key={choice._id} value={choice._id}>
                {choice.name}
              </option>
            ))}
          </select>
        </>
      )}
    </FormField>
  );
}
