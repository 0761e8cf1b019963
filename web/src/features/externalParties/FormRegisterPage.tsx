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
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { assignmentKeys, PartyCells, PartyRequestDialog, usePartyRequest } from './parts';
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
      <ListFilters placeholder="Company or form" onSearch={list.search} active={list.activeFilters}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={SUPPLIER_ASSIGNMENT_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          onChange={(value) => list.setFilter('status', value as SupplierAssignmentStatus | '')}
        />
      </ListFilters>
      <PagedTable
        label="Assigned forms"
        list={list}
        columns={['Form', 'Company', 'Person', 'Reviewer', 'Due', 'Status']}
        empty="No forms assigned yet: assign the first one."
        narrowedEmpty="No assigned form matches."
      >
        {list.rows.map((row) => (
          <RegisterRow key={row._id} row={row} onResend={() => resend.mutate({ body: { _id: row._id } })} />
        ))}
      </PagedTable>
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
