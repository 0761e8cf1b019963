import {
  displayDay,
  messages,
  type TaskDueType,
  type TAssignedActionDetails,
  type TAttachment,
} from '@compass/shared';
import { Download, Paperclip, Trash2, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { DueMarker } from './DueMarker';
import { Button } from './Button';
import { FieldError } from './FieldError';

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
 * `children` are the rows before them (the question or reference).
 */
export function ActionFacts({
  details,
  dueType,
  children,
}: {
  details: Pick<
    TAssignedActionDetails,
    'instruction' | 'assignToName' | 'assignToType' | 'dueDate' | 'completeStatus' | 'completedOn'
  >;
  dueType: TaskDueType;
  children?: ReactNode;
}) {
  return (
    <dl className="detail-list">
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
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        Response
      </label>
      <textarea
        id={id}
        className="input"
        rows={rows}
        value={value}
        readOnly={readOnly}
        aria-invalid={error === messages.action.responseRequired}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * The action's stored attachments (download; delete after 'Are you sure want to delete this
 * file?') and the files chosen for the next save. Without `onDelete`/`onRemove` they only show.
 */
export function ActionAttachmentList({
  stored,
  pending,
  onDownload,
  onDelete,
  deleteDisabled,
  onRemove,
  removeDisabled,
}: {
  stored: TAttachment[];
  pending: File[];
  onDownload: (file: TAttachment) => void;
  onDelete?: (file: TAttachment) => void;
  deleteDisabled?: boolean;
  /** Takes the chosen file's index. */
  onRemove?: (index: number) => void;
  removeDisabled?: boolean;
}) {
  return (
    <ul className="attachment-list">
      {stored.map((file) => (
        <li key={file._id} className="row">
          <button type="button" className="attachment-link" onClick={() => onDownload(file)}>
            <Download size={14} aria-hidden="true" />
            {file.name}
          </button>
          {onDelete && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${file.name}`}
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
          </span>
          {onRemove && (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${file.name}`}
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
