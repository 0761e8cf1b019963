import {
  addDays,
  displayDay,
  externalPartiesMessages,
  localDateOf,
  REQUIREMENT_STATE_LABELS,
  REQUIREMENT_STATES,
  requirementMessages as say,
  requirementReviewPath,
  requirementTypeListCall,
  requirementTypeSaveCall,
  requirementTypeSetActiveCall,
  supplierAssignmentOptionsCall,
  supplierRequirementCreateCall,
  supplierRequirementListCall,
  supplierRequirementResendCall,
  type RequirementState,
  type TRequirementType,
  type TSupplierRequirementRow,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ListChecks, Plus } from 'lucide-react';
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
import { assignmentKeys } from './FormRegisterPage';
import { requirementKeys, RequirementStateBadge, ReviewerField, toProvide, type Picked } from './parts';

const APPLIES_TO_LABELS = { company: 'The company', personnel: 'A person' } as const;

/**
 * External Parties > Requirements: every document requested of a supplier or one of its people,
 * where it stands (to provide, awaiting review, valid, expiring, expired); request one; the types.
 */
export function RequirementsPage() {
  usePageTitle('Requirements');
  const paging = usePaging();
  const { page, pageSize, setPage } = paging;
  const [applied, setApplied] = useState('');
  const [state, setState] = useState<RequirementState | ''>('');
  const [requesting, setRequesting] = useState(false);
  const [editingTypes, setEditingTypes] = useState(false);
  const request = { page, pageSize, search: applied || undefined, state: state || undefined };
  const list = useQuery({
    queryKey: [...requirementKeys.all, request],
    queryFn: () => callApi(supplierRequirementListCall, { body: request }),
    placeholderData: keepPreviousData,
  });
  const resend = useCall(supplierRequirementResendCall, { invalidate: [requirementKeys.all] });
  const rows = list.data?.rows ?? [];
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>Requirements</h1>
          <p>The documents your suppliers and their people must provide, and where each one stands.</p>
        </div>
        <div className="row wrap">
          <Button icon={<ListChecks size={16} aria-hidden="true" />} onClick={() => setEditingTypes(true)}>
            Requirement types
          </Button>
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setRequesting(true)}
          >
            Request a document
          </Button>
        </div>
      </div>
      <ListFilters
        placeholder="Company, person or document"
        onSearch={(text) => {
          setApplied(text);
          setPage(1);
        }}
      >
        <SelectField
          label="State"
          value={state}
          none="Any state"
          options={REQUIREMENT_STATES.map((value) => ({ value, label: REQUIREMENT_STATE_LABELS[value] }))}
          onChange={(value) => {
            setState(value as RequirementState | '');
            setPage(1);
          }}
        />
      </ListFilters>
      <section className="card list-card" aria-label="Requested documents" aria-busy={list.isFetching}>
        <ListState
          query={list}
          count={rows.length}
          empty={
            applied || state
              ? 'No requirement matches.'
              : 'No documents requested yet: request the first one.'
          }
        />
        {rows.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Company</th>
                  <th scope="col">Person</th>
                  <th scope="col">Reviewer</th>
                  <th scope="col">Due</th>
                  <th scope="col">Expires</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <RequirementRow
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
      {requesting && <RequestDialog onClose={() => setRequesting(false)} />}
      {editingTypes && <RequirementTypesDialog onClose={() => setEditingTypes(false)} />}
    </div>
  );
}

function RequirementRow({ row, onResend }: { row: TSupplierRequirementRow; onResend: () => void }) {
  return (
    <tr>
      <td>{row.typeName}</td>
      <td>
        <Link to={`/external-parties/companies/${row.supplierId}`}>{row.supplierName}</Link>
      </td>
      <td>{row.personnelName ?? <span className="text-secondary">The company</span>}</td>
      <td>{row.reviewerName ?? '—'}</td>
      <td>
        {displayDay(row.dueDate)} {toProvide(row.state) && <DueMarker type={row.taskDueDateType} />}
      </td>
      <td>{row.expiryDate ? displayDay(row.expiryDate) : '—'}</td>
      <td>
        <RequirementStateBadge state={row.state} />
      </td>
      <td className="row-actions">
        <Link className="btn btn-ghost btn-sm" to={requirementReviewPath(row)}>
          {row.state === 'awaitingReview' ? 'Review' : 'Open'}
        </Link>
        {row.state !== 'awaitingReview' && (
          <Button
            size="sm"
            variant="ghost"
            onClick={onResend}
            aria-label={`Send the request for ${row.typeName} again`}
          >
            Send again
          </Button>
        )}
      </td>
    </tr>
  );
}

