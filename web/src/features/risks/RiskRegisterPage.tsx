import {
  displayDay,
  frequencyLabel,
  RATING_COLOURS,
  rateRisk,
  RISK_SORT_LABELS,
  RISK_SORTS,
  riskExportCall,
  riskListCall,
  riskMatrixCall,
  riskEditPath,
  riskPath,
  type RiskColour,
  type RiskSort,
  type TRiskRow,
} from '@compass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { DueMarker } from '../../components/DueMarker';
import { ListFilters } from '../../components/ListFilters';
import { ListState } from '../../components/ListParts';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { RatingBadge, RatingLegend, RiskMatrix } from '../../components/RiskRating';
import { Tabs } from '../../components/Tabs';
import { usePageTitle } from '../../shell/pageTitle';
import {
  chosenFilters,
  DefaultSortSelect,
  REGISTER_LIST_FILTERS,
  RegisterFilters,
  RegisterListHeader,
} from '../registerParts';
import { RISK_REGISTER, riskKeys } from './api';

const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'matrix', label: 'Matrix' },
] as const;

/** /risk/register: the organisation's risks, searched, filtered and sorted; as a list or a matrix. */
export function RiskRegisterPage() {
  usePageTitle('Risk Register');
  const [view, setView] = useState<(typeof VIEWS)[number]['value']>('list');
  const list = usePagedList({
    queryKey: riskKeys.all,
    filters: {
      ...REGISTER_LIST_FILTERS,
      // '' is the server's default order (nextReview), so sorting does not count as a filter.
      sort: '' as RiskSort | '',
    },
    fetch: (request) => callApi(riskListCall, { body: request }),
  });
  const { filters } = list;
  const query = chosenFilters(filters);
  return (
    <div className="admin-page stack-lg">
      <RegisterListHeader
        title="Risk Register"
        intro="Hazards, what they could lead to, the controls in place and how each risk rates before and after them."
        exportUrl={`${API_BASE}${callUrl(riskExportCall, { query })}`}
        exportName="risk-register.csv"
        newPath="/risk/register/new"
        newLabel="New risk"
      />
      <ListFilters placeholder="Risk or hazard" onSearch={list.search} active={list.activeFilters}>
        <RegisterFilters
          list={list}
          register={RISK_REGISTER}
          workplaceLabel="Workplace"
          ratingLabel="Rating after controls"
        />
        <DefaultSortSelect
          value={filters.sort}
          sorts={RISK_SORTS}
          labels={RISK_SORT_LABELS}
          byDefault="nextReview"
          onChange={(value) => list.setFilter('sort', value)}
        />
      </ListFilters>
      <Tabs label="View" options={VIEWS} current={view} onChange={setView} />
      {view === 'list' ? (
        <PagedTable
          label="Risks"
          list={list}
          columns={[
            'Risk',
            'Workplace',
            'Owner',
            'Before controls',
            'After controls',
            'Next review',
            'Actions',
          ]}
          empty="No risks yet: add the first one."
          narrowedEmpty="No risk matches."
        >
          {list.rows.map((row) => (
            <RiskRow key={row._id} row={row} />
          ))}
        </PagedTable>
      ) : (
        <MatrixView
          filters={query}
          onColour={(colour) => {
            list.setFilter('colour', colour);
            setView('list');
          }}
        />
      )}
    </div>
  );
}

function RiskRow({ row }: { row: TRiskRow }) {
  return (
    <tr>
      <td>
        <Link to={riskPath(row._id)}>{row.name}</Link>
        {!row.isActive && <span className="badge badge-neutral">Retired</span>}
        <div className="text-sm text-secondary">{row.hazard}</div>
      </td>
      <td>{row.workplaceName ?? '—'}</td>
      <td>{row.ownerName ?? '—'}</td>
      <td>
        <RatingBadge rating={row.inherent} />
      </td>
      <td>
        <RatingBadge rating={row.residual} />
      </td>
      <td>
        {row.nextReviewDate ? (
          <>
            {displayDay(row.nextReviewDate)} <DueMarker type={row.reviewDueType} />
            {row.reviewFrequency && (
              <div className="text-sm text-secondary">{frequencyLabel(row.reviewFrequency)}</div>
            )}
          </>
        ) : (
          '—'
        )}
      </td>
      <td>{row.openActions > 0 ? `${row.openActions} open` : '—'}</td>
      <td className="row-actions">
        <Link className="btn btn-ghost btn-sm" to={riskEditPath(row._id)} aria-label={`Edit ${row.name}`}>
          Edit
        </Link>
      </td>
    </tr>
  );
}

/** The filtered register counted on the 5×5 matrix, after controls; a cell filters the list by its colour. */
function MatrixView({
  filters,
  onColour,
}: {
  filters: Record<string, string>;
  onColour: (colour: RiskColour) => void;
}) {
  const matrix = useQuery({
    queryKey: [...riskKeys.all, 'matrix', filters],
    queryFn: () => callApi(riskMatrixCall, { body: filters }),
    placeholderData: keepPreviousData,
  });
  const counts = new Map(
    (matrix.data?.cells ?? []).map((cell) => [`${cell.likelihood}:${cell.consequence}`, cell.count]),
  );
  return (
    <section className="card" aria-label="Risk matrix" aria-busy={matrix.isFetching}>
      {!matrix.data ? (
        <ListState query={matrix} count={0} empty="" />
      ) : (
        <div className="card-body stack">
          <RiskMatrix
            caption="Risks by likelihood and consequence after controls"
            counts={counts}
            onCell={(cell) => onColour(rateRisk(cell).colour)}
          />
          <RatingLegend />
          <p className="text-sm text-secondary">
            {RATING_COLOURS.map((colour) => `${matrix.data.byColour[colour] ?? 0} ${colour}`).join(' · ')}
            {matrix.data.unrated > 0 && ` · ${matrix.data.unrated} not rated`}
          </p>
        </div>
      )}
    </section>
  );
}
