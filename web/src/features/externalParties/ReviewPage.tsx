import {
  displayDay,
  externalPartiesMessages as say,
  supplierAssignFormCloseOffCall,
  supplierAssignmentReturnCall,
} from '@compass/shared';
import { FileText } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { browserTimeZone } from '../../lib/timeZone';
import { RecordPage } from '../../components/RecordPage';
import { ReturnOrAccept } from '../../components/ReviewDecision';
import { Fact } from '../registerParts';
import { FormAnswers, recordPath, useSubmittedAnswers } from '../submissions';
import { assignmentKeys, useAssignmentDetails } from './api';
import { STATUS_BADGES, STATUS_LABELS } from './assignmentStatus';
import { partyName } from './parts';

/**
 * /external-parties/form-submit/review/:id/:formId (the reviewer's dashboard item): a submitted
 * supplier form is returned with a comment, or accepted, which closes it off (its PDF and
 * notifications, as any close-off).
 */
export function ReviewPage() {
  usePageTitle('Review supplier form');
  const { id = '' } = useParams();
  const details = useAssignmentDetails(id);
  const changes = [assignmentKeys.all, dashboardKeys.all];
  const accept = useCall(supplierAssignFormCloseOffCall, { invalidate: changes });
  const back = useCall(supplierAssignmentReturnCall, { invalidate: changes });
  // The answers as submitted, under the review's own work (the reviewer coordinates the form).
  const form = useSubmittedAnswers(details.data?.submissionId ?? undefined, details.data?.status);
  return (
    <RecordPage
      query={details}
      back={{ to: '/external-parties/form-register', label: 'Form Register' }}
      title="Review supplier form"
      heading={(row) => row.formName}
      intro={(row) => (
        <>
          {partyName(row)}
          {row.formNumber && ` · ${row.formNumber}`}
        </>
      )}
      label="Supplier form"
    >
      {(row) => (
        <>
          <section className="card" aria-label="Supplier form">
            <div className="card-body stack">
              <dl className="facts">
                <Fact label="Status">
                  <span className={`badge ${STATUS_BADGES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
                </Fact>
                <Fact label="Due">{displayDay(row.dueDate)}</Fact>
                <Fact label="Reviewer">{row.reviewerName ?? '—'}</Fact>
                {row.returnCount > 0 && (
                  <Fact label="Returned">
                    {row.returnCount} time{row.returnCount === 1 ? '' : 's'}
                    {row.reviewComment && `: “${row.reviewComment}”`}
                  </Fact>
                )}
                {row.message && <Fact label="Message to the supplier">{row.message}</Fact>}
              </dl>
              {(row.submissionId || row.canReview) && (
                <div className="row wrap">
                  {row.submissionId && (
                    <Link className="btn btn-secondary" to={recordPath(row.submissionId)}>
                      <FileText size={16} aria-hidden="true" /> Open the form
                    </Link>
                  )}
                  {row.canReview && (
                    <ReturnOrAccept
                      to="supplier"
                      returned={{
                        pending: back.isPending,
                        description: 'They get an e-mail with your comment and a link to change the form.',
                        requiredMessage: say.commentRequired,
                        send: (comment, done) =>
                          back.mutate({ body: { _id: id, comment } }, { onSuccess: done }),
                      }}
                      accepted={{
                        pending: accept.isPending,
                        consequence:
                          'The form is closed off as it is: its PDF is made and the close-off notifications go out.',
                        send: (done) =>
                          accept.mutate(
                            { body: { _id: id, localTimeZone: browserTimeZone() } },
                            { onSuccess: done },
                          ),
                      }}
                    />
                  )}
                </div>
              )}
              {!row.canReview && row.status === 'assigned' && (
                <p className="text-secondary">The supplier has not submitted this form yet.</p>
              )}
            </div>
          </section>
          {form.data && form.data.isDraft === 'no' && <FormAnswers submission={form.data} />}
        </>
      )}
    </RecordPage>
  );
}
