import { useQuery } from '@tanstack/react-query';
import { Download, FileWarning } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fetchFile } from '../api/client';
import { describeError } from '../api/errors';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';
import { ImageView } from './ImageView';
import { previewKind } from './previewable';
import './preview.css';

// pdf.js (about a megabyte with its worker) loads with the first PDF previewed, never with the app.
const PdfView = lazy(() => import('./PdfView'));

export const PREVIEW_FAILED = 'This file cannot be previewed.';

/** A file to preview: its name (the dialog's title, its type) and the path that answers its bytes. */
export interface PreviewFile {
  name: string;
  url: string;
}

/**
 * A stored image or PDF shown in the page: fetched with the session like a download (files are never
 * public URLs), then drawn from its bytes — an image in an <img> from a blob: URL, a PDF by pdf.js
 * into canvases — so nothing of the file runs in the product's origin. A file that cannot be
 * fetched or read says so and offers the download.
 */
export function FilePreview({
  file,
  onDownload,
  onFetchError,
}: {
  file: PreviewFile;
  onDownload: () => void;
  /** Told of a refused fetch too (the kiosk: a revoked link ends its session). */
  onFetchError?: (error: unknown) => void;
}) {
  const kind = previewKind(file.name);
  const bytes = useQuery({
    queryKey: ['filePreview', file.url],
    enabled: kind !== null,
    staleTime: Infinity,
    // The bytes of one preview: a file opened again is fetched again, none is kept in memory.
    gcTime: 0,
    retry: false,
    meta: { silent: true },
    queryFn: ({ signal }) => fetchFile(file.url, signal),
  });
  const [unreadable, setUnreadable] = useState<string | null>(null);
  useEffect(() => {
    if (bytes.error) onFetchError?.(bytes.error);
  }, [bytes.error, onFetchError]);
  const failure = kind === null ? '' : bytes.isError ? describeError(bytes.error).message : unreadable;

  if (failure !== null) {
    return (
      <div className="file-preview-failed" role="alert">
        <FileWarning size={28} aria-hidden="true" />
        <p>{PREVIEW_FAILED}</p>
        {failure && <p className="text-sm text-secondary">{failure}</p>}
        <Button variant="primary" icon={<Download size={16} aria-hidden="true" />} onClick={onDownload}>
          Download
        </Button>
      </div>
    );
  }
  if (!bytes.data) return <PreviewLoading />;
  if (kind === 'pdf') {
    return (
      <Suspense fallback={<PreviewLoading />}>
        <PdfView data={bytes.data} onError={setUnreadable} />
      </Suspense>
    );
  }
  return <ImageView data={bytes.data} name={file.name} onError={setUnreadable} />;
}

/** The preview in a large dialog (the whole screen on a phone), its download and Close at the foot. */
export function FilePreviewDialog({
  file,
  onDownload,
  onClose,
}: {
  file: PreviewFile;
  onDownload: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title={file.name}
      className="file-preview"
      onClose={onClose}
      footer={
        <>
          <Button icon={<Download size={16} aria-hidden="true" />} onClick={onDownload}>
            Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <FilePreview file={file} onDownload={onDownload} />
    </Dialog>
  );
}

function PreviewLoading() {
  return (
    <div className="dialog-loading file-preview-loading" role="status">
      <Spinner /> Loading…
    </div>
  );
}
