import { deleteAttachmentCall, type TAttachment } from '@compass/shared';
import { changeLogKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { AddFilesButton } from '../../components/AddFilesButton';
import { Card } from '../../components/Card';
import type { RegisterCalls } from './api';

/**
 * A record's files card: each downloaded, deleted where `onDelete` is given, and Add files while
 * `upload` is given (the files checked in the browser, then sent as one form).
 */
export function FilesCard({
  recordId,
  attachments,
  empty,
  upload,
  remove,
}: {
  recordId: string;
  attachments: TAttachment[];
  /** What an empty card says; nothing when not given. */
  empty?: string;
  upload: { pending: boolean; onUpload: (form: FormData) => void } | null;
  remove?: { pending: boolean; onDelete: (file: TAttachment) => void };
}) {
  return (
    <Card title="Files" flat>
      {empty && attachments.length === 0 && <p className="text-secondary">{empty}</p>}
      <ActionAttachmentList
        stored={attachments}
        pending={[]}
        onDownload={downloadAttachment}
        onDelete={remove?.onDelete}
        deleteDisabled={remove?.pending}
      />
      {upload && <AddFilesButton recordId={recordId} pending={upload.pending} onUpload={upload.onUpload} />}
    </Card>
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
