import {
  PERFORMANCE_REVIEW_STATUS_LABELS,
  PERFORMANCE_REVIEW_STATUSES,
  performanceReviewHistoryPath,
  performanceReviewListCall,
  performanceReviewPagePath,
  type PerformanceReviewStatus,
  type TPerformanceReviewRow,
} from '@compass/shared';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { ExportButton } from '../../components/ExportButton';
import { DueRangeFilters, ListFilters } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PersonField, usePersonFilters } from '../../components/PersonField';
import { SelectField } from '../../components/SelectField';
import { usePageTitle } from '../../shell/pageTitle';
import { performanceReviewExportUrl, performanceReviewKeys, REVIEWED_EMPLOYEES, REVIEWERS } from './api';
import { periodText, ReviewDue, ReviewStatusBadge } from './parts';
import { StartReviewButton } from './StartReviewDialog';

const STATUS_OPTIONS = PERFORMANCE_REVIEW_STATUSES.map((status) => ({
  value: status,
  label: PERFORMANCE_REVIEW_STATUS_LABELS[status],
}));

/**
 * HR Admin > Performance Reviews: every review of the organisation's employees, latest due first,
 * who reviews it and where it stands (never its ratings: those are the two sides' and private HR's);
 * start one, open one, or an employee's reviews.
 */
export function PerformanceReviewsPage() {
  usePageTitle('Performance Reviews');
  const list = usePagedList({
    queryKey: performanceReviewKeys.list,
    filters: {
      status: '' as PerformanceReviewStatus | '',
      employeeId: '',
      reviewerEmployeeId: '',
      dueFrom: '',
      dueTo: '',
    },
    fetch: (request) => callApi(performanceReviewListCall, { body: request }),
    inAddress: true,
  });
  const personFilter = usePersonFilters<'employeeId' | 'reviewerEmployeeId'>(list);
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Performance Reviews"
        intro="Every performance review: whose it is, who reviews it, when it is due and where it stands."
      >
        <div className="row wrap">
          <ExportButton
            label="Export CSV"
            url={performanceReviewExportUrl(list.exportQuery)}
            fileName="performance-reviews.csv"
          />
          <StartReviewButton />
        </div>
      </PageHeader>
      <ListFilters placeholder="Employee, reviewer or title" list={list}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value as PerformanceReviewStatus | '')}
        />
        <PersonField label="Employee" optional {...REVIEWED_EMPLOYEES} {...personFilter('employeeId')} />
        <PersonField label="Reviewer" optional {...REVIEWERS} {...personFilter('reviewerEmployeeId')} />
        <DueRangeFilters
          from={list.filters.dueFrom}
          to={list.filters.dueTo}
          onChange={(bound, value) => list.setFilter(bound, value)}
        />
      </ListFilters>
      <PagedTable
        label="Performance reviews"
        list={list}
        columns={['Review', 'Employee', 'Reviewer', 'Period', 'Due', 'Status']}
        actions={false}
        empty="No performance reviews yet: start the first one."
        narrowedEmpty="No performance review matches."
      >
        {list.rows.map((row) => (
          <RegisterRow key={row._id} row={row} />
        ))}
      </PagedTable>
    </div>
  );
}

function RegisterRow({ row }: { row: TPerformanceReviewRow }) {
  return (
    <tr>
      <td>
        <Link to={performanceReviewPagePath(row)}>{row.title}</Link>
      </td>
      <td>
        <Link to={performanceReviewHistoryPath(row.employeeId)} aria-label={`Reviews of ${row.employeeName}`}>
          {row.employeeName}
        </Link>
      </td>
      <td>{row.reviewerName}</td>
      <td>{periodText(row)}</td>
      <td>
        <ReviewDue review={row} />
      </td>
      <td>
        <ReviewStatusBadge status={row.status} />
      </td>
    </tr>
  );
}
