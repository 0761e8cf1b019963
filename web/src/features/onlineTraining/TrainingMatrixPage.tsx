import {
  displayDay,
  ONLINE_TRAINING_ADMIN_PATH,
  TRAINING_STANDING_LABELS,
  TRAINING_STANDINGS,
  trainingAttemptViewPath,
  trainingMatrixExportCall,
  type TrainingStanding,
  type TTrainingMatrix,
  type TTrainingMatrixCell,
} from '@compass/shared';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { API_BASE, callUrl } from '../../api/client';
import { ApiError } from '../../api/errors';
import { ExportButton } from '../../components/ExportButton';
import { ListFilters } from '../../components/ListFilters';
import { ListState, Pagination } from '../../components/ListParts';
import { PageHeader } from '../../components/PageHeader';
import { pairedRows, PeopleMatrixTable, type PairedRow } from '../../components/PeopleMatrix';
import { usePagedList } from '../../components/PagedList';
import { optionsOf, SelectField } from '../../components/SelectField';
import { HomeLink, StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { fetchTrainingMatrix, trainingMatrixKey, useAssignOptions } from './api';

type FilterStanding = Exclude<TrainingStanding, 'notAssigned'>;
const STANDING_FILTERS = TRAINING_STANDINGS.filter((standing) => standing !== 'notAssigned').map(
  (standing) => ({ value: standing, label: TRAINING_STANDING_LABELS[standing] }),
);

/** What each standing means, as the legend says it. */
const STANDING_MEANINGS: Record<TrainingStanding, string> = {
  done: 'passed, on the day shown',
  due: 'to complete by the day shown',
  overdue: 'past its complete-by day',
  expired: 'a refresher past its complete-by day',
  failed: 'every attempt used, not passed',
  notAssigned: 'never assigned, or withdrawn',
};

type Column = TTrainingMatrix['columns'][number];
type MatrixRow = PairedRow<TTrainingMatrix['rows'][number], TTrainingMatrixCell, Column>;

/**
 * HR Admin > Online Training > Training matrix: people × courses, each cell where the person
 * stands by their latest assignment of the course, with its day. HR (hrAdmin) sees everyone and
 * opens a cell's last attempt; a manager sees their direct reports.
 */
export function TrainingMatrixPage() {
  usePageTitle('Training Matrix');
  const hr = usePermissions().data?.access.hrAdmin === 'yes';
  const list = usePagedList({
    queryKey: trainingMatrixKey,
    filters: { workplaceId: '', positionId: '', courseId: '', standing: '' as FilterStanding | '' },
    fetch: async (request) =>
      pairedRows<TTrainingMatrix['rows'][number], TTrainingMatrixCell, Column>(
        await fetchTrainingMatrix(request),
      ),
    inAddress: true,
  });
  const refused = list.query.error instanceof ApiError && list.query.error.status === 403;
  if (refused)
    return (
      <StatePanel
        icon={Lock}
        tone="warning"
        title="The training matrix is for HR and managers"
        message="It shows the training of the people you look after: ask HR about someone’s training."
        actions={<HomeLink />}
      />
    );
  const columns = list.rows[0]?.cells.map((cell) => cell.column) ?? [];
  return (
    <div className="admin-page stack-lg competency-page">
      <PageHeader
        title="Training Matrix"
        intro="Where each person stands in each course, by their latest assignment of it."
      >
        <Link className="btn" to={ONLINE_TRAINING_ADMIN_PATH}>
          Courses
        </Link>
        <ExportButton
          label="Export CSV"
          url={`${API_BASE}${callUrl(trainingMatrixExportCall, { query: list.exportQuery })}`}
          fileName="training-matrix.csv"
        />
      </PageHeader>
      <ListFilters placeholder="Employee name or number" list={list}>
        {hr && <PickFilters list={list} />}
        <SelectField
          label="Standing"
          value={list.filters.standing}
          none="Any standing"
          options={STANDING_FILTERS}
          onChange={(value) => list.setFilter('standing', value as FilterStanding | '')}
        />
      </ListFilters>
      <section className="card list-card" aria-label="Training matrix" aria-busy={list.query.isFetching}>
        <div className="card-body">
          <ul className="standing-legend" aria-label="Legend">
            {TRAINING_STANDINGS.map((standing) => (
              <li key={standing}>
                <TrainingChip standing={standing} day={null} /> {STANDING_MEANINGS[standing]}
              </li>
            ))}
          </ul>
        </div>
        <ListState
          query={list.query}
          count={list.rows.length}
          empty={
            list.emptyReason === 'narrowed'
              ? 'No employee matches.'
              : 'No employees to show yet: the matrix lists the people whose training you look after.'
          }
        />
        {list.rows.length > 0 && <MatrixTable columns={columns} rows={list.rows} opensAttempts={hr} />}
        {list.pagination && <Pagination {...list.pagination} />}
      </section>
    </div>
  );
}

type MatrixList = ReturnType<
  typeof usePagedList<
    { workplaceId: string; positionId: string; courseId: string; standing: string },
    MatrixRow
  >
>;

/** The workplace, position and course filters: HR's, from the lists a course is assigned with. */
function PickFilters({ list }: { list: Pick<MatrixList, 'filters' | 'setFilter'> }) {
  const options = useAssignOptions();
  return (
    <>
      {(
        [
          ['workplaceId', 'Workplace', 'Any workplace', options.data?.workplaces],
          ['positionId', 'Position', 'Any position', options.data?.positions],
          ['courseId', 'Course', 'Every course', options.data?.courses],
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
    </>
  );
}

/** A standing on its colour, with its day. */
function TrainingChip({ standing, day }: { standing: TrainingStanding; day: string | null }) {
  return (
    <span className={`standing-chip training-${standing}`}>
      {TRAINING_STANDING_LABELS[standing]}
      {day && <span className="standing-date">{displayDay(day)}</span>}
    </span>
  );
}

/** The matrix (the competency matrix's layout): for HR a cell with an attempt opens it. */
function MatrixTable({
  columns,
  rows,
  opensAttempts,
}: {
  columns: Column[];
  rows: MatrixRow[];
  opensAttempts: boolean;
}) {
  return (
    <PeopleMatrixTable
      columns={columns}
      rows={rows}
      none="None of these people has been assigned a course yet."
      person={(row) => row.employee.name}
      cell={(cell, row) =>
        opensAttempts && cell.lastAttemptId ? (
          <Link to={trainingAttemptViewPath(cell.lastAttemptId)} className="matrix-cell">
            <TrainingChip standing={cell.standing} day={cell.day} />
            <span className="visually-hidden">
              {`, ${cell.column.name}: view ${row.employee.name}’s last attempt`}
            </span>
          </Link>
        ) : (
          <TrainingChip standing={cell.standing} day={cell.day} />
        )
      }
    />
  );
}
