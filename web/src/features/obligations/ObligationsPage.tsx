import {
  displayDay,
  frequencyLabel,
  OBLIGATION_COMPLIANCE,
  OBLIGATION_COMPLIANCE_LABELS,
  OBLIGATION_SORTS,
  OBLIGATION_TYPE_LABELS,
  OBLIGATION_TYPES,
  obligationExportCall,
  obligationListCall,
  type ObligationCompliance,
  type ObligationSort,
  type ObligationType,
  type TObligationRow,
} from '@compass/shared';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { DueMarker } from '../../components/DueMarker';
import { ListFilters, SortSelect, useSortOrder } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { RegisterListHeader } from '../registerParts';
import { obligationKeys, useObligationOptions } from './api';
import { ComplianceBadge } from './parts';

const SORT_LABELS: Record<ObligationSort, string> = {
  nextReviewDate: 'Next review',
  name: 'Name',
  type: 'Type',
  createdAt: 'Date added',
};

const FILTERS = {
  type: '' as ObligationType | '',
  compliance: '' as ObligationCompliance | '',
  workplaceId: '',
};

/** Obligations > the register: every legal and other obligation, searched, filtered and sorted. */
export function ObligationsPage() {
  usePageTitle('Obligations');
  const order = useSortOrder<ObligationSort>('nextReviewDate');
  const { sort, sortDirection } = order;
  const options = useObligationOptions();
  const list = usePagedList({
    queryKey: [...obligationKeys.all, 'list', sort, sortDirection],
    filters: FILTERS,
    fetch: (request) => callApi(obligationListCall, { body: { ...request, sort, sortDirection } }),
  });
  return (
    <div className="admin-page stack-lg">
      <RegisterListHeader
        title="Obligations"
        intro="The laws, permits, standards and contracts the organisation must comply with, and where each stands."
        exportUrl={`${API_BASE}${callUrl(obligationExportCall, { query: { sort, sortDirection, ...list.exportQuery } })}`}
        exportName="obligations.csv"
        newPath="/obligation/new"
        newLabel="Add obligation"
      />
      <ListFilters
        placeholder="Name, reference or authority"
        onSearch={list.search}
        active={list.activeFilters}
      >
        <SelectField
          label="Type"
          value={list.filters.type}
          none="Any type"
          options={OBLIGATION_TYPES.map((value) => ({ value, label: OBLIGATION_TYPE_LABELS[value] }))}
          onChange={(value) => list.setFilter('type', value as ObligationType | '')}
        />
        <SelectField
          label="Compliance"
          value={list.filters.compliance}
          none="Any status"
          options={OBLIGATION_COMPLIANCE.map((value) => ({
            value,
            label: OBLIGATION_COMPLIANCE_LABELS[value],
          }))}
          onChange={(value) => list.setFilter('compliance', value as ObligationCompliance | '')}
        />
        <SelectField
          label="Workplace"
          value={list.filters.workplaceId}
          none="Any workplace"
          options={optionsOf(options.data?.workplaces)}
          onChange={(value) => list.setFilter('workplaceId', value)}
        />
        <SortSelect sorts={OBLIGATION_SORTS} labels={SORT_LABELS} {...order} />
      </ListFilters>
      <PagedTable
        label="Obligations"
        list={list}
        columns={['Obligation', 'Type', 'Owner', 'Applies to', 'Next review', 'Compliance']}
        empty="The register is empty: add the first obligation."
        narrowedEmpty="No obligation matches."
      >
        {list.rows.map((row) => (
          <ObligationRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function ObligationRow({ row }: { row: TObligationRow }) {
  return (
    <tr>
      <td>
        <Link to={`/obligation/edit/${row._id}`}>{row.name}</Link>
        {(row.reference || row.authority) && (
          <div className="text-sm text-secondary">
            {[row.reference, row.authority].filter(Boolean).join(' · ')}
          </div>
        )}
      </td>
      <td>{OBLIGATION_TYPE_LABELS[row.type]}</td>
      <td>{row.owner ?? '—'}</td>
      <td>{row.workplaceNames.length ? row.workplaceNames.join(', ') : 'All workplaces'}</td>
      <td>
        {row.nextReviewDate ? (
          <>
            {displayDay(row.nextReviewDate)} <DueMarker type={row.taskDueDateType} />
            <div className="text-sm text-secondary">
              {[row.reviewFrequency && frequencyLabel(row.reviewFrequency), row.reviewer]
                .filter(Boolean)
                .join(' · ')}
            </div>
          </>
        ) : (
          'Not scheduled'
        )}
      </td>
      <td>
        <ComplianceBadge compliance={row.compliance} />
        {row.questions > 0 && (
          <div className="text-sm text-secondary">
            {row.questions - row.openQuestions} of {row.questions} answered
          </div>
        )}
      </td>
      <td className="row-actions">
        <Link
          className="btn btn-ghost btn-sm"
          to={`/obligation/edit/${row._id}`}
          aria-label={`Open ${row.name}`}
        >
          Open
        </Link>
      </td>
    </tr>
  );
}
