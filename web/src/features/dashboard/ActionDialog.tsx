import {
  ALLOWED_UPLOAD_EXTENSIONS,
  auditDetailsPath,
  formTaskPath,
  messages,
  obligationEditPath,
  uploadProblem,
  ZAssignedActionSaveRequest,
  type TAssignedActionDetails,
  type TAssignedActionItem,
  type TAssignedActionKind,
  type TAttachment,
} from '@compass/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Download, Paperclip, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { api, apiSend, downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { Spinner } from '../../components/Spinner';
import { browserTimeZone, dashboardKeys } from './api';
import { DueMarker, formatDay } from './TaskSection';

interface ActionDialogProps {
  item: TAssignedActionItem;
  onClose: () => void;
  /** Link to the audit / obligation / form (employees only: external parties have no such pages). */
  showParentLink?: boolean;
}

const TITLES: Record<TAssignedActionKind, string> = {
  audit: 'Audit action',
  obligation: 'Obligation action',
  form: 'Form action',
};

const OWNER_TYPE = { audit: 'auditTask', obligation: 'obligationTask', form: 'action' } as const;

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const detailsKey = (kind: TAssignedActionKind, taskId: string) => ['assignedAction', kind, taskId] as const;

function parentLink(details: TAssignedActionDetails): { to: string; label: string } | null {
  if (details.auditId) return { to: auditDetailsPath(details.auditId), label: 'Open the audit' };
  if (details.obligationId)
    return { to: obligationEditPath(details.obligationId), label: 'Open the obligation' };
  if (details.formSubmissionId) {
    return { to: formTaskPath(details.formSubmissionId, details._id), label: 'Open the form' };
  }
  return null;
}

/**
 * The audit question, obligation question and form-submission task dialogs (000 sections 2.2
 * and 4): the due date is read-only; Save Draft keeps the response open, Complete needs one.
 */
