import {
  displayDay,
  HR_FORM_STATUS_LABELS,
  HR_FORM_STATUSES,
  hrFormListCall,
  type HrFormStatus,
  type THrFormRow,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { callApi } from '../../api/client';
import { Button } from '../../components/Button';
import { DueMarker } from '../../components/DueMarker';
import { ExportButton } from '../../components/ExportButton';
import { DueRangeFilters, ListFilters } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PersonField, usePersonFilters } from '../../components/PersonField';
import { RowButton } from '../../components/RowButton';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { HR_FORM_ASSIGNEES, HR_FORM_REVIEWERS, hrFormExportUrl, hrFormKeys, useHrFormOptions } from './api';
import { AssignHrFormDialog } from './AssignHrFormDialog';
import { HrFormDetailsDialog } from './HrFormDetailsDialog';
import { HrFormStatusBadge, returnedTimes } from './parts';

const STATUS_OPTIONS = HR_FORM_STATUSES.map((status) => ({
  value: status,
  label: HR_FORM_STATUS_LABELS[status],
}));

/**
 * HR Admin > HR Forms: every HR form assigned to the organisation's employees, where each stands,
 * latest due first; assign one, look at one (its history), withdraw one still to be filled in.
 */
export function HrFormsPage() {
  usePageTitle('HR Forms');
  const options = useHrFormOptions();
  const [assigning, setAssigning] = useState(false);
  const [shownId, setShownId] = useState<string | null>(null);
  const list = usePagedList({
    queryKey: hrFormKeys.list,
    filters: {
      status: '' as HrFormStatus | '',
      formTemplateId: '',
      employeeId: '',
      reviewerEmployeeId: '',
      dueFrom: '',
      dueTo: '',
    },
    fetch: (request) => callApi(hrFormListCall, { body: request }),
  });
  const personFilter = usePersonFilters<'employeeId' | 'reviewerEmployeeId'>(list);
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="HR Forms"
        intro="The HR forms your people were asked to fill in, who reviews each one and where it stands."
      >
        <div className="row wrap">
          <ExportButton label="Export CSV" url={hrFormExportUrl(list.exportQuery)} fileName="hr-forms.csv" />
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setAssigning(true)}
          >
            Assign HR form
          </Button>
        </div>
      </PageHeader>
      <ListFilters placeholder="Employee, reviewer or form" list={list}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value as HrFormStatus | '')}
        />
        <SelectField
          label="Form"
          value={list.filters.formTemplateId}
          none="Any form"
          options={optionsOf(options.data?.templates)}
          onChange={(value) => list.setFilter('formTemplateId', value)}
        />
        <PersonField label="Employee" optional {...HR_FORM_ASSIGNEES} {...personFilter('employeeId')} />
        <PersonField
          label="Reviewer"
          optional
          {...HR_FORM_REVIEWERS}
          {...personFilter('reviewerEmployeeId')}
        />
        <DueRangeFilters
          from={list.filters.dueFrom}
          to={list.filters.dueTo}
          onChange={(bound, value) => list.setFilter(bound, value)}
        />
      </ListFilters>
      <PagedTable
        label="Assigned HR forms"
        list={list}
        columns={['Form', 'Employee', 'Reviewer', 'Due', 'Status']}
        empty="No HR forms assigned yet: assign the first one."
        narrowedEmpty="No assigned HR form matches."
      >
        {list.rows.map((row) => (
          <RegisterRow key={row._id} row={row} onShow={() => setShownId(row._id)} />
        ))}
      </PagedTable>
      {assigning && <AssignHrFormDialog onClose={() => setAssigning(false)} />}
      {shownId && <HrFormDetailsDialog id={shownId} onClose={() => setShownId(null)} />}
    </div>
  );
}

function RegisterRow({ row, onShow }: { row: THrFormRow; onShow: () => void }) {
  const returned = returnedTimes(row.returnCount);
  return (
    <tr>
      <td>
        {row.formName}
        {row.formNumber && <div className="text-sm text-secondary">{row.formNumber}</div>}
      </td>
      <td>{row.employeeName}</td>
      <td>{row.reviewerName ?? '—'}</td>
      <td>
        {displayDay(row.dueDate)} {row.status === 'assigned' && <DueMarker type={row.taskDueDateType} />}
      </td>
      <td>
        <HrFormStatusBadge status={row.status} />
        {returned && <div className="text-sm text-secondary">{returned}</div>}
      </td>
      <td className="row-actions">
        <RowButton label={`Details of ${row.formName} for ${row.employeeName}`} onClick={onShow}>
          Details
        </RowButton>
      </td>
    </tr>
  );
}
