import { Download, Eye, FileImage, FileText } from 'lucide-react';
import { Button } from './Button';
import { IconButton } from './IconButton';
import type { PreviewFile } from './FilePreviewDialog';
import { previewKind } from './previewable';
import { useFilePreview } from './useFilePreview';

/**
 * A stored file's name and what it offers. An image or a PDF opens in the preview from its name or
 * its eye, with its download beside them; any other file (an SVG too) downloads from its name.
 */
export function PreviewableFile({ file, onDownload }: { file: PreviewFile; onDownload: () => void }) {
  const preview = useFilePreview();
  const kind = previewKind(file.name);
  if (!kind) {
    return (
      <button type="button" className="attachment-link file-name" onClick={onDownload}>
        <Download size={14} aria-hidden="true" />
        {file.name}
      </button>
    );
  }
  const open = () => preview.open({ ...file, download: onDownload });
  const Icon = kind === 'pdf' ? FileText : FileImage;
  return (
    <>
      <button type="button" className="attachment-link file-name" onClick={open}>
        <Icon size={14} aria-hidden="true" />
        {file.name}
      </button>
      <IconButton label={`Preview ${file.name}`} icon={<Eye size={14} aria-hidden="true" />} onClick={open} />
      <IconButton
        label={`Download ${file.name}`}
        icon={<Download size={14} aria-hidden="true" />}
        onClick={onDownload}
      />
      {preview.dialog}
    </>
  );
}

/**
 * "Preview" beside a file's own download button (a close-off PDF, a document's version); nothing
 * for a file the preview does not show.
 */
export function PreviewButton({
  file,
  onDownload,
  label = 'Preview',
  size,
  name,
}: {
  file: PreviewFile;
  onDownload: () => void;
  label?: string;
  size?: 'sm';
  /** The button's name where the file's own would not say which row ("Preview the certificate of …"). */
  name?: string;
}) {
  const preview = useFilePreview();
  if (!previewKind(file.name)) return null;
  return (
    <>
      <Button
        size={size}
        variant={size ? 'ghost' : undefined}
        icon={<Eye size={size ? 14 : 16} aria-hidden="true" />}
        aria-label={name ?? (size ? `${label} ${file.name}` : undefined)}
        onClick={() => preview.open({ ...file, download: onDownload })}
      >
        {label}
      </Button>
      {preview.dialog}
    </>
  );
}
