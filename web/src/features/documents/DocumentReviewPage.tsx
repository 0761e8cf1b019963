import { documentRevisionWithdrawCall, documentReviewCalls } from '@compass/shared';
import { Undo2, Upload } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RecordPage } from '../../components/RecordPage';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { ReviewPage } from '../reviews';
import { documentKeys, useDocument } from './api';
import { FileButtons } from './parts';
import { VersionDialog } from './VersionDialog';

/**
 * /document/review/:id/:x — x = review or coReview: the scheduled review (the shared ReviewPage);
 * x = revise: the owner's answer to a rejected version (the dashboard's "document-rejected" item).
 */
export function DocumentReviewPage() {
  const { x } = useParams();
  if (x === 'revise') return <RevisePage />;
  return (
    <ReviewPage
      title="Document review"
      calls={documentReviewCalls}
      back={{ to: '/document/library', label: 'Library' }}
      itemPath={(itemId) => `/document/library/${itemId}`}
      queryKey={documentKeys.all}
    />
  );
}

function RevisePage() {
  usePageTitle('Revise document');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const details = useDocument(id);
  const [uploading, setUploading] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useCall(documentRevisionWithdrawCall, {
    invalidate: [documentKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate(`/document/library/${id}`),
  });
  const document = details.data;
  const rejected = document?.versions.find((version) => version.status === 'rejected');
  const waiting = document?.status === 'rejected';
  return (
    <RecordPage
      query={details}
      back={{ to: `/document/library/${id}`, label: document?.name ?? 'Document' }}
      title="Revise document"
      heading={(loaded) => `Revise ${loaded.name}`}
      intro={() =>
        rejected && `Version ${rejected.number} was rejected. Upload a revised version, or withdraw it.`
      }
      label="Rejected version"
    >
      {(loaded) => (
        <>
          <section className="card" aria-label="Rejected version">
            <div className="card-body stack">
              {!rejected || !waiting ? (
                <p role="status">Nothing to revise: no version of this document waits for a revision.</p>
              ) : (
                <>
                  <h2 className="card-title">Why it was rejected</h2>
                  <ul className="stack">
                    {rejected.approvals
                      .filter((approval) => approval.status === 'rejected')
                      .map((approval) => (
                        <li key={approval._id}>
                          <strong>{approval.name}</strong>: “{approval.comment}”
                        </li>
                      ))}
                  </ul>
                  {rejected.file && (
                    <div className="row">
                      <FileButtons file={rejected.file} label="Download the rejected file" />
                    </div>
                  )}
                  {loaded.canManage && (
                    <div className="row wrap">
                      <Button
                        icon={<Undo2 size={16} aria-hidden="true" />}
                        onClick={() => setWithdrawing(true)}
                      >
                        Withdraw it
                      </Button>
                      <Button
                        variant="primary"
                        icon={<Upload size={16} aria-hidden="true" />}
                        onClick={() => setUploading(true)}
                      >
                        Upload revised version
                      </Button>
                    </div>
                  )}
                </>
              )}
            </div>
          </section>
          {uploading && (
            <VersionDialog
              document={loaded}
              title="Upload the revised version"
              onClose={() => setUploading(false)}
            />
          )}
          {withdrawing && (
            <ConfirmDialog
              title="Withdraw the rejected version?"
              confirmLabel="Withdraw"
              pending={withdraw.isPending}
              onClose={() => setWithdrawing(false)}
              onConfirm={() => withdraw.mutate({ body: { _id: id } })}
            >
              <p>Readers keep the current version; the rejected one stays in the version history.</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </RecordPage>
  );
}
