import {
  ALLOWED_UPLOAD_EXTENSIONS,
  fieldConfig,
  fieldFileLimitProblem,
  MAX_FILES_PER_UPLOAD,
  uploadProblem,
} from '@compass/shared';
import imageCompression from 'browser-image-compression';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { notifyError } from '../api/errors';
import { Button } from '../components/Button';
import { ActionAttachmentList, downloadAttachment } from '../components/ActionParts';
import { FieldFrame, useFieldIds } from './FieldFrame';
import type { FieldAttachment, FieldProps } from './props';

/** 001 section 5: image uploads of these kinds are compressed in the browser before upload. */
export const COMPRESSED_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'gif', 'png'] as const;

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

function extensionOf(name: string): string {
  return name.split('.').pop()?.toLowerCase() ?? '';
}

/**
 * Compresses a photo (at most 2000 px a side, about 1 MB) and keeps its name; returns the file
 * unchanged when it is not one of the compressed kinds, when compression fails, or when the
 * result is not smaller. The server compresses again, so a failure here loses nothing.
 */
export async function compressImage(file: File): Promise<File> {
  if (!(COMPRESSED_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return file;
  try {
    const compressed = await imageCompression(file, {
      maxSizeMB: 1,
      maxWidthOrHeight: 2000,
      // Its worker would load the library from a CDN through a blob: script, which the page's
      // policy (and an offline site) refuses; a photo or two compresses well on the page.
      useWebWorker: false,
    });
    if (compressed.size >= file.size) return file;
    return new File([compressed], file.name, {
      type: compressed.type || file.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  }
}

/**
 * Why newly chosen files cannot be added to the `alreadyChosen` ones waiting for upload (too many
 * for one upload, or a file's kind or size), or null when they can.
 */
export function chosenFilesProblem(chosen: File[], alreadyChosen: number): string | null {
  if (chosen.length + alreadyChosen > MAX_FILES_PER_UPLOAD)
    return `Choose at most ${MAX_FILES_PER_UPLOAD} files at a time.`;
  return chosen.map((file) => uploadProblem(file)).find(Boolean) ?? null;
}

/**
 * Stored attachments (download; delete after 'Are you sure want to delete this file?') and files
 * chosen for upload on the next save, photos compressed first.
 */
export function FileField({ field, readOnly, error, files }: FieldProps<'file'>) {
  const ids = useFieldIds(field, error);
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const existing = files.existing.filter((attachment) => attachment.relatedFormId === field._id);
  const pending = files.pending[field._id] ?? [];
  const maxFiles = fieldConfig('file', field).optionVal?.maxFiles;
  const canAdd = !readOnly && Boolean(files.onAdd);

  const choose = async (chosen: FileList | null) => {
    const list = Array.from(chosen ?? []);
    if (list.length === 0) return;
    const issue =
      chosenFilesProblem(list, pending.length) ??
      fieldFileLimitProblem(maxFiles, existing.length + pending.length + list.length);
    setProblem(issue);
    if (issue) return;
    setBusy(true);
    try {
      const ready = await Promise.all(list.map(compressImage));
      files.onAdd?.(field._id, ready);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (attachment: FieldAttachment) => {
    try {
      await files.onDelete?.(attachment);
    } catch (failure) {
      notifyError(failure);
    }
  };

  const message = problem ?? error;
  return (
    <FieldFrame field={field} ids={ids} error={message} as="text">
      <ActionAttachmentList
        className="field-files"
        labelledBy={ids.labelId}
        stored={existing}
        pending={pending}
        pendingNote="(uploads on save)"
        onDownload={downloadAttachment}
        onDelete={!readOnly && files.onDelete ? (attachment) => void remove(attachment) : undefined}
        onRemove={
          !readOnly && files.onRemovePending
            ? (index) => files.onRemovePending?.(field._id, pending[index]!)
            : undefined
        }
      />
      {canAdd && (
        <div>
          <input
            ref={inputRef}
            id={ids.inputId}
            type="file"
            multiple
            accept={ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-labelledby={ids.labelId}
            onChange={(event) => {
              void choose(event.target.files);
              event.target.value = '';
            }}
          />
          <Button
            size="sm"
            icon={<Upload size={14} aria-hidden="true" />}
            loading={busy}
            aria-describedby={ids.describedBy}
            onClick={() => inputRef.current?.click()}
          >
            Choose files
          </Button>
          {maxFiles && (
            <span className="text-sm text-secondary">
              {' '}
              Up to {maxFiles} file{maxFiles === 1 ? '' : 's'}
            </span>
          )}
        </div>
      )}
    </FieldFrame>
  );
}
