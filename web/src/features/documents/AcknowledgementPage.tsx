import { displayDay, documentAcknowledgeCall, documentAcknowledgementOpenCall } from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ListState } from '../../components/ListParts';
import { BackLink } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import { documentKeys } from './api';
import { VersionViewer } from './parts';

/**
 * /document/action/acknowledgement/:id/:employeeId (the dashboard's "document-assign" item and the
 * Acknowledgement list): the current version, read in the page, and the reader's confirmation.
 */
export function AcknowledgementPage() {
  usePageTitle('Acknowledge document');
  const { id = '', employeeId = '' } = useParams();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const reading = useQuery({
    queryKey: [...documentKeys.all, 'reading', id, employeeId],
    queryFn: () => callApi(documentAcknowledgementOpenCall, { body: { _id: id, employeeId } }),
  });
  const acknowledge = useCall(documentAcknowledgeCall, {
    invalidate: [documentKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate('/dashboard'),
  });
  const document = reading.data;
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <BackLink to="/document/acknowledgement" label="Acknowledgement" />
          <h1>{document?.name ?? 'Acknowledge document'}</h1>
          {document && (
            <p>
              Version {document.version.number}
              {document.ownerName && ` · owned by ${document.ownerName}`}
              {document.dueDate && ` · to read by ${displayDay(document.dueDate)}`}
            </p>
          )}
        </div>
      </div>
      {!document && (
        <section className="card list-card" aria-label="Document">
          <ListState query={reading} count={1} empty="" />
        </section>
      )}
      {document && (
        <div className="document-layout">
          <section className="card" aria-label="Document">
            <div className="card-body stack">
              {document.description && <p className="text-secondary">{document.description}</p>}
              {document.version.note && <p>What changed: {document.version.note}</p>}
              <VersionViewer versionId={document.version._id} file={document.version.file} />
            </div>
          </section>
          <section className="card" aria-label="Acknowledgement">
            <div className="card-body stack">
              <h2 className="card-title">Acknowledgement</h2>
              {document.acknowledgedAt ? (
                <div className="alert alert-success" role="status">
                  <Check size={18} aria-hidden="true" />
                  <div>
                    You acknowledged version {document.version.number} on{' '}
                    {new Date(document.acknowledgedAt).toLocaleString()}.
                  </div>
                </div>
              ) : (
                <>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={confirmed}
                      onChange={(event) => setConfirmed(event.target.checked)}
                    />
                    I have read and understood version {document.version.number} of this document.
                  </label>
                  <Button
                    variant="primary"
                    disabled={!confirmed}
                    loading={acknowledge.isPending}
                    icon={<Check size={16} aria-hidden="true" />}
                    onClick={() => acknowledge.mutate({ body: { _id: id, employeeId } })}
                  >
                    Acknowledge
                  </Button>
                </>
              )}
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
