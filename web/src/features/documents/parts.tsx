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
import { downloadAttachment } from '../../components/ActionParts';
import { FileDrop } from '../../components/FileDrop';
import { TextAreaField } from '../../components/FormField';
import { PeopleField } from '../../components/PersonField';
import { FilePreview } from '../../components/FilePreviewDialog';
import { PreviewButton } from '../../components/PreviewableFile';
import { previewKind } from '../../components/previewable';
import { RowButton } from '../../components/RowButton';
import { documentApprovers } from './api';

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

/** A version's file in a list: Preview (an image, a PDF) and Download. */
export function FileButtons({ file, label }: { file: TAttachment; label?: string }) {
  return (
    <>
      <PreviewButton
        size="sm"
        file={{ name: file.name, url: file.path }}
        onDownload={() => downloadAttachment(file)}
      />
      <DownloadButton file={file} label={label} />
    </>
  );
}

/**
 * A version's file in the page: a PDF or an image in the preview (drawn from its bytes, as the
 * preview dialog does); any other type (or no file) says so and offers the download.
 */
export function VersionViewer({ versionId, file }: { versionId: string; file: TAttachment | null }) {
  if (!file) return <p className="text-secondary">The file of this version is not available.</p>;
  const shown = previewKind(file.name) !== null;
  return (
    <div className="stack">
      {shown ? (
        <div className="document-viewer file-preview-inline">
          <FilePreview
            file={{
              name: file.name,
              url: `${API_BASE}${callUrl(documentVersionFileCall, { params: { versionId }, query: { inline: 'yes' } })}`,
            }}
            onDownload={() => downloadAttachment(file)}
          />
        </div>
      ) : (
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
