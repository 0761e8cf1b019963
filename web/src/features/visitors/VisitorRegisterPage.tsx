import {
  onSiteNowPath,
  VISIT_EXPORT_FORMATS,
  VISIT_KIND_LABELS,
  VISIT_KINDS,
  visitExportCall,
  visitListCall,
  visitPath,
  type TVisitRow,
} from '@compass/shared';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { Button } from '../../components/Button';
import { ExportButton } from '../../components/ExportButton';
import { DateFilter, ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { displayInstant } from '../../lib/display';
import { useVisitorSetupList, visitorKeys } from './api';
import { displayHours } from './parts';

const VISIT_FILTERS = {
  workplaceId: '',
  kind: '' as (typeof VISIT_KINDS)[number] | '',
  // '' is the server's default, every visit.
  status: '' as 'onSite' | 'signedOut' | '',
  from: '',
  to: '',
};

const KIND_OPTIONS = VISIT_KINDS.map((value) => ({ value, label: VISIT_KIND_LABELS[value] }));
const STATUS_OPTIONS = [
  { value: 'onSite', label: 'On site' },
  { value: 'signedOut', label: 'Signed out' },
];
const COLUMNS = ['Name', 'Company', 'Kind', 'Host', 'Workplace', 'Signed in', 'Signed out', 'Hours'];

/** /configure-vismate/visitor-register: every visit of the organisation's workplaces, searched, filtered and exported. */
export function VisitorRegisterPage() {
  usePageTitle('Visitor Register');
  const workplaces = useVisitorSetupList();
  const list = usePagedList({
    queryKey: visitorKeys.visits,
    filters: VISIT_FILTERS,
    fetch: (request) => callApi(visitListCall, { body: request }),
    inAddress: true,
  });
  const { filters } = list;
  const workplaceOptions = (workplaces.data?.rows ?? []).map((row) => ({
    value: row.workplaceId,
    label: row.workplace,
  }));
  // The filtered workplace's roll call, or the first workplace's (its page switches between them).
  const onSiteOf = filters.workplaceId || workplaceOptions[0]?.value;
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Visitor Register"
        intro="Visitors and contractors who signed in at the workplaces' kiosks, and when they left."
      >
        <div className="row wrap">
          {onSiteOf ? (
            <Link className="btn btn-secondary" to={onSiteNowPath(onSiteOf)}>
              <Users size={16} aria-hidden="true" /> On site now
            </Link>
          ) : (
            <Button icon={<Users size={16} aria-hidden="true" />} disabled>
              On site now
            </Button>
          )}
          {VISIT_EXPORT_FORMATS.map((format) => (
            <ExportButton
              key={format}
              label={`Export ${format.toUpperCase()}`}
              url={`${API_BASE}${callUrl(visitExportCall, { query: { ...list.exportQuery, format } })}`}
              fileName={`visitor-register.${format}`}
            />
          ))}
        </div>
      </PageHeader>
      <ListFilters placeholder="Search visitors" searchLabel="Search visitors" list={list}>
        <SelectField
          label="Workplace"
          value={filters.workplaceId}
          none="Any workplace"
          options={workplaceOptions}
          onChange={(value) => list.setFilter('workplaceId', value)}
        />
        <SelectField
          label="Kind"
          value={filters.kind}
          none="Any kind"
          options={KIND_OPTIONS}
          onChange={(value) => list.setFilter('kind', value as typeof filters.kind)}
        />
        <SelectField
          label="Status"
          value={filters.status}
          none="All"
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value as typeof filters.status)}
        />
        <DateFilter label="From" value={filters.from} onChange={(value) => list.setFilter('from', value)} />
        <DateFilter label="To" value={filters.to} onChange={(value) => list.setFilter('to', value)} />
      </ListFilters>
      <PagedTable
        label="Visits"
        list={list}
        columns={COLUMNS}
        actions={false}
        empty="No visits yet"
        narrowedEmpty="No visits match the filters"
      >
        {list.rows.map((row) => (
          <VisitRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function VisitRow({ row }: { row: TVisitRow }) {
  return (
    <tr>
      <td>
        <Link to={visitPath(row._id)}>{row.fullName}</Link>
      </td>
      <td>{row.visitorCompany || '—'}</td>
      <td>{VISIT_KIND_LABELS[row.kind]}</td>
      <td>{row.host ?? '—'}</td>
      <td>
        {row.Workplaces}
        {row.Branchs && <div className="text-sm text-secondary">{row.Branchs}</div>}
      </td>
      <td>{displayInstant(row.SigninTime)}</td>
      <td>
        {row.SignoutTime ? (
          displayInstant(row.SignoutTime)
        ) : (
          <span className="badge badge-success">On site</span>
        )}
      </td>
      <td>{displayHours(row.hours)}</td>
    </tr>
  );
}
