import {
  documentMessages as say,
  documentVersionUploadCall,
  type TDocumentDetails,
  type TPersonRef,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { sendCall } from '../../api/client';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { useDocumentChange } from './api';
import { VersionFields } from './parts';

/** A new version: the file, a note and who approves it (none: published at once). */
export function VersionDialog({
  document,
  title = 'Upload a new version',
  onClose,
}: {
  document: Pick<TDocumentDetails, '_id' | 'name'>;
  title?: string;
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [approvers, setApprovers] = useState<TPersonRef[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useDocumentChange((form: FormData) => sendCall(documentVersionUploadCall, { form }), {
    onSuccess: onClose,
    setErrors,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setErrors((current) => ({ file: current.file ?? say.fileRequired }));
    const form = new FormData();
    form.append(
      'details',
      JSON.stringify({ _id: document._id, note, approverIds: approvers.map((one) => one._id) }),
    );
    form.append('files', file, file.name);
    upload.mutate(form);
  };
  return (
    <Dialog
      title={title}
      description={`${document.name}: the earlier versions stay readable. Without approvers it is published at once.`}
      onClose={onClose}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <VersionFields
          file={file}
          approvers={approvers}
          note={note}
          errors={errors}
          onFile={(picked, problem) => {
            setFile(picked);
            setErrors(problem ? { file: problem } : {});
          }}
          onApprovers={setApprovers}
          onNote={setNote}
        />
        <DialogFormActions submitLabel="Upload" pending={upload.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
