import {
  displayDay,
  HAZARD_CLASSES,
  HAZARDOUS_SORT_LABELS,
  HAZARDOUS_SORTS,
  hazardousExportCall,
  hazardousListCall,
  hazardousEditPath,
  hazardousPath,
  SDS_STATUS_LABELS,
  type HazardousSort,
  type THazardousRow,
} from '@compass/shared';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { DueMarker } from '../../components/DueMarker';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { RatingBadge } from '../../components/RiskRating';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import {
  chosenFilters,
  DefaultSortSelect,
  REGISTER_LIST_FILTERS,
  RegisterFilters,
  RegisterListHeader,
} from '../registerParts';
import { HAZARDOUS_REGISTER, hazardousKeys } from './api';
import { HAZARD_CLASS_LABELS, SDS_BADGES } from './labels';

/** /hazardous/register: the substances held, their safety data sheets and ratings. */
export function HazardousRegisterPage() {
  usePageTitle('Hazardous Substances');
  const list = usePagedList({
    queryKey: hazardousKeys.all,
    filters: {
      ...REGISTER_LIST_FILTERS,
      hazardClass: '',
      sdsDue: '' as 'yes' | '',
      // '' is the server's default order (name), so sorting does not count as a filter.
      sort: '' as HazardousSort | '',
    },
    fetch: (request) => callApi(hazardousListCall, { body: request }),
  });
  const { filters } = list;
  const query = chosenFilters(filters);
  return (
    <div className="admin-page stack-lg">
      <RegisterListHeader
        title="Hazardous Substances"
        intro="The chemicals held at each workplace, their GHS hazard classes, safety data sheets and risk ratings."
        exportUrl={`${API_BASE}${callUrl(hazardousExportCall, { query })}`}
        exportName="hazardous-substances.csv"
        newPath="/hazardous/register/new"
        newLabel="New substance"
      />
      <ListFilters placeholder="Product or supplier" onSearch={list.search} active={list.activeFilters}>
        <RegisterFilters
          list={list}
          register={HAZARDOUS_REGISTER}
          workplaceLabel="Location"
          ratingLabel="Rating"
        />
        <SelectField
          label="Hazard class"
          value={filters.hazardClass}
          none="Any class"
          options={HAZARD_CLASSES.map((entry) => ({ value: entry.key, label: entry.label }))}
          onChange={(value) => list.setFilter('hazardClass', value)}
        />
        <SelectField
          label="Safety data sheet"
          value={filters.sdsDue}
          none="Any"
          options={[{ value: 'yes', label: 'Missing or due' }]}
          onChange={(value) => list.setFilter('sdsDue', value as 'yes' | '')}
        />
        <DefaultSortSelect
          value={filters.sort}
          sorts={HAZARDOUS_SORTS}
          labels={HAZARDOUS_SORT_LABELS}
          byDefault="name"
          onChange={(value) => list.setFilter('sort', value)}
        />
      </ListFilters>
      <PagedTable
        label="Hazardous substances"
        list={list}
        columns={['Product', 'Location', 'Quantity', 'Hazard classes', 'Rating', 'SDS', 'Next review']}
        empty="No substances registered yet: add the first one."
        narrowedEmpty="No substance matches."
      >
        {list.rows.map((row) => (
          <SubstanceRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function SubstanceRow({ row }: { row: THazardousRow }) {
  return (
    <tr>
      <td>
        <Link to={hazardousPath(row._id)}>{row.name}</Link>
        {!row.isActive && <span className="badge badge-neutral">Retired</span>}
        {row.supplierName && <div className="text-sm text-secondary">{row.supplierName}</div>}
      </td>
      <td>
        {row.workplaceName ?? '—'}
        {row.storageLocation && <div className="text-sm text-secondary">{row.storageLocation}</div>}
      </td>
      <td>{row.quantity === null ? '—' : `${row.quantity} ${row.quantityUnit ?? ''}`}</td>
      <td className="text-sm">
        {row.hazardClasses.map((key) => HAZARD_CLASS_LABELS.get(key) ?? key).join(', ') || '—'}
      </td>
      <td>
        <RatingBadge rating={row.rating} />
      </td>
      <td>
        <span className={`badge ${SDS_BADGES[row.sdsStatus]}`}>{SDS_STATUS_LABELS[row.sdsStatus]}</span>
        {row.sdsIssueDate && (
          <div className="text-sm text-secondary">Issued {displayDay(row.sdsIssueDate)}</div>
        )}
      </td>
      <td>
        {row.nextReviewDate ? (
          <>
            {displayDay(row.nextReviewDate)} <DueMarker type={row.reviewDueType} />
          </>
        ) : (
          '—'
        )}
      </td>
      <td className="row-actions">
        <Link
          className="btn btn-ghost btn-sm"
          to={hazardousEditPath(row._id)}
          aria-label={`Edit ${row.name}`}
        >
          Edit
        </Link>
      </td>
    </tr>
  );
}
