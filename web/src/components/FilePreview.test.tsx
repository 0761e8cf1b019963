import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, withQueryClient } from '../../test/helpers';
import { Dialog } from './Dialog';
import { FilePreviewDialog, PREVIEW_FAILED } from './FilePreviewDialog';
import { PreviewableFile } from './PreviewableFile';
import { previewKind } from './previewable';

// jsdom runs no pdf.js (no canvas, no worker): the PDF view is replaced at its module boundary, and
// what it is handed (the fetched bytes) is what the test checks.
vi.mock('./PdfView', () => ({
  default: ({ data, onError }: { data: Blob; onError: (reason: string) => void }) => (
    <div>
      <p>PDF of {data.size} bytes</p>
      <button type="button" onClick={() => onError('The PDF could not be read.')}>
        Break
      </button>
    </div>
  ),
}));

// Bodies as text: jsdom decodes no image and the PDF view is replaced, so only their length matters.
const PNG = '\x89PNG\r\n';
const PDF = '%PDF-1.4\n%%EOF\n';

/** fetch answering `path` with `bytes` (or a refusal), recording the session header it was sent. */
function serveFile(path: string, answer: string | { status: number; message: string }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== path) return new Response(JSON.stringify(envelope(null, 404, 'Not found.')), { status: 404 });
    if (typeof answer === 'string') return new Response(answer, { status: 200 });
    return new Response(JSON.stringify(envelope(null, answer.status, answer.message)), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('previewKind', () => {
  it('previews images and PDFs by extension, whatever its case', () => {
    expect(previewKind('site photo.JPG')).toBe('image');
    expect(previewKind('a.png')).toBe('image');
    expect(previewKind('a.webp')).toBe('image');
    expect(previewKind('report.v2.pdf')).toBe('pdf');
  });

  it('never previews SVG (it can script), TIFF, office files or a name without extension', () => {
    expect(previewKind('diagram.svg')).toBeNull();
    expect(previewKind('DIAGRAM.SVG')).toBeNull();
    expect(previewKind('scan.tiff')).toBeNull();
    expect(previewKind('plan.docx')).toBeNull();
    expect(previewKind('pdf')).toBeNull();
  });
});

describe('PreviewableFile', () => {
  it('offers an SVG as a download only: its name downloads, no preview is offered', async () => {
    const onDownload = vi.fn();
    render(
      withQueryClient(
        <PreviewableFile file={{ name: 'map.svg', url: '/api/files/1' }} onDownload={onDownload} />,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Preview map.svg' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'map.svg' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens an image from its name or its eye, and downloads from its download button', async () => {
    const fetchMock = serveFile('/api/files/2', PNG);
    const onDownload = vi.fn();
    render(
      withQueryClient(
        <PreviewableFile file={{ name: 'rack.png', url: '/api/files/2' }} onDownload={onDownload} />,
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download rack.png' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'rack.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'rack.png' });
    expect(await within(dialog).findByRole('img', { name: 'rack.png' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Preview rack.png' }));
    await screen.findByRole('dialog', { name: 'rack.png' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('FilePreviewDialog', () => {
  it('shows the loading state, then hands the PDF bytes to the PDF view', async () => {
    serveFile('/api/files/3', PDF);
    render(
      withQueryClient(
        <FilePreviewDialog
          file={{ name: 'close-off.pdf', url: '/api/files/3' }}
          onDownload={vi.fn()}
          onClose={vi.fn()}
        />,
      ),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText(`PDF of ${PDF.length} bytes`)).toBeInTheDocument();
  });

  it('says the file cannot be previewed, with the server’s message and Download, when it cannot be fetched', async () => {
    serveFile('/api/files/4', { status: 404, message: 'The file was not found.' });
    const onDownload = vi.fn();
    render(
      withQueryClient(
        <FilePreviewDialog
          file={{ name: 'gone.pdf', url: '/api/files/4' }}
          onDownload={onDownload}
          onClose={vi.fn()}
        />,
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PREVIEW_FAILED);
    expect(alert).toHaveTextContent('The file was not found.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Download' }));
    expect(onDownload).toHaveBeenCalledTimes(1);
  });

  it('says so when the bytes are not a readable image or PDF', async () => {
    serveFile('/api/files/5', PNG);
    const image = render(
      withQueryClient(
        <FilePreviewDialog
          file={{ name: 'broken.jpg', url: '/api/files/5' }}
          onDownload={vi.fn()}
          onClose={vi.fn()}
        />,
      ),
    );
    fireEvent.error(await screen.findByRole('img', { name: 'broken.jpg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${PREVIEW_FAILED}The image could not be read.`,
    );
    expect(screen.queryByRole('img', { name: 'broken.jpg' })).toBeNull();

    image.unmount();
    serveFile('/api/files/6', PDF);
    render(
      withQueryClient(
        <FilePreviewDialog
          file={{ name: 'broken.pdf', url: '/api/files/6' }}
          onDownload={vi.fn()}
          onClose={vi.fn()}
        />,
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Break' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The PDF could not be read.');
  });

  it('keeps the focus inside and closes on Escape — only itself when opened from another dialog', async () => {
    serveFile('/api/files/7', PDF);
    function Opened() {
      const [outer, setOuter] = useState(true);
      const [preview, setPreview] = useState(false);
      return outer ? (
        <Dialog title="Attachments" onClose={() => setOuter(false)}>
          <button type="button" onClick={() => setPreview(true)}>
            plan.pdf
          </button>
          {preview && (
            <FilePreviewDialog
              file={{ name: 'plan.pdf', url: '/api/files/7' }}
              onDownload={vi.fn()}
              onClose={() => setPreview(false)}
            />
          )}
        </Dialog>
      ) : null;
    }
    render(withQueryClient(<Opened />));
    await userEvent.click(screen.getByRole('button', { name: 'plan.pdf' }));
    const preview = screen.getByRole('dialog', { name: 'plan.pdf' });
    await screen.findByText(`PDF of ${PDF.length} bytes`);
    // The first control (the title's Close) has the focus; Tab cycles within the preview.
    const closeIcon = within(preview).getAllByRole('button', { name: 'Close' })[0]!;
    expect(preview.contains(document.activeElement)).toBe(true);
    closeIcon.focus();
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(within(preview).getAllByRole('button', { name: 'Close' }).at(-1));
    await userEvent.tab();
    expect(document.activeElement).toBe(closeIcon);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'plan.pdf' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Attachments' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the focus on a field that took it as the dialog opened', () => {
    render(
      <Dialog title="Rename" onClose={vi.fn()}>
        <input aria-label="Name" autoFocus />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('shows an image whole, and at its own size after a click or Enter', async () => {
    serveFile('/api/files/8', PNG);
    render(
      withQueryClient(
        <FilePreviewDialog
          file={{ name: 'receipt.jpg', url: '/api/files/8' }}
          onDownload={vi.fn()}
          onClose={vi.fn()}
        />,
      ),
    );
    await screen.findByRole('img', { name: 'receipt.jpg' });
    const toggle = screen.getByRole('button', { name: 'receipt.jpg' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(toggle).toHaveAttribute('title', 'Show at full size');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAttribute('title', 'Fit to the window');
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
