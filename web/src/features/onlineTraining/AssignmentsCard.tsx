import {
  displayDay,
  TRAINING_ASSIGNMENT_STATUS_LABELS,
  TRAINING_ASSIGNMENT_STATUSES,
  trainingAttemptViewPath,
  type TrainingAssignmentStatus,
  type TTrainingAssignmentRow,
} from '@compass/shared';
import { Download, Plus, RotateCcw, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DueMarker } from '../../components/DueMarker';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PreviewButton } from '../../components/PreviewableFile';
import { RowButton } from '../../components/RowButton';
import { SelectField } from '../../components/SelectField';
import { fetchAssignments, trainingKeys, useAllowAttempt, useWithdrawAssignment } from './api';
import { AssignCourseDialog } from './AssignCourseDialog';
import { ASSIGNMENT_BADGES } from './attempts';
import { StandingAssignments } from './StandingAssignments';
import { certificateFileName, certificateUrl } from './traineeLink';

const STATUS_OPTIONS = TRAINING_ASSIGNMENT_STATUSES.map((status) => ({
  value: status,
  label: TRAINING_ASSIGNMENT_STATUS_LABELS[status],
}));
/** The trainee as the register names them: a supplier's person with their company. */
const traineeName = (row: TTrainingAssignmentRow) =>
  row.supplierName ? `${row.employeeName} (${row.supplierName})` : row.employeeName;

/** Where HR may still withdraw a training: it is not passed (nor withdrawn already). */
const WITHDRAWABLE: readonly TrainingAssignmentStatus[] = ['assigned', 'awaitingReview', 'failed'];

/** A passed trainee's certificate (a PDF): previewed or downloaded. */
function Certificate({ assignment, courseName }: { assignment: TTrainingAssignmentRow; courseName: string }) {
  const url = certificateUrl(assignment._id, null);
  const fileName = certificateFileName(courseName);
  const download = () => void downloadFile(url, fileName).catch(notifyError);
  return (
    <>
      <PreviewButton
        size="sm"
        name={`Preview the certificate of ${assignment.employeeName}`}
        file={{ name: fileName, url }}
        onDownload={download}
      />
      <RowButton
        icon={Download}
        label={`Download the certificate of ${assignment.employeeName}`}
        onClick={download}
      >
        Download certificate
      </RowButton>
    </>
  );
}

/**
 * The course editor's Assignments: whom the course is assigned to and where each stands, latest
 * complete-by first; assign it (once published and in use), give a failed one another attempt,
 * withdraw one not yet passed, download a passed one's certificate; then the standing assignments
 * to positions.
 */
export function AssignmentsCard({
  course,
}: {
  course: { _id: string; name: string; currentVersion: number; isActive: boolean };
}) {
  const titleId = useId();
  const hintId = useId();
  const [assigning, setAssigning] = useState(false);
  const [withdrawing, setWithdrawing] = useState<TTrainingAssignmentRow | null>(null);
  const allow = useAllowAttempt();
  const withdraw = useWithdrawAssignment(() => setWithdrawing(null));
  const list = usePagedList({
    queryKey: [...trainingKeys.assignments, course._id],
    filters: { status: '' as TrainingAssignmentStatus | '' },
    fetch: (request) => fetchAssignments({ ...request, courseId: course._id }),
  });
  const hint =
    course.currentVersion === 0
      ? 'Publish the course to assign it.'
      : !course.isActive
        ? 'Put the course back in use to assign it.'
        : null;
  return (
    <section className="stack training-assignments" aria-labelledby={titleId}>
      <div className="row-between training-assignments-head">
        <h2 id={titleId}>Assignments</h2>
        <div className="row wrap">
          {hint && (
            <span id={hintId} className="text-sm text-secondary">
              {hint}
            </span>
          )}
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            disabled={hint !== null}
            aria-describedby={hint ? hintId : undefined}
            onClick={() => setAssigning(true)}
          >
            Assign
          </Button>
        </div>
      </div>
      <ListFilters placeholder="Employee or reviewer" list={list}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none="Any status"
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value as TrainingAssignmentStatus | '')}
        />
      </ListFilters>
      <PagedTable
        label="Assigned training"
        list={list}
        columns={['Trainee', 'Reviewer', 'Complete by', 'Attempts', 'Status', 'Score']}
        empty="Not assigned to anyone yet."
        narrowedEmpty="No assignment matches."
      >
        {list.rows.map((row) => (
          <tr key={row._id}>
            <td>{traineeName(row)}</td>
            <td>{row.reviewerName ?? '—'}</td>
            <td>
              {displayDay(row.completeBy)}{' '}
              {row.status === 'assigned' && <DueMarker type={row.taskDueDateType} />}
            </td>
            <td>
              {row.attemptsUsed} of {row.attemptsAllowed}
            </td>
            <td>
              <span className={`badge ${ASSIGNMENT_BADGES[row.status]}`}>
                {TRAINING_ASSIGNMENT_STATUS_LABELS[row.status]}
              </span>
            </td>
            <td>{row.score === null ? '—' : `${row.score}%`}</td>
            <td className="row-actions training-row-actions">
              {row.lastAttemptId && (
                <Link
                  className="btn btn-ghost btn-sm"
                  to={trainingAttemptViewPath(row.lastAttemptId)}
                  aria-label={`View attempt of ${row.employeeName}`}
                >
                  View attempt
                </Link>
              )}
              {row.status === 'passed' && <Certificate assignment={row} courseName={course.name} />}
              {row.status === 'failed' && (
                <RowButton
                  icon={RotateCcw}
                  label={`Allow ${row.employeeName} another attempt`}
                  loading={allow.isPending && allow.variables.body._id === row._id}
                  onClick={() => allow.mutate({ body: { _id: row._id } })}
                >
                  Allow another attempt
                </RowButton>
              )}
              {WITHDRAWABLE.includes(row.status) && (
                <RowButton
                  icon={Undo2}
                  label={`Withdraw from ${row.employeeName}`}
                  onClick={() => setWithdrawing(row)}
                >
                  Withdraw
                </RowButton>
              )}
            </td>
          </tr>
        ))}
      </PagedTable>
      <StandingAssignments course={course} />
      {assigning && <AssignCourseDialog course={course} onClose={() => setAssigning(false)} />}
      {withdrawing && (
        <ConfirmDialog
          title={`Withdraw ${course.name} from ${withdrawing.employeeName}?`}
          confirmLabel="Withdraw"
          danger
          pending={withdraw.isPending}
          onClose={() => setWithdrawing(null)}
          onConfirm={() => withdraw.mutate({ body: { _id: withdrawing._id } })}
        >
          <p>
            It leaves their dashboard and they can no longer take it; a refresher stops. Their attempts so far
            stay.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
