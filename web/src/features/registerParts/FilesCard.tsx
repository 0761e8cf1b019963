import type { TAttachment } from '@compass/shared';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { ActionAttachmentList } from '../../components/ActionParts';
import { AddFilesButton } from '../../components/AddFilesButton';

/**
 * A record's files card: each downloaded, deleted where `onDelete` is given, and Add files while
 * `upload` is given (the files checked in the browser, then sent as one form).
 */
export function FilesCard({
  id,
  recordId,
  attachments,
  empty,
  upload,
  remove,
}: {
  /** The heading's id (the card is labelled by it). */
  id: string;
  recordId: string;
  attachments: TAttachment[];
  /** What an empty card says; nothing when not given. */
  empty?: string;
  upload: { pending: boolean; onUpload: (form: FormData) => void } | null;
  remove?: { pending: boolean; onDelete: (file: TAttachment) => void };
}) {
  return (
    <section className="card card-body stack" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        Files
      </h2>
      {empty && attachments.length === 0 && <p className="text-secondary">{empty}</p>}
      <ActionAttachmentList
        stored={attachments}
        pending={[]}
        onDownload={(file) => void downloadFile(file.path, file.name).catch(notifyError)}
        onDelete={remove?.onDelete}
        deleteDisabled={remove?.pending}
      />
      {upload && <AddFilesButton recordId={recordId} pending={upload.pending} onUpload={upload.onUpload} />}
    </section>
  );
}
