import { documentLibraryPath, type TActionRow } from '@compass/shared';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionFacts } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Dialog, DialogQueryState } from '../../components/Dialog';
import { useDocumentAction } from './api';

/**
 * The register's view of an action raised from a document: read here, completed on the document's
 * page (by its assignee, an editor or the owner), where the link leads.
 */
export function DocumentActionDialog({
  row,
  actions,
  onClose,
}: {
  row: TActionRow;
  /** More buttons before Close (Reassign). */
  actions?: ReactNode;
  onClose: () => void;
}) {
  const details = useDocumentAction(row);
  return (
    <Dialog
      title="Document action"
      description={row.parentName}
      onClose={onClose}
      footer={
        <>
          {actions}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <DialogQueryState query={details} failure="This action could not be loaded." />
      {details.data && (
        <>
          <ActionFacts details={details.data} dueType={row.status === 'overdue' ? 'overdue' : 'nodue'} />
          {details.data.completeStatus === 'no' && (
            <p className="field-hint">
              {details.data.mine
                ? 'This action is yours: complete it on the document’s page.'
                : 'Its assignee completes it on the document’s page.'}
            </p>
          )}
          {details.data.documentId && (
            <p className="dialog-link">
              <Link to={documentLibraryPath(details.data.documentId)}>
                Open the document
                <ArrowRight size={14} aria-hidden="true" />
              </Link>
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
