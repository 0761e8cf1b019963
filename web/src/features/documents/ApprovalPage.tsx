import {
  documentApprovalDecideCall,
  documentApprovalOpenCall,
  documentMessages as say,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListState } from '../../components/ListParts';
import { ReasonDialog } from '../../components/ReasonDialog';
import { BackLink } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { documentKeys } from './api';
import { StatusBadge, VersionViewer } from './parts';

const DECISIONS = {
  requested: 'Not decided yet',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'No longer needed',
};

/**
 * /document/action/approval/:id/:employeeId (the dashboard's "document-requestApprove" item): the
 * version waiting for the caller's approval, read in the page, approved or rejected with a reason.
 */
export function ApprovalPage() {
  usePageTitle('Approve document');
  const { id = '', employeeId = '' } = useParams();
  const navigate = useNavigate();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const open = useQuery({
    queryKey: [...documentKeys.all, 'approval', id, employeeId],
    queryFn: () => callApi(documentApprovalOpenCall, { body: { _id: id, employeeId } }),
  });
  const decide = useCall(documentApprovalDecideCall, {
    invalidate: [documentKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate('/dashboard'),
  });
  const approval = open.data;
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <BackLink to="/dashboard" label="Dashboard" />
          <h1>{approval?.name ?? 'Approve document'}</h1>
          {approval && (
            <p>
              Version {approval.version.number} <StatusBadge status={approval.version.status} />
              {approval.ownerName && ` · owned by ${approval.ownerName}`}
              {approval.currentVersion && ` · readers now see version ${approval.currentVersion}`}
            </p>
          )}
        </div>
      </div>
      {!approval && (
        <section className="card list-card" aria-label="Document">
          <ListState query={open} count={1} empty="" />
        </section>
      )}
      {approval && (
        <div className="document-layout">
          <section className="card" aria-label="Document">
            <div className="card-body stack">
              {approval.version.note && <p>What changed: {approval.version.note}</p>}
              <VersionViewer versionId={approval.version._id} file={approval.version.file} />
            </div>
          </section>
          <section className="card" aria-label="Approval">
            <div className="card-body stack">
              <h2 className="card-title">Approvals</h2>
              <ul className="stack">
                {approval.version.approvals.map((row) => (
                  <li key={row._id}>
                    <strong>{row.name}</strong>: {DECISIONS[row.status]}
                    {row.comment && <div className="text-secondary text-sm">“{row.comment}”</div>}
                  </li>
                ))}
              </ul>
              <p className="text-secondary text-sm">
                The version is published when every approver has approved it; one rejection sends it back to
                the owner.
              </p>
              {approval.mine.status === 'requested' ? (
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
              ) : (
                <p role="status">Your decision: {DECISIONS[approval.mine.status]}.</p>
              )}
            </div>
          </section>
        </div>
      )}
      {approving && approval && (
        <ConfirmDialog
          title={`Approve version ${approval.version.number}?`}
          confirmLabel="Approve"
          pending={decide.isPending}
          onClose={() => setApproving(false)}
          onConfirm={() => decide.mutate({ body: { _id: id, employeeId, decision: 'approve' } })}
        >
          <p>If you are the last approver, it is published and its readers are asked to acknowledge it.</p>
        </ConfirmDialog>
      )}
      {rejecting && (
        <ReasonDialog
          title="Reject the version"
          description="The owner is asked to revise it, with your reason."
          label="Reason"
          requiredMessage={say.commentRequired}
          submitLabel="Reject version"
          pending={decide.isPending}
          onSubmit={(comment) =>
            decide.mutate({ body: { _id: id, employeeId, decision: 'reject', comment } })
          }
          onClose={() => setRejecting(false)}
        />
      )}
    </div>
  );
}
