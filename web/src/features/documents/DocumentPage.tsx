import {
  addDays,
  displayDay,
  documentActionCompleteCall,
  documentActionCreateCall,
  documentAttachmentUploadCall,
  documentMessages as say,
  documentReadersCall,
  frequencyLabel,
  REVIEW_OUTCOME_LABELS,
  uploadProblem,
  type TDocumentDetails,
  type TDocumentVersion,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Plus, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { callApi, sendCall } from '../../api/client';
import { fieldErrorsOf, notifyError } from '../../api/errors';
import { usePermissions } from '../../api/auth';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { DataTable } from '../../components/DataTable';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { ListState } from '../../components/ListParts';
import { usePageTitle } from '../../shell/pageTitle';
import { browserToday } from '../../lib/timeZone';
import { documentKeys, useDocument } from './api';
import { DocumentFormDialog } from './DocumentFormDialog';
import { DownloadButton, PersonField, StatusBadge, type Person } from './parts';
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
          <Link to="/document/library" className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Library
          </Link>
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
          <Reviews document={document} />
          <section className="card" aria-label="History">
            <div className="card-body stack">
              <h2 className="card-title">History</h2>
              <ChangeLogPanel entityType="document" entityId={document._id} />
            </div>
          </section>
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
          <div>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={document.status} />
            </dd>
          </div>
          <div>
            <dt>Folder</dt>
            <dd>{document.folder?.name ?? '—'}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{document.owner?.name ?? '—'}</dd>
          </div>
          <div>
            <dt>Reviewer</dt>
            <dd>
              {document.reviewer?.name ?? '—'}
              {document.coReviewer && `, co-reviewer ${document.coReviewer.name}`}
            </dd>
          </div>
          <div>
            <dt>Review</dt>
            <dd>{frequencyLabel(document.reviewFrequency)}</dd>
          </div>
          <div>
            <dt>Next review</dt>
            <dd>{document.nextReviewDate ? displayDay(document.nextReviewDate) : '—'}</dd>
          </div>
          <div>
            <dt>Last review</dt>
            <dd>{document.lastReviewDate ? displayDay(document.lastReviewDate) : '—'}</dd>
          </div>
          <div>
            <dt>Readers</dt>
            <dd>{audience.length ? audience.join(', ') : 'No one is asked to read it'}</dd>
          </div>
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
              {version.file && <DownloadButton file={version.file} />}
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

function Attachments({ document }: { document: TDocumentDetails }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (form: FormData) => sendCall(documentAttachmentUploadCall, { form }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    },
    onError: notifyError,
  });
  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    for (const file of files) {
      const problem = uploadProblem({ name: file.name, size: file.size });
      if (problem) return void toast.error(problem);
    }
    const form = new FormData();
    form.append('_id', document._id);
    for (const file of files) form.append('files', file, file.name);
    add.mutate(form);
  };
  return (
    <section className="card" aria-label="Attachments">
      <div className="card-body stack">
        <div className="row-between">
          <h2 className="card-title">Attachments</h2>
          {document.canManage && (
            <label className="btn btn-sm" htmlFor={inputId}>
              <Plus size={14} aria-hidden="true" /> Add files
              <input
                id={inputId}
                type="file"
                multiple
                className="visually-hidden"
                onChange={(event) => {
                  pick(event.target.files);
                  event.target.value = '';
                }}
              />
            </label>
          )}
        </div>
        {document.attachments.length === 0 ? (
          <p className="text-secondary">No supporting files.</p>
        ) : (
          <ul className="stack">
            {document.attachments.map((file) => (
              <li key={file._id}>
                {file.name} <DownloadButton file={file} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function Actions({ document }: { document: TDocumentDetails }) {
  const [raising, setRaising] = useState(false);
  const complete = useCall(documentActionCompleteCall, { invalidate: [documentKeys.all] });
  return (
    <section className="card list-card" aria-label="Actions">
      <div className="card-body row-between">
        <h2 className="card-title">Actions</h2>
        {document.canManage && (
          <Button size="sm" icon={<Plus size={14} aria-hidden="true" />} onClick={() => setRaising(true)}>
            Raise an action
          </Button>
        )}
      </div>
      {document.actions.length === 0 ? (
        <p className="card-body text-secondary">No actions raised from this document.</p>
      ) : (
        <DataTable columns={['Action', 'Assigned to', 'Due', 'Done']} actions>
          {document.actions.map((action) => (
            <tr key={action._id}>
              <td>{action.instruction}</td>
              <td>{action.assigneeName}</td>
              <td>{displayDay(action.dueDate)}</td>
              <td>{action.completedOn ? displayDay(action.completedOn) : '—'}</td>
              <td className="row-actions">
                {action.canComplete && (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={complete.isPending}
                    onClick={() => complete.mutate({ body: { _id: action._id } })}
                  >
                    Complete
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {raising && <ActionDialog documentId={document._id} onClose={() => setRaising(false)} />}
    </section>
  );
}

function ActionDialog({ documentId, onClose }: { documentId: string; onClose: () => void }) {
  const [instruction, setInstruction] = useState('');
  const [assignee, setAssignee] = useState<Person | null>(null);
  const [dueDate, setDueDate] = useState(() => addDays(browserToday(), 7));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCall(documentActionCreateCall, { invalidate: [documentKeys.all], onSuccess: onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!instruction.trim()) found.instruction = say.instructionRequired;
    if (!assignee) found.assigneeId = say.assigneeRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      { body: { _id: documentId, instruction: instruction.trim(), assigneeId: assignee!.value, dueDate } },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <Dialog title="Raise an action" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField
          label="Instruction"
          rows={3}
          maxLength={2000}
          value={instruction}
          error={errors.instruction}
          onValueChange={setInstruction}
        />
        <PersonField label="Assigned to" person={assignee} error={errors.assigneeId} onChange={setAssignee} />
        <InputField
          label="Due"
          type="date"
          value={dueDate}
          error={errors.dueDate}
          onValueChange={setDueDate}
        />
        <DialogFormActions submitLabel="Raise action" pending={create.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

function Reviews({ document }: { document: TDocumentDetails }) {
  return (
    <section className="card list-card" aria-label="Reviews">
      <div className="card-body">
        <h2 className="card-title">Reviews</h2>
      </div>
      {document.reviews.length === 0 ? (
        <p className="card-body text-secondary">No review has been completed yet.</p>
      ) : (
        <DataTable columns={['Due', 'Completed', 'By', 'Outcome', 'Comments']}>
          {document.reviews.map((review) => (
            <tr key={review._id}>
              <td>{displayDay(review.dueDate)}</td>
              <td>{dateOf(review.completedAt)}</td>
              <td>{review.completedBy ?? '—'}</td>
              <td>{REVIEW_OUTCOME_LABELS[review.outcome]}</td>
              <td>{review.comments ?? '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
