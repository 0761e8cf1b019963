import { useState } from 'react';
import { FilePreviewDialog, type PreviewFile } from './FilePreviewDialog';

/** A file being previewed, with how the dialog's Download gets it (the list's own download). */
interface Previewing extends PreviewFile {
  download: () => void;
}

/**
 * The preview of a list's files: `open` shows one, `dialog` is where the list renders it (nothing
 * while none is open).
 */
export function useFilePreview() {
  const [previewing, setPreviewing] = useState<Previewing | null>(null);
  const dialog = previewing && (
    <FilePreviewDialog
      file={previewing}
      onDownload={previewing.download}
      onClose={() => setPreviewing(null)}
    />
  );
  return { open: setPreviewing, dialog };
}