/** Request a document: its type, the company (and the person, for a personnel type), the reviewer, the due date. */
function RequestDialog({ onClose }: { onClose: () => void }) {
  const options = useQuery({
    queryKey: [...assignmentKeys.all, 'options'],
    queryFn: () => callApi(supplierAssignmentOptionsCall, {}),
  });
  const types = useQuery({
    queryKey: [...requirementKeys.all, 'types'],
    queryFn: () => callApi(requirementTypeListCall, {}),
  });
  const [requirementTypeId, setType] = useState('');
  const [supplierId, setSupplier] = useState('');
  const [personnelId, setPersonnel] = useState('');
  const [reviewer, setReviewer] = useState<Picked | null>(null);
  const [dueDate, setDueDate] = useState(() => addDays(localDateOf(new Date(), browserTimeZone()), 14));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCall(supplierRequirementCreateCall, {
    invalidate: [requirementKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  const type = types.data?.find((row) => row._id === requirementTypeId);
  const supplier = options.data?.suppliers.find((row) => row._id === supplierId);
  const forPerson = type?.appliesTo === 'personnel';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!type) missing.requirementTypeId = say.typeUnknown;
    if (!supplierId) missing.supplierId = externalPartiesMessages.supplierUnknown;
    if (forPerson && !personnelId) missing.personnelId = say.typeForPersonnel;
    if (!reviewer) missing.reviewerEmployeeId = externalPartiesMessages.reviewerUnknown;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      {
        body: {
          requirementTypeId,
          supplierId,
          personnelId: forPerson ? personnelId : null,
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
      title="Request a document"
      description="The company, or the person, gets an e-mail with a link to send it."
      onClose={onClose}
    >
      <ListState query={options.data ? types : options} count={1} empty="" />
      {options.data && types.data && (
        <form className="stack" onSubmit={submit} noValidate>
          <SelectField
            label="Requirement type"
            value={requirementTypeId}
            none="Choose a document"
            options={types.data
              .filter((row) => row.isActive)
              .map((row) => ({
                value: row._id,
                label: `${row.name} (${row.appliesTo === 'company' ? 'company' : 'person'})`,
              }))}
            error={errors.requirementTypeId}
            onChange={setType}
          />
          {type?.description && <p className="text-secondary text-sm">{type.description}</p>}
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
          {forPerson && (
            <SelectField
              label="Person"
              value={personnelId}
              none="Choose one of its people"
              options={(supplier?.personnel ?? []).map((row) => ({ value: row._id, label: row.name }))}
              error={errors.personnelId}
              onChange={setPersonnel}
            />
          )}
          <ReviewerField reviewer={reviewer} error={errors.reviewerEmployeeId} onChange={setReviewer} />
          <InputField
            label="Due date"
            type="date"
            value={dueDate}
            error={errors.dueDate}
            onValueChange={setDueDate}
          />
          <div className="field">
            <label className="field-label" htmlFor="request-message">
              Message (optional)
            </label>
            <textarea
              id="request-message"
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
              Request
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** The requirement types: add, change, archive and restore. */
function RequirementTypesDialog({ onClose }: { onClose: () => void }) {
  const types = useQuery({
    queryKey: [...requirementKeys.all, 'types'],
    queryFn: () => callApi(requirementTypeListCall, {}),
  });
  const [editing, setEditing] = useState<TRequirementType | 'new' | null>(null);
  const setActive = useCall(requirementTypeSetActiveCall, { invalidate: [requirementKeys.all] });
  if (editing) return <TypeForm type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />;
  const rows = types.data ?? [];
  return (
    <Dialog
      title="Requirement types"
      description="The documents you ask suppliers for: insurance, licences, inductions."
      onClose={onClose}
      wide
    >
      <div className="stack">
        <ListState query={types} count={rows.length} empty="No requirement types yet: add the first one." />
        {rows.length > 0 && (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Asked of</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Requests</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      {row.name}
                      {!row.isActive && <span className="badge badge-neutral">Archived</span>}
                    </td>
                    <td>{APPLIES_TO_LABELS[row.appliesTo]}</td>
                    <td>{row.expires ? 'Yes' : 'No'}</td>
                    <td>{row.inUse}</td>
                    <td className="row-actions">
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEditing(row)}
                        aria-label={`Edit ${row.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setActive.mutate({ body: { _id: row._id, isActive: !row.isActive } })}
                        aria-label={`${row.isActive ? 'Archive' : 'Restore'} ${row.name}`}
                      >
                        {row.isActive ? 'Archive' : 'Restore'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>Close</Button>
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setEditing('new')}
          >
            Add a type
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function TypeForm({ type, onClose }: { type: TRequirementType | null; onClose: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const [appliesTo, setAppliesTo] = useState<'company' | 'personnel'>(type?.appliesTo ?? 'company');
  const [description, setDescription] = useState(type?.description ?? '');
  const [expires, setExpires] = useState(type?.expires ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCall(requirementTypeSaveCall, { invalidate: [requirementKeys.all], onSuccess: onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Enter a name.' });
    save.mutate(
      {
        body: {
          ...(type && { _id: type._id }),
          name: name.trim(),
          appliesTo,
          description: description.trim() || undefined,
          expires,
        },
      },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <Dialog title={type ? `Edit ${type.name}` : 'Add a requirement type'} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField label="Name" value={name} error={errors.name} onValueChange={setName} maxLength={120} />
        <SelectField
          label="Asked of"
          value={appliesTo}
          options={[
            { value: 'company', label: APPLIES_TO_LABELS.company },
            { value: 'personnel', label: APPLIES_TO_LABELS.personnel },
          ]}
          error={errors.appliesTo}
          onChange={(value) => setAppliesTo(value as 'company' | 'personnel')}
        />
        <div className="field">
          <label className="field-label" htmlFor="type-description">
            Description (optional)
          </label>
          <textarea
            id="type-description"
            className="input"
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={expires} onChange={(event) => setExpires(event.target.checked)} />
          The document has an expiry date
        </label>
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
