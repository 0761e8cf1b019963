import {
  DOCUMENT_VERSION_STATUS_LABELS,
  documentVersionFileCall,
  formatBytes,
  type DocumentVersionStatus,
  type TAttachment,
  type TPersonRef,
} from '@compass/shared';
import { Download } from 'lucide-react';
import { API_BASE, callUrl } from '../../api/client';
import { useFileObjectUrl } from '../../api/fileObjectUrl';
import { downloadAttachment } from '../../components/ActionParts';
import { FileDrop } from '../../components/FileDrop';
import { TextAreaField } from '../../components/FormField';
import { PeopleField } from '../../components/PersonField';
import { RowButton } from '../../components/RowButton';
import { documentApprovers, documentKeys } from './api';

/** What a browser shows itself (its PDF viewer, an image); other files are downloaded. */
const SHOWN = new Set(['pdf', 'png', 'jpg', 'jpeg', 'jfif', 'gif', 'webp', 'bmp', 'avif']);

const STATUS_BADGES: Record<DocumentVersionStatus, string> = {
  published: 'badge-success',
  approvalPending: 'badge-warning',
  rejected: 'badge-danger',
};

export function StatusBadge({ status }: { status: DocumentVersionStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{DOCUMENT_VERSION_STATUS_LABELS[status]}</span>;
}

export function DownloadButton({ file, label = 'Download' }: { file: TAttachment; label?: string }) {
  return (
    <RowButton icon={Download} label={`${label} ${file.name}`} onClick={() => downloadAttachment(file)}>
      {label}
    </RowButton>
  );
}

/**
 * A version's file in the page: a PDF in the browser's viewer, an image as an image; any other
 * type (or no file) says so and offers the download.
 */
export function VersionViewer({ versionId, file }: { versionId: string; file: TAttachment | null }) {
  const shown = !!file && SHOWN.has(file.fileType ?? '');
  const url = useFileObjectUrl(
    [...documentKeys.all, 'view', versionId],
    shown
      ? `${API_BASE}${callUrl(documentVersionFileCall, { params: { versionId }, query: { inline: 'yes' } })}`
      : null,
  );
  if (!file) return <p className="text-secondary">The file of this version is not available.</p>;
  return (
    <div className="stack">
      {shown && url.isPending && <p className="text-secondary">Opening the document…</p>}
      {shown && url.isError && (
        <p className="text-secondary">The document could not be shown here: download it to read it.</p>
      )}
      {shown && url.data && file.fileType === 'pdf' && (
        <iframe className="document-viewer" title={file.name} src={url.data} />
      )}
      {shown && url.data && file.fileType !== 'pdf' && (
        <img className="document-viewer-image" src={url.data} alt={file.name} />
      )}
      {!shown && (
        <p className="text-secondary">
          Your browser cannot show {file.fileType?.toUpperCase() ?? 'this'} files: download it to read it.
        </p>
      )}
      <div>
        <DownloadButton file={file} label={`Download (${formatBytes(file.size)})`} />
      </div>
    </div>
  );
}

/** What a new version asks, on upload and as a new version: the file, who approves it, a note. */
export function VersionFields({
  file,
  approvers,
  note,
  errors,
  onFile,
  onApprovers,
  onNote,
}: {
  file: File | null;
  approvers: TPersonRef[];
  note: string;
  errors: Record<string, string>;
  onFile: (file: File | null, problem: string | null) => void;
  onApprovers: (approvers: TPersonRef[]) => void;
  onNote: (note: string) => void;
}) {
  return (
    <>
      <FileDrop label="File" file={file} error={errors.file} onChange={onFile} />
      <TextAreaField
        label="What changed (optional)"
        rows={2}
        maxLength={2000}
        value={note}
        onValueChange={onNote}
      />
      <PeopleField
        label="Approvers (optional)"
        people={approvers}
        error={errors.approverIds}
        onChange={onApprovers}
        {...documentApprovers}
      />
    </>
  );
}
