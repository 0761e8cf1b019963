import {
  COMPETENCY_KIND_LABELS,
  COMPETENCY_STANDING_LABELS,
  competencyMatrixCall,
  competencyMatrixExportCall,
  employeeCompetencyPath,
  type TCompetencyMatrix,
  type TCompetencyMatrixCell,
  type TCompetencyRef,
} from '@compass/shared';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { API_BASE, callApi, callUrl } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { pairedRows, PeopleMatrixTable, type PairedRow } from '../../components/PeopleMatrix';
import { ListFilters } from '../../components/ListFilters';
import { ListState, Pagination } from '../../components/ListParts';
import { usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { competencyKeys, useCompetencyOptions } from './api';
import { CompetencyTabs, StandingChip, StandingLegend } from './parts';

type MatrixStanding = 'held' | 'expiring' | 'expired' | 'missing';
const STANDING_FILTERS = (['held', 'expiring', 'expired', 'missing'] as const).map((standing) => ({
  value: standing,
  label: COMPETENCY_STANDING_LABELS[standing],
}));

type MatrixRow = PairedRow<TCompetencyMatrix['rows'][number], TCompetencyMatrixCell, TCompetencyRef>;

/**
 * HR Admin > Competencies > Matrix: people × competencies, each cell the person's standing and the
 * expiry of their latest record. HR sees everyone, a manager their direct reports.
 */
export function CompetencyMatrixPage() {
  usePageTitle('Competency Matrix');
  const options = useCompetencyOptions();
  const list = usePagedList({
    queryKey: competencyKeys.matrix,
    filters: {
      workplaceId: '',
      positionId: '',
      competencyId: '',
      standing: '' as MatrixStanding | '',
    },
    fetch: async (request) =>
      pairedRows<TCompetencyMatrix['rows'][number], TCompetencyMatrixCell, TCompetencyRef>(
        await callApi(competencyMatrixCall, { body: request }),
      ),
  });
  const refused = list.query.error instanceof ApiError && list.query.error.status === 403;
  if (refused)
    return (
      <StatePanel
        icon={Lock}
        tone="warning"
        title="The matrix is for HR and managers"
        message="It shows the competencies of the people you look after: ask HR to see someone’s competencies."
        actions={<HomeLink />}
      />
    );
  const columns = list.rows[0]?.cells.map((cell) => cell.column) ?? [];
  return (
    <div className="admin-page stack-lg competency-page">
      <PageHeader
        title="Competency Matrix"
        intro="Who holds what their position requires: each cell is the standing of the latest record and its expiry."
      >
        <ExportButton
          label="Export CSV"
          url={`${API_BASE}${callUrl(competencyMatrixExportCall, { query: list.exportQuery })}`}
          fileName="competency-matrix.csv"
        />
      </PageHeader>
      <CompetencyTabs />
      <ListFilters placeholder="Employee name" onSearch={list.search} active={list.activeFilters}>
        {(
          [
            ['workplaceId', 'Workplace', 'Any workplace', options.data?.workplaces],
            ['positionId', 'Position', 'Any position', options.data?.positions],
            ['competencyId', 'Competency', 'Every competency', options.data?.competencies],
          ] as const
        ).map(([name, label, none, choices]) => (
          <SelectField
            key={name}
            label={label}
            value={list.filters[name]}
            none={none}
            options={optionsOf(choices)}
            onChange={(value) => list.setFilter(name, value)}
          />
        ))}
        <SelectField
          label="Standing"
          value={list.filters.standing}
          none="Any standing"
          options={STANDING_FILTERS}
          onChange={(value) => list.setFilter('standing', value as MatrixStanding | '')}
        />
      </ListFilters>
      <section className="card list-card" aria-label="Competency matrix" aria-busy={list.query.isFetching}>
        <div className="card-body">
          <StandingLegend />
        </div>
        <ListState
          query={list.query}
          count={list.rows.length}
          empty={
            list.emptyReason === 'narrowed'
              ? 'No employee matches.'
              : 'No employees to show yet: the matrix lists the people whose competencies you look after.'
          }
        />
        {list.rows.length > 0 && <MatrixTable columns={columns} rows={list.rows} />}
        {list.pagination && <Pagination {...list.pagination} />}
      </section>
    </div>
  );
}

/** The matrix: the employee's name leads to their page by keyboard; a cell leads there too, for the pointer. */
function MatrixTable({ columns, rows }: { columns: TCompetencyRef[]; rows: MatrixRow[] }) {
  return (
    <PeopleMatrixTable
      columns={columns}
      rows={rows}
      none="No competency is required by these people’s positions or held by them yet."
      person={(row) => <Link to={employeeCompetencyPath(row.employee._id)}>{row.employee.name}</Link>}
      heading={(competency) => (
        <span className="competency-kind">{COMPETENCY_KIND_LABELS[competency.kind]}</span>
      )}
      cell={(cell, row) => (
        <Link to={employeeCompetencyPath(row.employee._id)} tabIndex={-1} className="matrix-cell">
          <StandingChip standing={cell.standing} expiresOn={cell.expiresOn} />
        </Link>
      )}
    />
  );
}
