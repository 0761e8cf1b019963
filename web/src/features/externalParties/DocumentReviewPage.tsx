import { requirementMessages as say, supplierRequirementReviewCall } from '@compass/shared';
import { Check, X } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { RecordPage } from '../../components/RecordPage';
import { ReviewDecision } from '../../components/ReviewDecision';
import { requirementKeys, useRequirementDetails } from './api';
import { CourseStanding, RequirementDocuments, RequirementFacts, partyName } from './parts';

/**
 * /external-parties/company-document-review/:supplierId/:id and
 * /external-parties/personnel-document-review/:personnelId/:id (the reviewer's dashboard items):
 * the document a supplier sent, approved or rejected with a reason.
 */
export function DocumentReviewPage() {
  usePageTitle('Review document');
  const { id = '' } = useParams();
  const details = useRequirementDetails(id);
  const review = useCall(supplierRequirementReviewCall, {
    invalidate: [requirementKeys.all, dashboardKeys.all],
  });
  return (
    <RecordPage
      query={details}
      back={{ to: '/external-parties/requirements', label: 'Requirements' }}
      title="Review document"
      heading={(row) => row.typeName}
      intro={(row) => (
        <>
          {partyName(row)} · <Link to={`/external-parties/companies/${row.supplierId}`}>Compliance</Link>
        </>
      )}
      label="Document"
    >
      {(row) => (
        <section className="card" aria-label="Document">
          <div className="card-body stack">
            {row.description && <p className="text-secondary">{row.description}</p>}
            <RequirementFacts requirement={row} />
            {row.state === 'rejected' && row.rejectionReason && (
              <div className="alert alert-danger" role="note">
                <X size={18} aria-hidden="true" />
                <div>Rejected: {row.rejectionReason}</div>
              </div>
            )}
            {row.training ? (
              <CourseStanding training={row.training} />
            ) : (
              <RequirementDocuments requirement={row} />
            )}
            {row.canReview && (
              <div className="row wrap">
                <ReviewDecision
                  refuse={{
                    label: 'Reject',
                    icon: X,
                    pending: review.isPending,
                    dialog: {
                      title: 'Reject the document',
                      description: 'The supplier gets an e-mail with your reason and a link to send another.',
                      label: 'Reason',
                      requiredMessage: say.reasonRequired,
                      submitLabel: 'Reject document',
                    },
                    send: (reason, done) =>
                      review.mutate({ body: { _id: id, decision: 'reject', reason } }, { onSuccess: done }),
                  }}
                  accept={{
                    label: 'Approve',
                    icon: Check,
                    pending: review.isPending,
                    title: `Approve ${row.typeName}?`,
                    confirmLabel: 'Approve',
                    consequence: row.expiryDate
                      ? 'It counts as valid for the company until it expires; its renewal is asked for 30 days before.'
                      : 'It counts as valid for the company.',
                    send: (done) =>
                      review.mutate({ body: { _id: id, decision: 'approve' } }, { onSuccess: done }),
                  }}
                />
              </div>
            )}
            {!row.canReview && !row.training && row.state === 'toProvide' && (
              <p className="text-secondary">The supplier has not sent this document yet.</p>
            )}
          </div>
        </section>
      )}
    </RecordPage>
  );
}
