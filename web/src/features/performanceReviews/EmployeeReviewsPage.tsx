import { PERFORMANCE_REVIEWS_PATH, performanceReviewPagePath } from '@compass/shared';
import { Link, useParams } from 'react-router';
import { usePermissions } from '../../api/auth';
import { DataTable } from '../../components/DataTable';
import { ListState, Pagination, usePaging } from '../../components/ListParts';
import { RecordPage } from '../../components/RecordPage';
import { usePageTitle } from '../../shell/pageTitle';
import { useReviewHistory } from './api';
import { periodText, ReviewDue, ReviewStatusBadge } from './parts';
import { ratingText } from './RatingInput';
import { StartReviewButton } from './StartReviewDialog';
import { ReviewUnavailable, unavailableReason } from './ReviewUnavailable';

/**
 * /human-resource/employee/performance-review/:employee — one employee's performance reviews,
 * latest period first, a page at a time, with where each stands and, where the caller may see it, its overall
 * rating; HR and the employee's manager start the next one here.
 */
export function EmployeeReviewsPage() {
  const { employee: employeeId = '' } = useParams();
  const permissions = usePermissions();
  const own = permissions.data?.employeeId === employeeId;
  const paging = usePaging();
  const history = useReviewHistory(employeeId, { page: paging.page, pageSize: paging.pageSize });
  const name = history.data?.employee.name;
  usePageTitle(
    own ? 'My performance reviews' : name ? `Performance reviews of ${name}` : 'Performance reviews',
  );
  const refused = unavailableReason(history.error);
  if (refused) return <ReviewUnavailable reason={refused} what="These reviews" />;
  return (
    <RecordPage
      query={history}
      back={
        permissions.data?.access.hrAdmin === 'yes'
          ? { to: PERFORMANCE_REVIEWS_PATH, label: 'Performance Reviews' }
          : { to: '/dashboard', label: 'Dashboard' }
      }
      title="Performance reviews"
      heading={(data) => (own ? 'My performance reviews' : `Performance reviews of ${data.employee.name}`)}
      intro={(data) => data.employee.positionName}
      label="Performance reviews"
    >
      {(data) => (
        <>
          {data.canStart && (
            <div className="row">
              <StartReviewButton
                employee={{ _id: data.employee._id, name: data.employee.name }}
                manager={
                  data.employee.managerEmployeeId && data.employee.managerName
                    ? { _id: data.employee.managerEmployeeId, name: data.employee.managerName }
                    : null
                }
              />
            </div>
          )}
          <section className="card list-card" aria-label="Reviews">
            {data.rows.length === 0 ? (
              <ListState query={history} count={0} empty="No performance reviews yet." />
            ) : (
              <DataTable
                columns={['Review', 'Period', 'Reviewer', 'Due', 'Status', 'Overall rating']}
                actions={false}
              >
                {data.rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      <Link to={performanceReviewPagePath(row)}>{row.title}</Link>
                    </td>
                    <td>{periodText(row)}</td>
                    <td>{row.reviewerName}</td>
                    <td>
                      <ReviewDue review={row} />
                    </td>
                    <td>
                      <ReviewStatusBadge status={row.status} />
                    </td>
                    <td>{ratingText(row.overallRating)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
            <Pagination {...paging.pagination(data.total)} />
          </section>
        </>
      )}
    </RecordPage>
  );
}
