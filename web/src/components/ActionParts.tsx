import {
  displayDay,
  messages,
  type TaskDueType,
  type TAssignedActionDetails,
  type TAttachment,
} from '@compass/shared';
import { Paperclip, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { downloadFile } from '../api/client';
import { notifyError } from '../api/errors';
import { DueMarker } from './DueMarker';
import { FormField } from './FormField';
import { IconButton } from './IconButton';
import { PreviewableFile } from './PreviewableFile';

/**
 * The pieces an action's page and its dialog share (the external task page, 001 section 2.4, and
 * the dashboard's action dialog, 000 section 4): who it is assigned to and when it is due, the
 * response, and the attachments.
 */

/** The 'Assigned to' and 'Due' rows of an action's detail list. */
export function AssigneeAndDue({
  name,
  external,
  due,
  dueType,
}: {
  name: string;
  external: boolean;
  due: string;
  dueType: TaskDueType;
}) {
  return (
    <>
      <div>
        <dt>Assigned to</dt>
        <dd>
          {name || '—'}
          <span className="text-sm text-secondary"> ({external ? 'External' : 'Internal'})</span>
        </dd>
      </div>
      <div>
        <dt>Due</dt>
        <dd className="row">
          {displayDay(due)}
          <DueMarker type={dueType} />
        </dd>
      </div>
    </>
  );
}

/**
 * An action's detail list: its instruction, assignee, due day and, once completed, the day it was;
 * `children` are the rows before them (the question or reference), `after` the rows after them.
 */
export function ActionFacts({
  details,
  dueType,
  className,
  after,
  children,
}: {
  details: Pick<
    TAssignedActionDetails,
    'instruction' | 'assignToName' | 'assignToType' | 'dueDate' | 'completeStatus' | 'completedOn'
  >;
  dueType: TaskDueType;
  className?: string;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <dl className={className ? `detail-list ${className}` : 'detail-list'}>
      {children}
      <div>
        <dt>Instruction</dt>
        <dd className="preserve-lines">{details.instruction || '—'}</dd>
      </div>
      <AssigneeAndDue
        name={details.assignToName}
        external={details.assignToType === 'external'}
        due={details.dueDate}
        dueType={dueType}
      />
      {details.completeStatus === 'yes' && details.completedOn && (
        <div>
          <dt>Completed</dt>
          <dd>{displayDay(details.completedOn)}</dd>
        </div>
      )}
      {after}
    </dl>
  );
}

/** The action's response, with the save's error under it. */
export function ActionResponse({
  value,
  onChange,
  readOnly,
  rows,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  rows: number;
  error: string | null;
}) {
  return (
    <FormField label="Response" error={error}>
      {(control) => (
        <textarea
          {...control}
          // Only a missing response is the text's fault; a failed save is not.
          aria-invalid={error === messages.action.responseRequired || undefined}
          className="input"
          rows={rows}
          value={value}
          readOnly={readOnly}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}

/** Downloads a stored attachment; a failure shows as the error toast. */
export function downloadAttachment(file: Pick<TAttachment, 'path' | 'name'>): void {
  void downloadFile(file.path, file.name).catch(notifyError);
}

/** A stored attachment by its name: previewed (an image, a PDF) or downloaded, and downloadable. */
export function StoredFile({ file }: { file: Pick<TAttachment, 'path' | 'name'> }) {
  return (
    <PreviewableFile file={{ name: file.name, url: file.path }} onDownload={() => downloadAttachment(file)} />
  );
}

/**
 * Stored attachments (preview, download; delete after 'Are you sure want to delete this file?') and
 * the files chosen for the next save (`pendingNote` after their names). Without
 * `onDelete`/`onRemove` they only show.
 */
export function ActionAttachmentList<F extends Pick<TAttachment, '_id' | 'name' | 'path'>>({
  stored,
  pending,
  onDownload,
  fileUrl = (file) => file.path,
  onDelete,
  deleteDisabled,
  onRemove,
  removeDisabled,
  pendingNote,
  className,
  labelledBy,
}: {
  stored: F[];
  pending: File[];
  onDownload: (file: F) => void;
  /** Where a file's bytes are read for its preview (the link pages add their token); its path by default. */
  fileUrl?: (file: F) => string;
  onDelete?: (file: F) => void;
  deleteDisabled?: boolean;
  /** Takes the chosen file's index. */
  onRemove?: (index: number) => void;
  removeDisabled?: boolean;
  pendingNote?: string;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <ul
      className={className ? `attachment-list ${className}` : 'attachment-list'}
      aria-labelledby={labelledBy}
    >
      {stored.map((file) => (
        <li key={file._id} className="row">
          <PreviewableFile
            file={{ name: file.name, url: fileUrl(file) }}
            onDownload={() => onDownload(file)}
          />
          {onDelete && (
            <IconButton
              label={`Delete ${file.name}`}
              icon={<Trash2 size={14} aria-hidden="true" />}
              disabled={deleteDisabled}
              onClick={() => {
                if (window.confirm(messages.common.deleteFileConfirm)) onDelete(file);
              }}
            />
          )}
        </li>
      ))}
      {pending.map((file, index) => (
        <li key={`${file.name}-${index}`} className="row">
          <span className="attachment-link is-pending">
            <Paperclip size={14} aria-hidden="true" />
            {file.name}
            {pendingNote && <span className="text-muted text-sm">{pendingNote}</span>}
          </span>
          {onRemove && (
            <IconButton
              label={`Remove ${file.name}`}
              icon={<X size={14} aria-hidden="true" />}
              disabled={removeDisabled}
              onClick={() => onRemove(index)}
            />
          )}
        </li>
      ))}
      {stored.length === 0 && pending.length === 0 && (
        <li className="text-sm text-secondary">No files attached.</li>
      )}
    </ul>
  );
}
