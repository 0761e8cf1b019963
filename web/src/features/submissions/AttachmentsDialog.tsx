import { messages, type TSubmissionAttachment, type TTemplateField } from '@compass/shared';
import { Trash2 } from 'lucide-react';
import { StoredFile } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';

interface AttachmentsDialogProps {
  attachments: TSubmissionAttachment[];
  fieldList: TTemplateField[];
  /** Present in the edit variant (Edit View Attachments): deletes after the spec's confirm. */
  onDelete?: (attachment: TSubmissionAttachment) => void | Promise<void>;
  onClose: () => void;
}

/**
 * View Attachments / Edit View Attachments (001 section 2.2): every file of the submission by the
 * field it belongs to, downloaded by attachment id; the edit variant can delete.
 */
export function AttachmentsDialog({ attachments, fieldList, onDelete, onClose }: AttachmentsDialogProps) {
  const label = (fieldId: string | null) => fieldList.find((field) => field._id === fieldId)?.level ?? 'Form';
  return (
    <Dialog
      title={onDelete ? 'Edit View Attachments' : 'View Attachments'}
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {attachments.length === 0 ? (
        <p className="text-secondary">No files are attached to this form.</p>
      ) : (
        <ul className="attachment-list submission-attachments">
          {attachments.map((file) => (
            <li key={file._id} className="row-between">
              <span className="row">
                <StoredFile file={file} />
                <span className="text-sm text-secondary"> {label(file.relatedFormId)}</span>
              </span>
              {onDelete && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="btn-icon"
                  aria-label={`Delete ${file.name}`}
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  onClick={() => {
                    if (window.confirm(messages.common.deleteFileConfirm)) void onDelete(file);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
