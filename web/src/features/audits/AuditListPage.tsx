import {
  AUDIT_SORTS,
  AUDIT_STATUS_LABELS,
  AUDIT_STATUSES,
  auditRegisterExportCall,
  auditRegisterListCall,
  displayDay,
  frequencyLabel,
  myAuditExportCall,
  myAuditListCall,
  type AuditStatus,
  type TAuditRow,
} from '@compass/shared';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { DueMarker } from '../../components/DueMarker';
import { DueRangeFilters, ListFilters, SortSelect, useSortOrder } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { RegisterListHeader } from '../registerParts';
import { auditKeys, auditPaths, useAuditOptions } from './api';
import { AuditStatusBadge } from './parts';

type Sort = (typeof AUDIT_SORTS)[number];
const SORT_LABELS: Record<Sort, string> = {
  dueDate: 'Due date',
  name: 'Name',
  status: 'Status',
  createdAt: 'Date added',
};

const FILTERS = {
  status: '' as AuditStatus | '',
  templateId: '',
  workplaceId: '',
  dueFrom: '',
  dueTo: '',
};

/** Audit Inspection › Audit Register: every audit of the organisation (auditManageAudit). */
export function AuditRegisterPage() {
  return <AuditList scope="register" />;
}

/** Audit Inspection › My Audit: the audits the caller conducts (auditMyAudit). */
export function MyAuditPage() {
  return <AuditList scope="mine" />;
}

function AuditList({ scope }: { scope: 'register' | 'mine' }) {
  const register = scope === 'register';
  const title = register ? 'Audit Register' : 'My Audit';
  usePageTitle(title);
  const order = useSortOrder<Sort>('dueDate');
  const { sort, sortDirection } = order;
  const options = useAuditOptions();
  const list = usePagedList({
    queryKey: [...auditKeys.all, scope, sort, sortDirection],
    filters: FILTERS,
    fetch: (request) =>
      callApi(register ? auditRegisterListCall : myAuditListCall, {
        body: { ...request, sort, sortDirection },
      }),
  });
  return (
    <div className="admin-page stack-lg">
      <RegisterListHeader
        title={title}
        intro={
          register
            ? 'Every audit of the organisation: who conducts it, where, by when, and how it scored.'
            : 'The audits you conduct: open one to answer its questions, raise findings and close it.'
        }
        exportUrl={`${API_BASE}${callUrl(register ? auditRegisterExportCall : myAuditExportCall, {
          query: { sort, sortDirection, ...list.exportQuery },
        })}`}
        exportName={register ? 'audit-register.csv' : 'my-audits.csv'}
        newPath={register ? auditPaths.add : undefined}
        newLabel="Add audit"
      />
      <ListFilters placeholder="Audit name" onSearch={list.search} active={list.activeFilters}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={AUDIT_STATUSES.map((value) => ({ value, label: AUDIT_STATUS_LABELS[value] }))}
          onChange={(value) => list.setFilter('status', value as AuditStatus | '')}
        />
        <SelectField
          label="Template"
          value={list.filters.templateId}
          none="Any template"
          options={optionsOf(options.data?.templates)}
          onChange={(value) => list.setFilter('templateId', value)}
        />
        <SelectField
          label="Workplace"
          value={list.filters.workplaceId}
          none="Any workplace"
          options={optionsOf(options.data?.workplaces)}
          onChange={(value) => list.setFilter('workplaceId', value)}
        />
        <DueRangeFilters from={list.filters.dueFrom} to={list.filters.dueTo} onChange={list.setFilter} />
        <SortSelect sorts={AUDIT_SORTS} labels={SORT_LABELS} {...order} />
      </ListFilters>
      <PagedTable
        label={title}
        list={list}
        columns={['Audit', 'Auditor', 'Workplace', 'Due', 'Status', 'Score']}
        empty={register ? 'No audit yet: add the first one.' : 'You have no audit to conduct.'}
        narrowedEmpty="No audit matches."
      >
        {list.rows.map((row) => (
          <AuditRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function AuditRow({ row }: { row: TAuditRow }) {
  // An open audit opens where it is conducted; a closed one on its details.
  const to = row.status === 'closed' ? auditPaths.details(row._id) : auditPaths.conduct(row._id);
  return (
    <tr>
      <td>
        <Link to={to}>{row.name}</Link>
        {row.frequency && (
          <div className="text-sm text-secondary">Repeats: {frequencyLabel(row.frequency)}</div>
        )}
      </td>
      <td>{row.auditor ?? '—'}</td>
      <td>{[row.workplace, row.branch].filter(Boolean).join(' · ') || '—'}</td>
      <td>
        {displayDay(row.dueDate)} <DueMarker type={row.taskDueDateType} />
      </td>
      <td>
        <AuditStatusBadge status={row.status} />
        {row.openTasks > 0 && (
          <div className="text-sm text-secondary">
            {row.openTasks} open {row.openTasks === 1 ? 'finding' : 'findings'}
          </div>
        )}
      </td>
      <td>{row.score === null ? '—' : `${row.score}%`}</td>
      <td className="row-actions">
        <Link
          className="btn btn-ghost btn-sm"
          to={auditPaths.details(row._id)}
          aria-label={`Details of ${row.name}`}
        >
          Details
        </Link>
      </td>
    </tr>
  );
}