export function ActionDialog({ item, onClose, showParentLink = true }: ActionDialogProps) {
  const kind = item.sectionType as TAssignedActionKind;
  const queryClient = useQueryClient();
  const responseId = useId();
  const filesId = useId();
  const errorId = useId();
  const key = detailsKey(kind, item.taskID);
  const details = useQuery({
    queryKey: key,
    queryFn: () =>
      api.post<TAssignedActionDetails>('/assignedActionDetails', { sectionType: kind, taskId: item.taskID }),
  });
  const [response, setResponse] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const currentResponse = response ?? details.data?.response ?? '';
  const readOnly = details.data?.completeStatus === 'yes';

  const save = useMutation({
    mutationFn: async (completeStatus: 'yes' | 'no') => {
      const form = new FormData();
      form.set('sectionType', kind);
      form.set('taskId', item.taskID);
      form.set('response', currentResponse);
      form.set('completeStatus', completeStatus);
      form.set('localTimeZone', browserTimeZone());
      for (const file of files) form.append('files', file, file.name);
      return apiSend<null>('POST', '/assignedActionSave', form);
    },
    onSuccess: async (result) => {
      toast.success(result.message);
      await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
      await queryClient.invalidateQueries({ queryKey: key });
      onClose();
    },
    onError: notifyError,
  });

  const remove = useMutation({
    mutationFn: (file: TAttachment) =>
      api.post<null>('/deleteAttachment', { fileType: OWNER_TYPE[kind], fileId: file._id, _id: item.taskID }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: notifyError,
  });

  const submit = (completeStatus: 'yes' | 'no') => {
    const parsed = ZAssignedActionSaveRequest.safeParse({
      sectionType: kind,
      taskId: item.taskID,
      response: currentResponse,
      completeStatus,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.action.responseRequired);
      return;
    }
    setError(null);
    save.mutate(completeStatus);
  };

  const addFiles = (chosen: FileList | null) => {
    const list = Array.from(chosen ?? []);
    const problem = list.map((file) => uploadProblem(file)).find(Boolean);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setFiles((previous) => [...previous, ...list]);
  };

  const link = details.data && showParentLink ? parentLink(details.data) : null;
  const busy = save.isPending;

  return (
    <Dialog
      title={TITLES[kind]}
      description={item.itemName}
      onClose={onClose}
      dismissable={!busy}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Close
          </Button>
          {details.data && !readOnly && (
            <>
              <Button onClick={() => submit('no')} loading={busy && save.variables === 'no'} disabled={busy}>
                Save Draft
              </Button>
              <Button
                variant="primary"
                onClick={() => submit('yes')}
                loading={busy && save.variables === 'yes'}
                disabled={busy}
              >
                Complete
              </Button>
            </>
          )}
        </>
      }
    >
      {details.isPending && (
        <div className="dialog-loading">
          <Spinner /> Loading…
        </div>
      )}
      {details.isError && (
        <p className="form-error" role="alert">
          This action could not be loaded.{' '}
          <Button size="sm" variant="ghost" onClick={() => void details.refetch()}>
            Retry
          </Button>
        </p>
      )}
      {details.data && (
        <>
          <dl className="detail-list">
            <div>
              <dt>{kind === 'audit' ? 'Question' : 'Reference'}</dt>
              <dd>{details.data.question ?? details.data.reference ?? '—'}</dd>
            </div>
            <div>
              <dt>Instruction</dt>
              <dd className="preserve-lines">{details.data.instruction || '—'}</dd>
            </div>
            <div>
              <dt>Assigned to</dt>
              <dd>
                {details.data.assignToName || '—'}
                <span className="text-sm text-secondary">
                  {' '}
                  ({details.data.assignToType === 'external' ? 'External' : 'Internal'})
                </span>
              </dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd className="row">
                {formatDay(details.data.dueDate)}
                <DueMarker type={item.taskDueDateType} />
              </dd>
            </div>
            {readOnly && details.data.completedOn && (
              <div>
                <dt>Completed</dt>
                <dd>{formatDay(details.data.completedOn)}</dd>
              </div>
            )}
          </dl>

          <div className="field">
            <label htmlFor={responseId} className="field-label">
              Response
            </label>
            <textarea
              id={responseId}
              className="input"
              rows={4}
              value={currentResponse}
              readOnly={readOnly}
              aria-invalid={error === messages.action.responseRequired}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setResponse(event.target.value)}
            />
            <FieldError id={errorId} message={error} />
          </div>

          <div className="field">
            <span className="field-label">Attachments</span>
            <ul className="attachment-list">
              {details.data.attachment.map((file) => (
                <li key={file._id} className="row">
                  <button
                    type="button"
                    className="attachment-link"
                    onClick={() => void downloadFile(file.path, file.name).catch(notifyError)}
                  >
                    <Download size={14} aria-hidden="true" />
                    {file.name}
                  </button>
                  {!readOnly && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${file.name}`}
                      icon={<Trash2 size={14} aria-hidden="true" />}
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(messages.common.deleteFileConfirm)) remove.mutate(file);
                      }}
                    />
                  )}
                </li>
              ))}
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`} className="row">
                  <span className="attachment-link is-pending">
                    <Paperclip size={14} aria-hidden="true" />
                    {file.name}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${file.name}`}
                    icon={<X size={14} aria-hidden="true" />}
                    onClick={() => setFiles((previous) => previous.filter((_, at) => at !== index))}
                  />
                </li>
              ))}
              {details.data.attachment.length === 0 && files.length === 0 && (
                <li className="text-sm text-secondary">No files attached.</li>
              )}
            </ul>
            {!readOnly && (
              <>
                <label htmlFor={filesId} className="visually-hidden">
                  Add files
                </label>
                <input
                  id={filesId}
                  type="file"
                  multiple
                  accept={ACCEPT}
                  onChange={(event) => {
                    addFiles(event.target.files);
                    event.target.value = '';
                  }}
                />
              </>
            )}
          </div>

          {link && (
            <p className="dialog-link">
              <Link to={link.to}>
                {link.label}
                <ArrowRight size={14} aria-hidden="true" />
              </Link>
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
