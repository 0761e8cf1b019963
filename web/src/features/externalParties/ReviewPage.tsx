import {
  displayDay,
  externalPartiesMessages as say,
  supplierAssignFormCloseOffCall,
  supplierAssignmentDetailsCall,
  supplierAssignmentReturnCall,
} from '@compass/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, FileText, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { ReasonDialog } from '../../components/ReasonDialog';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { browserTimeZone } from '../../lib/timeZone';
import { submissionKeys, useSubmissionDetails } from '../submissions';
import { FormAnswers } from '../submissions';
import { recordPath } from '../submissions';
import { STATUS_BADGES, STATUS_LABELS } from './assignmentStatus';
import { assignmentKeys } from './parts';

/**
 * /external-parties/form-submit/review/:id/:formId (the reviewer's dashboard item): a submitted
 * supplier form is returned with a comment, or accepted, which closes it off (its PDF and
 * notifications, as any close-off).
 */
export function ReviewPage() {
  usePageTitle('Review supplier form');
  const { id = '' } = useParams();
  const details = useQuery({
    queryKey: [...assignmentKeys.all, 'details', id],
    queryFn: () => callApi(supplierAssignmentDetailsCall, { body: { _id: id } }),
  });
  const [returning, setReturning] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const changes = [assignmentKeys.all, dashboardKeys.all];
  const accept = useCall(supplierAssignFormCloseOffCall, {
    invalidate: changes,
    onSuccess: () => setAccepting(false),
  });
  const row = details.data;
  // The answers as submitted, under the review's own work (the reviewer coordinates the form),
  // fetched afresh: the supplier may have changed them since this browser last showed the form.
  const submissionId = row?.submissionId ?? undefined;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (submissionId) void queryClient.invalidateQueries({ queryKey: submissionKeys.details(submissionId) });
  }, [queryClient, submissionId, row?.status]);
  const form = useSubmissionDetails(submissionId);
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <Link to="/external-parties/form-register" className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Form Register
          </Link>
          <h1>{row ? row.formName : 'Review supplier form'}</h1>
          {row && (
            <p>
              {row.personnelName ? `${row.personnelName}, ${row.supplierName}` : row.supplierName}
              {row.formNumber && ` · ${row.formNumber}`}
            </p>
          )}
        </div>
      </div>
      {!row && (
        <section className="card list-card" aria-label="Supplier form">
          <ListState query={details} count={1} empty="" />
        </section>
      )}
      {row && (
        <section className="card" aria-label="Supplier form">
          <div className="card-body stack">
            <dl className="facts">
              <div>
                <dt>Status</dt>
                <dd>
                  <span className={`badge ${STATUS_BADGES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
                </dd>
              </div>
              <div>
                <dt>Due</dt>
                <dd>{displayDay(row.dueDate)}</dd>
              </div>
              <div>
                <dt>Reviewer</dt>
                <dd>{row.reviewerName ?? '—'}</dd>
              </div>
              {row.returnCount > 0 && (
                <div>
                  <dt>Returned</dt>
                  <dd>
                    {row.returnCount} time{row.returnCount === 1 ? '' : 's'}
                    {row.reviewComment && `: “${row.reviewComment}”`}
                  </dd>
                </div>
              )}
              {row.message && (
                <div>
                  <dt>Message to the supplier</dt>
                  <dd>{row.message}</dd>
                </div>
              )}
            </dl>
            <div className="row wrap">
              {row.submissionId && (
                <Link className="btn btn-secondary" to={recordPath(row.submissionId)}>
                  <FileText size={16} aria-hidden="true" /> Open the form
                </Link>
              )}
              {row.canReview && (
                <>
                  <Button icon={<Undo2 size={16} aria-hidden="true" />} onClick={() => setReturning(true)}>
                    Return to supplier
                  </Button>
                  <Button
                    variant="primary"
                    icon={<Check size={16} aria-hidden="true" />}
                    onClick={() => setAccepting(true)}
                  >
                    Accept and close
                  </Button>
                </>
              )}
            </div>
            {!row.canReview && row.status === 'assigned' && (
              <p className="text-secondary">The supplier has not submitted this form yet.</p>
            )}
          </div>
        </section>
      )}
      {form.data && form.data.isDraft === 'no' && <FormAnswers submission={form.data} />}
      {returning && <ReturnDialog id={id} onClose={() => setReturning(false)} />}
      {accepting && (
        <ConfirmDialog
          title="Accept and close this form?"
          confirmLabel="Accept and close"
          pending={accept.isPending}
          onClose={() => setAccepting(false)}
          onConfirm={() => accept.mutate({ body: { _id: id, localTimeZone: browserTimeZone() } })}
        >
          <p>The form is closed off as it is: its PDF is made and the close-off notifications go out.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function ReturnDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const back = useCall(supplierAssignmentReturnCall, {
    invalidate: [assignmentKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  return (
    <ReasonDialog
      title="Return to supplier"
      description="They get an e-mail with your comment and a link to change the form."
      label="What needs to change"
      requiredMessage={say.commentRequired}
      submitLabel="Return"
      pending={back.isPending}
      onSubmit={(comment) => back.mutate({ body: { _id: id, comment } })}
      onClose={onClose}
    />
  );
}
