import {
  assetOptionName,
  assetPath,
  displayDay,
  frequencyLabel,
  MAINTENANCE_KIND_LABELS,
  MAINTENANCE_KINDS,
  maintenanceListCall,
  maintenanceRecordPath,
  type MaintenanceKind,
  type TaskDueType,
  type TMaintenanceRow,
} from '@compass/shared';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { DueMarker } from '../../components/DueMarker';
import { ExportButton } from '../../components/ExportButton';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';
import { assetMaintenanceKeys, maintenanceExportUrl } from './api';
import { assigneeText, MaintenanceStatusBadge } from './parts';

const WORK_FILTERS = {
  // '' is the server's default, the open work: it does not count as a filter.
  status: '' as 'done' | 'cancelled' | 'all' | '',
  due: '' as TaskDueType | '',
  kind: '' as MaintenanceKind | '',
  unassigned: '' as 'yes' | '',
};

const STATUS_OPTIONS = [
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'all', label: 'All' },
];

const DUE_OPTIONS: { value: TaskDueType; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: 'Due today' },
  { value: 'nodue', label: 'Upcoming' },
];

/**
 * The Maintenance Register's Work: open maintenance by due day (done and cancelled under Status),
 * searched and filtered in the address, paged, and exported as filtered.
 */
export function WorkList() {
  const list = usePagedList({
    queryKey: assetMaintenanceKeys.work,
    filters: WORK_FILTERS,
    fetch: (request) => callApi(maintenanceListCall, { body: request }),
    hiddenUnder: { status: 'all' },
    inAddress: true,
  });
  const { filters } = list;
  return (
    <div className="stack-lg">
      <div className="row wrap">
        {(['csv', 'xlsx'] as const).map((format) => (
          <ExportButton
            key={format}
            label={`Export ${format.toUpperCase()}`}
            url={maintenanceExportUrl(list.exportQuery, format)}
            fileName={`maintenance.${format}`}
          />
        ))}
      </div>
      <ListFilters
        searchLabel="Search maintenance"
        placeholder="Asset number or name, or what is done"
        list={list}
      >
        <SelectField
          label="Status"
          value={filters.status}
          none="Open"
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value as typeof filters.status)}
        />
        <SelectField
          label="Due"
          value={filters.due}
          none="Any day"
          options={DUE_OPTIONS}
          onChange={(value) => list.setFilter('due', value as TaskDueType | '')}
        />
        <SelectField
          label="Kind"
          value={filters.kind}
          none="Any kind"
          options={MAINTENANCE_KINDS.map((value) => ({ value, label: MAINTENANCE_KIND_LABELS[value] }))}
          onChange={(value) => list.setFilter('kind', value as MaintenanceKind | '')}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={filters.unassigned === 'yes'}
            onChange={(event) => list.setFilter('unassigned', event.target.checked ? 'yes' : '')}
          />
          Unassigned only
        </label>
      </ListFilters>
      <PagedTable
        label="Maintenance"
        list={list}
        columns={['Asset', 'Maintenance', 'Kind', 'Done by', 'Due', 'Status']}
        empty="No maintenance due"
        narrowedEmpty="No maintenance matches the filters"
        hiddenEmpty="No maintenance due. Done and cancelled maintenance is under Status."
      >
        {list.rows.map((row) => (
          <WorkRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function WorkRow({ row }: { row: TMaintenanceRow }) {
  const path = maintenanceRecordPath(row._id);
  return (
    <tr>
      <td>
        <Link to={assetPath(row.asset._id)}>{assetOptionName(row.asset)}</Link>
        {row.workplace && <div className="text-sm text-secondary">{row.workplace}</div>}
      </td>
      <td>
        <Link to={path}>{row.title}</Link>
        {row.frequency && <div className="text-sm text-secondary">{frequencyLabel(row.frequency)}</div>}
      </td>
      <td>{MAINTENANCE_KIND_LABELS[row.kind]}</td>
      <td>{assigneeText(row.assignee)}</td>
      <td>
        {displayDay(row.dueDate)} {row.status === 'open' && <DueMarker type={row.taskDueDateType} />}
      </td>
      <td>
        <MaintenanceStatusBadge status={row.status} />
        {row.completedOn && <div className="text-sm text-secondary">{displayDay(row.completedOn)}</div>}
      </td>
      <td className="row-actions">
        <Link className="btn btn-ghost btn-sm" to={path} aria-label={`Open ${row.title}`}>
          Open
        </Link>
      </td>
    </tr>
  );
}
