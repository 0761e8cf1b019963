import {
  externalPartiesMessages as say,
  SUPPLIER_ASSIGNMENT_STATUSES,
  supplierAssignmentCreateCall,
  supplierAssignmentListCall,
  supplierAssignmentResendCall,
  type SupplierAssignmentStatus,
  type TSupplierAssignmentRow,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { assignmentKeys } from './api';
import { PartyCells, SendAgainButton } from './parts';
import { PartyRegister } from './PartyRegister';
import { PartyRequestDialog, usePartyRequest } from './partyRequest';
import { STATUS_BADGES, STATUS_LABELS } from './assignmentStatus';

/** External Parties > Form Register: every supplier form assigned, with its status; assign one. */
export function FormRegisterPage() {
  usePageTitle('Form Register');
  const [assigning, setAssigning] = useState(false);
  const list = usePagedList({
    queryKey: assignmentKeys.all,
    filters: { status: '' as SupplierAssignmentStatus | '' },
    fetch: (request) => callApi(supplierAssignmentListCall, { body: request }),
  });
  const resend = useCall(supplierAssignmentResendCall, { invalidate: [assignmentKeys.all] });
  return (
    <PartyRegister
      title="Form Register"
      intro="The forms your suppliers and their people were asked to fill in, and where each one stands."
      actions={
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setAssigning(true)}
        >
          Assign a form
        </Button>
      }
      placeholder="Company or form"
      list={list}
      filter={{
        label: 'Status',
        none: 'Any status',
        value: list.filters.status,
        values: SUPPLIER_ASSIGNMENT_STATUSES,
        labels: STATUS_LABELS,
        onChange: (value) => list.setFilter('status', value),
      }}
      table={{
        label: 'Assigned forms',
        columns: ['Form', 'Company', 'Person', 'Reviewer', 'Due', 'Status'],
        empty: 'No forms assigned yet: assign the first one.',
        narrowedEmpty: 'No assigned form matches.',
      }}
      dialog={assigning && <AssignFormDialog onClose={() => setAssigning(false)} />}
    >
      {list.rows.map((row) => (
        <RegisterRow key={row._id} row={row} onResend={() => resend.mutate({ body: { _id: row._id } })} />
      ))}
    </PartyRegister>
  );
}

function RegisterRow({ row, onResend }: { row: TSupplierAssignmentRow; onResend: () => void }) {
  return (
    <tr>
      <td>
        {row.formName}
        {row.formNumber && <div className="text-sm text-secondary">{row.formNumber}</div>}
      </td>
      <PartyCells row={row} due={row.status === 'assigned'} />
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
          <SendAgainButton label={`Send the invitation for ${row.formName} again`} onClick={onResend} />
        )}
      </td>
    </tr>
  );
}

/** Assign a supplier form: the form, the company (and one of its people), the reviewer and the due date. */
function AssignFormDialog({ onClose }: { onClose: () => void }) {
  const request = usePartyRequest();
  const [formTemplateId, setTemplate] = useState('');
  const create = useCall(supplierAssignmentCreateCall, {
    invalidate: [assignmentKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  const submit = () => {
    if (!request.check({ formTemplateId: !formTemplateId && say.templateNotSupplier })) return;
    create.mutate(
      { body: { ...request.body(), formTemplateId, personnelId: request.personnelId || null } },
      { onError: request.onError },
    );
  };
  return (
    <PartyRequestDialog
      title="Assign a form"
      description="The company, or the person, gets an e-mail with a link to fill it in."
      request={request}
      person="The company (its supplier accounts)"
      submitLabel="Assign and invite"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Form"
        value={formTemplateId}
        none="Choose a supplier form"
        options={optionsOf(request.options.data?.templates)}
        error={request.errors.formTemplateId}
        onChange={setTemplate}
      />
    </PartyRequestDialog>
  );
}
