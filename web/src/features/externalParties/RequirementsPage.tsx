import {
  REQUIREMENT_STATE_LABELS,
  REQUIREMENT_STATES,
  requirementMessages as say,
  requirementReviewPath,
  supplierRequirementCreateCall,
  supplierRequirementListCall,
  supplierRequirementResendCall,
  displayDay,
  type RequirementState,
  type TSupplierRequirementRow,
} from '@compass/shared';
import { ListChecks, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { requirementKeys, useRequirementTypes } from './api';
import { PartyCells, RequirementStateBadge, SendAgainButton, toProvide } from './parts';
import { PartyRegister } from './PartyRegister';
import { PartyRequestDialog, usePartyRequest } from './partyRequest';
import { RequirementTypesDialog } from './RequirementTypesDialog';

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
    <PartyRegister
      title="Requirements"
      intro="The documents your suppliers and their people must provide, and where each one stands."
      actions={
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
      }
      placeholder="Company, person or document"
      list={list}
      filter={{
        label: 'State',
        none: 'Any state',
        value: list.filters.state,
        values: REQUIREMENT_STATES,
        labels: REQUIREMENT_STATE_LABELS,
        onChange: (value) => list.setFilter('state', value),
      }}
      table={{
        label: 'Requested documents',
        columns: ['Document', 'Company', 'Person', 'Reviewer', 'Due', 'Expires', 'State'],
        empty: 'No documents requested yet: request the first one.',
        narrowedEmpty: 'No requirement matches.',
      }}
      dialog={
        <>
          {requesting && <RequestDialog onClose={() => setRequesting(false)} />}
          {editingTypes && <RequirementTypesDialog onClose={() => setEditingTypes(false)} />}
        </>
      }
    >
      {list.rows.map((row) => (
        <RequirementRow key={row._id} row={row} onResend={() => resend.mutate({ body: { _id: row._id } })} />
      ))}
    </PartyRegister>
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
          <SendAgainButton label={`Send the request for ${row.typeName} again`} onClick={onResend} />
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
      {type?.trainingCourseName && (
        <p className="text-secondary text-sm">
          {`Met by passing the online course ${type.trainingCourseName}: the person is given the course to take, not a document to send.`}
        </p>
      )}
    </PartyRequestDialog>
  );
}
