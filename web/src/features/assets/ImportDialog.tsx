import { ASSET_IMPORT_COLUMNS, assetImportCall, assetMessages as say } from '@compass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, sendCall } from '../../api/client';
import { describeError } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { FormField } from '../../components/FormField';
import { ASSET_MAINTENANCE_WRITES } from './api';

/** The import's template: the columns' names as the first line, built here so it cannot drift. */
const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(`${ASSET_IMPORT_COLUMNS.join(',')}\r\n`)}`;

/**
 * Import assets from a CSV file: the server takes all lines or none, so a failure lists every
 * problem line (the 400's messages) and nothing was added; a success says how many were added and
 * changed, and leaves the dialog open on that message.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append('file', chosen, chosen.name);
      return sendCall(assetImportCall, { form });
    },
    // The dialog shows the failure's lines itself.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all(ASSET_MAINTENANCE_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(say.importFileRequired);
    upload.mutate(file);
  };
  const failure = upload.error ? failureLines(upload.error) : null;
  return (
    <Dialog
      title="Import assets"
      description="A CSV file with the template's columns; a line whose number is already known changes that asset."
      onClose={onClose}
      dismissable={!upload.isPending}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <a href={TEMPLATE_URL} download="asset-import-template.csv">
          Download template
        </a>
        <FormField label="CSV file" error={problem}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv"
              className="input"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setProblem(null);
                upload.reset();
              }}
            />
          )}
        </FormField>
        {upload.data && (
          <p className="alert alert-success" role="status">
            {say.imported(upload.data.data.created, upload.data.data.updated)}
          </p>
        )}
        {failure && (
          <div className="alert alert-danger" role="alert">
            <p>{failure.message}</p>
            {failure.lines.length > 0 && (
              <ul>
                {failure.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <DialogFormActions submitLabel="Upload" pending={upload.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** A refused import: its message, and each problem line the server listed apart from it. */
function failureLines(error: Error): { message: string; lines: string[] } {
  const message = describeError(error).message;
  const lines =
    error instanceof ApiError
      ? error.validationErrors.map((entry) => entry.message).filter((line) => line !== message)
      : [];
  return { message, lines };
}
