import {
  addDays,
  displayDay,
  externalPartiesMessages as say,
  localDateOf,
  SUPPLIER_ASSIGNMENT_STATUSES,
  supplierAssignmentCreateCall,
  supplierAssignmentListCall,
  supplierAssignmentOptionsCall,
  supplierAssignmentResendCall,
  type SupplierAssignmentStatus,
  type TSupplierAssignmentRow,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { DueMarker } from '../../components/DueMarker';
import { InputField } from '../../components/FormField';
import { ListFilters } from '../../components/ListFilters';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { browserTimeZone, dashboardKeys } from '../dashboard/api';
import { ReviewerField, type Picked } from './parts';

export const assignmentKeys = { all: ['supplierAssignments'] as const };

export const STATUS_LABELS: Record<SupplierAssignmentStatus, string> = {
  assigned: 'With the supplier',
  submitted: 'Submitted for review',
  reviewed: 'Reviewed',
  closed: 'Accepted and closed',
};
export const STATUS_BADGES: Record<SupplierAssignmentStatus, string> = {
  assigned: 'badge-warning',
  submitted: 'badge-primary',
  reviewed: 'badge-success',
  closed: 'badge-neutral',
};

/** External Parties > Form Register: every supplier form assigned, with its status; assign one. */
export function FormRegisterPage() {
  usePageTitle('Form Register');
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [applied, setApplied] = useState('');
  const [status, setStatus] = useState<SupplierAssignmentStatus | ''>('');
  const [assigning, setAssigning] = useState(false);
  const request = { page, pageSize, search: applied || undefined, status: status || undefined };
  const list = useQuery({
    queryKey: [...assignmentKeys.all, request],
    queryFn: () => callApi(supplierAssignmentListCall, { body: request }),
    placeholderData: keepPreviousData,
  });
  const resend = useCall(supplierAssignmentResendCall, { invalidate: [assignmentKeys.all] });
  const rows = list.data?.rows ?? [];
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Form Register</h1>
          <p>The forms your suppliers and their people were asked to fill in, and where each one stands.</p>
        </div>
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setAssigning(true)}
        >
          Assign a form
        </Button>
      </div>
      <ListFilters
        placeholder="Company or form"
        onSearch={(text) => {
          setApplied(text);
          setPage(1);
        }}
      >
        <SelectField
          label="Status"
          value={status}
          none="Any status"
          options={SUPPLIER_ASSIGNMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(value) => {
            setStatus(value as SupplierAssignmentStatus | '');
            setPage(1);
          }}
        />
      </ListFilters>
      <section className="card list-card" aria-label="Assigned forms" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          empty={
            applied || status ? 'No assigned form matches.' : 'No forms assigned yet: assign the first one.'
          }
        />
        {rows.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Form</th>
                  <th scope="col">Company</th>
                  <th scope="col">Person</th>
                  <th scope="col">Reviewer</th>
                  <th scope="col">Due</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <RegisterRow
                    key={row._id}
                    row={row}
                    onResend={() => resend.mutate({ body: { _id: row._id } })}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.data && <Pagination {...paging.pagination(list.data.total)} />}
      </section>
      {assigning && <AssignFormDialog onClose={() => setAssigning(false)} />}
    </div>
  );
}

function RegisterRow({ row, onResend }: { row: TSupplierAssignmentRow; onResend: () => void }) {
  return (
    <tr>
      <td>
        {row.formName}
        {row.formNumber && <div className="text-sm text-secondary">{row.formNumber}</div>}
      </td>
      <td>
        <Link to={`/external-parties/companies/${row.supplierId}`}>{row.supplierName}</Link>
      </td>
      <td>{row.personnelName ?? <span className="text-secondary">The company</span>}</td>
      <td>{row.reviewerName ?? '—'}</td>
      <td>
        {displayDay(row.dueDate)} {row.status === 'assigned' && <DueMarker type={row.taskDueDateType} />}
      </td>
      <td>
        <span className={`badge ${STATUS_BADGES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
        {row.returnCount > 0 && (
          <div className="text-sm text-secondary">
            Returned {row.returnCount} time{row.returnCount === 1 ? '' : 's'}
          </div>
        )}
      </td>
      <td className="row-actions">
        {row.status === 'submitted' && (
          <Link
            className="btn btn-ghost btn-sm"
            to={`/external-parties/form-submit/review/${row._id}/${row.formTemplateId}`}
          >
            Review
          </Link>
        )}
        {row.status === 'assigned' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onResend}
            aria-label={`Send the invitation for ${row.formName} again`}
          >
            Send again
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Assign a supplier form: the form, the company (and one of its people), the reviewer and the due date. */
function AssignFormDialog({ onClose }: { onClose: () => void }) {
  const options = useQuery({
    queryKey: [...assignmentKeys.all, 'options'],
    queryFn: () => callApi(supplierAssignmentOptionsCall, {}),
  });
  const [formTemplateId, setTemplate] = useState('');
  const [supplierId, setSupplier] = useState('');
  const [personnelId, setPersonnel] = useState('');
  const [reviewer, setReviewer] = useState<Picked | null>(null);
  const [dueDate, setDueDate] = useState(() => addDays(localDateOf(new Date(), browserTimeZone()), 14));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCall(supplierAssignmentCreateCall, {
    invalidate: [assignmentKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  const supplier = options.data?.suppliers.find((row) => row._id === supplierId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!formTemplateId) missing.formTemplateId = say.templateNotSupplier;
    if (!supplierId) missing.supplierId = say.supplierUnknown;
    if (!reviewer) missing.reviewerEmployeeId = say.reviewerUnknown;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      {
        body: {
          formTemplateId,
          supplierId,
          personnelId: personnelId || null,
          reviewerEmployeeId: reviewer!.value,
          dueDate,
          message: message.trim() || undefined,
        },
      },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };

  return (
    <Dialog
      title="Assign a form"
      description="The company, or the person, gets an e-mail with a link to fill it in."
      onClose={onClose}
    >
      <ListState query={options} count={1} empty="" />
      {options.data && (
        <form className="stack" onSubmit={submit} noValidate>
          <SelectField
            label="Form"
            value={formTemplateId}
            none="Choose a supplier form"
            options={options.data.templates.map((row) => ({ value: row._id, label: row.name }))}
            error={errors.formTemplateId}
            onChange={setTemplate}
          />
          <SelectField
            label="Company"
            value={supplierId}
            none="Choose a company"
            options={options.data.suppliers.map((row) => ({ value: row._id, label: row.name }))}
            error={errors.supplierId}
            onChange={(value) => {
              setSupplier(value);
              setPersonnel('');
            }}
          />
          <SelectField
            label="Person"
            value={personnelId}
            none="The company (its supplier accounts)"
            options={(supplier?.personnel ?? []).map((row) => ({ value: row._id, label: row.name }))}
            error={errors.personnelId}
            onChange={setPersonnel}
          />
          <ReviewerField reviewer={reviewer} error={errors.reviewerEmployeeId} onChange={setReviewer} />
          <InputField
            label="Due date"
            type="date"
            value={dueDate}
            error={errors.dueDate}
            onValueChange={setDueDate}
          />
          <div className="field">
            <label className="field-label" htmlFor="assign-message">
              Message (optional)
            </label>
            <textarea
              id="assign-message"
              className="input"
              rows={3}
              maxLength={2000}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <div className="dialog-actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" loading={create.isPending}>
              Assign and invite
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
