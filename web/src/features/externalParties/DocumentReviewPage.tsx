import {
  requirementMessages as say,
  supplierRequirementDetailsCall,
  supplierRequirementReviewCall,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { ReasonDialog } from '../../components/ReasonDialog';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { requirementKeys, RequirementDocuments, RequirementFacts } from './parts';

/**
 * /external-parties/company-document-review/:supplierId/:id and
 * /external-parties/personnel-document-review/:personnelId/:id (the reviewer's dashboard items):
 * the document a supplier sent, approved or rejected with a reason.
 */
export function DocumentReviewPage() {
  usePageTitle('Review document');
  const { id = '' } = useParams();
  const details = useQuery({
    queryKey: [...requirementKeys.all, 'details', id],
    queryFn: () => callApi(supplierRequirementDetailsCall, { body: { _id: id } }),
  });
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const changes = [requirementKeys.all, dashboardKeys.all];
  const approve = useCall(supplierRequirementReviewCall, {
    invalidate: changes,
    onSuccess: () => setApproving(false),
  });
  const row = details.data;
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <Link to="/external-parties/requirements" className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Requirements
          </Link>
          <h1>{row ? row.typeName : 'Review document'}</h1>
          {row && (
            <p>
              {row.personnelName ? `${row.personnelName}, ${row.supplierName}` : row.supplierName} ·{' '}
              <Link to={`/external-parties/companies/${row.supplierId}`}>Compliance</Link>
            </p>
          )}
        </div>
      </div>
      {!row && (
        <section className="card list-card" aria-label="Document">
          <ListState query={details} count={1} empty="" />
        </section>
      )}
      {row && (
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
            <RequirementDocuments requirement={row} />
            {row.canReview && (
              <div className="row wrap">
                <Button icon={<X size={16} aria-hidden="true" />} onClick={() => setRejecting(true)}>
                  Reject
                </Button>
                <Button
                  variant="primary"
                  icon={<Check size={16} aria-hidden="true" />}
                  onClick={() => setApproving(true)}
                >
                  Approve
                </Button>
              </div>
            )}
            {!row.canReview && row.state === 'toProvide' && (
              <p className="text-secondary">The supplier has not sent this document yet.</p>
            )}
          </div>
        </section>
      )}
      {rejecting && <RejectDialog id={id} onClose={() => setRejecting(false)} />}
      {approving && row && (
        <ConfirmDialog
          title={`Approve ${row.typeName}?`}
          confirmLabel="Approve"
          pending={approve.isPending}
          onClose={() => setApproving(false)}
          onConfirm={() => approve.mutate({ body: { _id: id, decision: 'approve' } })}
        >
          <p>
            {row.expiryDate
              ? 'It counts as valid for the company until it expires; its renewal is asked for 30 days before.'
              : 'It counts as valid for the company.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function RejectDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const reject = useCall(supplierRequirementReviewCall, {
    invalidate: [requirementKeys.all, dashboardKeys.all],
    onSuccess: onClose,
  });
  return (
    <ReasonDialog
      title="Reject the document"
      description="The supplier gets an e-mail with your reason and a link to send another."
      label="Reason"
      requiredMessage={say.reasonRequired}
      submitLabel="Reject document"
      pending={reject.isPending}
      onSubmit={(reason) => reject.mutate({ body: { _id: id, decision: 'reject', reason } })}
      onClose={onClose}
    />
  );
}
