import {
  ALLOWED_UPLOAD_EXTENSIONS,
  deleteAttachmentCall,
  uploadProblem,
  type TAttachment,
} from '@compass/shared';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { downloadFile } from '../../api/client';
import { fieldErrorsOf, notifyError } from '../../api/errors';
import { changeLogKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import type { RegisterCalls } from './api';

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The item's files: download, delete, add (checked in the browser, then by the server). */
export function AttachmentsCard({
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
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useCall(calls.filesAdd, { invalidate: [queryKey, changeLogKeys.all] });
  const remove = useCall(deleteAttachmentCall, { invalidate: [queryKey, changeLogKeys.all] });
  const choose = (files: File[]) => {
    const problem = files.map((file) => uploadProblem({ name: file.name, size: file.size })).find(Boolean);
    setError(problem ?? null);
    if (problem || files.length === 0) return;
    const form = new FormData();
    form.append('_id', itemId);
    for (const file of files) form.append('files', file, file.name);
    add.mutate({ form }, { onError: (failure) => setError(fieldErrorsOf(failure).files ?? null) });
  };
  return (
    <section className="card" aria-labelledby="files-title">
      <div className="card-header row">
        <h2 id="files-title">Attachments</h2>
        <Button
          size="sm"
          icon={<Upload size={16} aria-hidden="true" />}
          loading={add.isPending}
          onClick={() => input.current?.click()}
        >
          Add files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label="Files to attach"
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      <div className="card-body stack">
        <FieldError id={`${itemId}-files-error`} message={error} />
        {attachments.length === 0 ? (
          <p className="text-secondary">No files attached.</p>
        ) : (
          <ActionAttachmentList
            stored={attachments}
            pending={[]}
            onDownload={(file) => void downloadFile(file.path, file.name).catch(notifyError)}
            onDelete={(file) =>
              remove.mutate({ body: { fileType: ownerType, fileId: file._id, _id: itemId } })
            }
            deleteDisabled={remove.isPending}
          />
        )}
      </div>
    </section>
  );
}
