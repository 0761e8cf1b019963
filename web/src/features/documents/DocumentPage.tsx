import {
  addDays,
  displayDay,
  documentActionCompleteCall,
  documentActionCreateCall,
  documentAttachmentUploadCall,
  documentMessages as say,
  documentReadersCall,
  frequencyLabel,
  type TDocumentDetails,
  type TDocumentVersion,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Upload } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { callApi } from '../../api/client';
import { usePermissions } from '../../api/auth';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { HistoryCard } from '../../components/ChangeLogPanel';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { ListState } from '../../components/ListParts';
import { BackLink } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { browserToday } from '../../lib/timeZone';
import { ActionsCard, Fact, FilesCard, type RaisedAction } from '../registerParts';
import { ReviewHistory } from '../reviews';
import { documentKeys, documentPeople, useDocument } from './api';
import { DocumentFormDialog } from './DocumentFormDialog';
import { FileButtons, StatusBadge } from './parts';
import { VersionDialog } from './VersionDialog';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateOf = (iso: string | null) => (iso ? when.format(new Date(iso)) : '—');

/** /document/library/:id — one document: its facts, versions, readers, files, actions and history. */
export function DocumentPage() {
  const { id = '' } = useParams();
  const details = useDocument(id);
  usePageTitle(details.data?.name ?? 'Document');
  const permissions = usePermissions();
  const canEdit = permissions.data?.access.documentEdit === 'yes';
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const document = details.data;
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <BackLink to="/document/library" label="Library" />
          <h1>{document?.name ?? 'Document'}</h1>
          {document?.description && <p>{document.description}</p>}
        </div>
        {document && (
          <div className="row wrap">
            {canEdit && (
              <Button icon={<Pencil size={16} aria-hidden="true" />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {document.canManage && (
              <Button
                variant="primary"
                icon={<Upload size={16} aria-hidden="true" />}
                onClick={() => setUploading(true)}
              >
                New version
              </Button>
            )}
          </div>
        )}
      </div>
      {!document && (
        <section className="card list-card" aria-label="Document">
          <ListState query={details} count={1} empty="" />
        </section>
      )}
      {document && (
        <>
          <Facts document={document} />
          <Versions document={document} />
          <Attachments document={document} />
          <Actions document={document} />
          <ReviewHistory history={document.reviews} />
          <HistoryCard entityType="document" entityId={document._id} />
        </>
      )}
      {editing && document && <DocumentFormDialog document={document} onClose={() => setEditing(false)} />}
      {uploading && document && <VersionDialog document={document} onClose={() => setUploading(false)} />}
    </div>
  );
}

function Facts({ document }: { document: TDocumentDetails }) {
  const audience = [
    ...document.audienceWorkplaces.map((row) => row.name),
    ...document.audienceRoles.map((row) => `Role: ${row.name}`),
    ...document.audienceEmployees.map((row) => row.name),
  ];
  return (
    <section className="card" aria-label="Details">
      <div className="card-body">
        <dl className="facts">
          <Fact label="Status">
            <StatusBadge status={document.status} />
          </Fact>
          <Fact label="Folder">{document.folder?.name ?? '—'}</Fact>
          <Fact label="Owner">{document.owner?.name ?? '—'}</Fact>
          <Fact label="Reviewer">
            {document.reviewer?.name ?? '—'}
            {document.coReviewer && `, co-reviewer ${document.coReviewer.name}`}
          </Fact>
          <Fact label="Review">{frequencyLabel(document.reviewFrequency)}</Fact>
          <Fact label="Next review">
            {document.nextReviewDate ? displayDay(document.nextReviewDate) : '—'}
          </Fact>
          <Fact label="Last review">
            {document.lastReviewDate ? displayDay(document.lastReviewDate) : '—'}
          </Fact>
          <Fact label="Readers">{audience.length ? audience.join(', ') : 'No one is asked to read it'}</Fact>
        </dl>
      </div>
    </section>
  );
}

function Versions({ document }: { document: TDocumentDetails }) {
  const [readers, setReaders] = useState<TDocumentVersion | null>(null);
  return (
    <section className="card list-card" aria-label="Versions">
      <div className="card-body">
        <h2 className="card-title">Versions</h2>
      </div>
      <DataTable columns={['Version', 'Status', 'Uploaded', 'Note', 'Approvals', 'Acknowledged']} actions>
        {document.versions.map((version) => (
          <tr key={version._id}>
            <td>
              v{version.number}
              {version.isCurrent && <span className="badge badge-primary">Current</span>}
            </td>
            <td>
              <StatusBadge status={version.status} />
            </td>
            <td>
              {dateOf(version.createdAt)}
              {version.uploadedBy && <div className="text-secondary text-sm">{version.uploadedBy}</div>}
            </td>
            <td>{version.note ?? '—'}</td>
            <td>
              {version.approvals.length === 0
                ? '—'
                : version.approvals.map((approval) => (
                    <div key={approval._id} className="text-sm">
                      {approval.name}: {approval.status}
                      {approval.comment && <span className="text-secondary"> — “{approval.comment}”</span>}
                    </div>
                  ))}
            </td>
            <td>
              {version.status === 'published' ? `${version.acknowledged} of ${version.toAcknowledge}` : '—'}
            </td>
            <td className="row-actions">
              {version.file && <FileButtons file={version.file} />}
              {document.canManage && version.status === 'published' && (
                <Button size="sm" variant="ghost" onClick={() => setReaders(version)}>
                  Readers
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      {readers && <ReadersDialog version={readers} onClose={() => setReaders(null)} />}
    </section>
  );
}

/** Who was asked to read a version, and who has: the owner's per-version view. */
function ReadersDialog({ version, onClose }: { version: TDocumentVersion; onClose: () => void }) {
  const readers = useQuery({
    queryKey: [...documentKeys.all, 'readers', version._id],
    queryFn: () => callApi(documentReadersCall, { body: { versionId: version._id } }),
  });
  const rows = readers.data?.rows ?? [];
  return (
    <Dialog
      title={`Readers of version ${version.number}`}
      description={`${rows.filter((row) => row.acknowledgedAt).length} of ${rows.length} have acknowledged it.`}
      onClose={onClose}
      wide
    >
      <ListState query={readers} count={rows.length} empty="No one was asked to read this version." />
      {rows.length > 0 && (
        <DataTable columns={['Person', 'Due', 'Acknowledged']}>
          {rows.map((row) => (
            <tr key={row.employeeId}>
              <td>{row.name}</td>
              <td>{displayDay(row.dueDate)}</td>
              <td>
                {row.acknowledgedAt ? (
                  <span className="badge badge-success">{dateOf(row.acknowledgedAt)}</span>
                ) : row.lapsed ? (
                  <span className="badge">Not read before the next version</span>
                ) : (
                  <span className="badge badge-warning">Not yet</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Dialog>
  );
}

/** Supporting files: downloaded by anyone who opens it, added by those who manage it. */
function Attachments({ document }: { document: TDocumentDetails }) {
  const upload = useCall(documentAttachmentUploadCall, { invalidate: [documentKeys.all] });
  return (
    <FilesCard
      recordId={document._id}
      attachments={document.attachments}
      empty="No supporting files."
      upload={
        document.canManage ? { pending: upload.isPending, onUpload: (form) => upload.mutate({ form }) } : null
      }
    />
  );
}

/** Follow-up actions: raised by those who manage it, completed here by whoever may. */
function Actions({ document }: { document: TDocumentDetails }) {
  const create = useCall(documentActionCreateCall, { invalidate: [documentKeys.all] });
  const complete = useCall(documentActionCompleteCall, { invalidate: [documentKeys.all] });
  return (
    <ActionsCard
      actions={document.actions.map((action) => ({
        ...action,
        assignee: action.assigneeName,
        isComplete: action.completedOn !== null,
      }))}
      empty="No actions raised from this document."
      raising={
        document.canManage
          ? {
              people: documentPeople,
              firstDue: addDays(browserToday(), 7),
              check: actionErrors,
              pending: create.isPending,
              onRaise: (action, outcome) =>
                create.mutate({ body: { _id: document._id, ...action } }, outcome),
            }
          : null
      }
      complete={{
        pending: complete.isPending,
        onComplete: (action) => complete.mutate({ body: { _id: action._id } }),
      }}
    />
  );
}

function actionErrors({ instruction, assigneeId }: RaisedAction) {
  const found: Record<string, string> = {};
  if (!instruction.trim()) found.instruction = say.instructionRequired;
  if (!assigneeId) found.assigneeId = say.assigneeRequired;
  return found;
}
