import {
  REQUIREMENT_STATE_LABELS,
  REQUIREMENT_STATES,
  requirementMessages as say,
  requirementReviewPath,
  requirementTypeListCall,
  requirementTypeSaveCall,
  requirementTypeSetActiveCall,
  supplierRequirementCreateCall,
  supplierRequirementListCall,
  supplierRequirementResendCall,
  displayDay,
  type RequirementState,
  type TRequirementType,
  type TSupplierRequirementRow,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { ListChecks, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { ListFilters } from '../../components/ListFilters';
import { ListState } from '../../components/ListParts';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import {
  PartyCells,
  PartyRequestDialog,
  requirementKeys,
  RequirementStateBadge,
  toProvide,
  usePartyRequest,
} from './parts';

const APPLIES_TO_LABELS = { company: 'The company', personnel: 'A person' } as const;

/** The requirement types, archived ones last (the request dialog offers the active ones). */
function useRequirementTypes() {
  return useQuery({
    queryKey: [...requirementKeys.all, 'types'],
    queryFn: () => callApi(requirementTypeListCall, {}),
  });
}

/**
 * External Parties > Requirements: every document requested of a supplier or one of its people,
 * where it stands (to provide, awaiting review, valid, expiring, expired); request one; the types.
 */
export function RequirementsPage() {
  usePageTitle('Requirements');
  const [requesting, setRequesting] = useState(false);
  const [editingTypes, setEditingTypes] = useState(false);
  const list = usePagedList({
    queryKey: requirementKeys.all,
    filters: { state: '' as RequirementState | '' },
    fetch: (request) => callApi(supplierRequirementListCall, { body: request }),
  });
  const resend = useCall(supplierRequirementResendCall, { invalidate: [requirementKeys.all] });
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
        onSearch={list.search}
        active={list.activeFilters}
      >
        <SelectField
          label="State"
          value={list.filters.state}
          none="Any state"
          options={REQUIREMENT_STATES.map((value) => ({ value, label: REQUIREMENT_STATE_LABELS[value] }))}
          onChange={(value) => list.setFilter('state', value as RequirementState | '')}
        />
      </ListFilters>
      <PagedTable
        label="Requested documents"
        list={list}
        columns={['Document', 'Company', 'Person', 'Reviewer', 'Due', 'Expires', 'State']}
        empty="No documents requested yet: request the first one."
        narrowedEmpty="No requirement matches."
      >
        {list.rows.map((row) => (
          <RequirementRow
            key={row._id}
            row={row}
            onResend={() => resend.mutate({ body: { _id: row._id } })}
          />
        ))}
      </PagedTable>
      {requesting && <RequestDialog onClose={() => setRequesting(false)} />}
      {editingTypes && <RequirementTypesDialog onClose={() => setEditingTypes(false)} />}
    </div>
  );
}

function RequirementRow({ row, onResend }: { row: TSupplierRequirementRow; onResend: () => void }) {
  return (
    <tr>
      <td>{row.typeName}</td>
      <PartyCells row={row} due={toProvide(row.state)} />
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
  const request = usePartyRequest();
  const types = useRequirementTypes();
  const [requirementTypeId, setType] = useState('');
  const create = useCall(supplierRequirementCreateCall, {
    invalidate: [requirementKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  const type = types.data?.find((row) => row._id === requirementTypeId);
  const forPerson = type?.appliesTo === 'personnel';
  const submit = () => {
    const checked = request.check({
      requirementTypeId: !type && say.typeUnknown,
      personnelId: forPerson && !request.personnelId && say.typeForPersonnel,
    });
    if (!checked) return;
    create.mutate(
      {
        body: {
          ...request.body(),
          requirementTypeId,
          personnelId: forPerson ? request.personnelId : null,
        },
      },
      { onError: request.onError },
    );
  };
  return (
    <PartyRequestDialog
      title="Request a document"
      description="The company, or the person, gets an e-mail with a link to send it."
      request={request}
      loading={[types]}
      person={forPerson ? 'Choose one of its people' : null}
      submitLabel="Request"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Requirement type"
        value={requirementTypeId}
        none="Choose a document"
        options={(types.data ?? [])
          .filter((row) => row.isActive)
          .map((row) => ({
            value: row._id,
            label: `${row.name} (${row.appliesTo === 'company' ? 'company' : 'person'})`,
          }))}
        error={request.errors.requirementTypeId}
        onChange={setType}
      />
      {type?.description && <p className="text-secondary text-sm">{type.description}</p>}
    </PartyRequestDialog>
  );
}

/** The requirement types: add, change, archive and restore. */
function RequirementTypesDialog({ onClose }: { onClose: () => void }) {
  const types = useRequirementTypes();
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
          <DataTable columns={['Name', 'Asked of', 'Expires', 'Requests']} actions>
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
          </DataTable>
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
        <TextAreaField
          label="Description (optional)"
          rows={3}
          maxLength={2000}
          value={description}
          onValueChange={setDescription}
        />
        <label className="checkbox">
          <input type="checkbox" checked={expires} onChange={(event) => setExpires(event.target.checked)} />
          The document has an expiry date
        </label>
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
