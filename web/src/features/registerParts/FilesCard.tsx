import { deleteAttachmentCall, type TAttachment } from '@compass/shared';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { changeLogKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList } from '../../components/ActionParts';
import { AddFilesButton } from '../../components/AddFilesButton';
import type { RegisterCalls } from './api';

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

/** A register item's files: added and deleted by whoever edits the item (the change log says so). */
export function ItemFilesCard({
  itemId,
  attachments,
  ownerType,
  calls,
  queryKey,
}: {
  itemId: string;
  attachments: TAttachment[];
  ownerType: 'risk' | 'hazardousSubstance';
  calls: RegisterCalls;
  queryKey: readonly unknown[];
}) {
  const changes = [queryKey, changeLogKeys.all];
  const add = useCall(calls.filesAdd, { invalidate: changes });
  const remove = useCall(deleteAttachmentCall, { invalidate: changes });
  return (
    <FilesCard
      id="files-title"
      recordId={itemId}
      attachments={attachments}
      empty="No files attached."
      upload={{ pending: add.isPending, onUpload: (form) => add.mutate({ form }) }}
      remove={{
        pending: remove.isPending,
        onDelete: (file) => remove.mutate({ body: { fileType: ownerType, fileId: file._id, _id: itemId } }),
      }}
    />
  );
}
