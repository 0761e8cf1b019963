import { ChevronLeft, ChevronRight, Scan, ZoomIn, ZoomOut } from 'lucide-react';
import {
  getDocument,
  GlobalWorkerOptions,
  PixelsPerInch,
  RenderingCancelledException,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from './Button';
import { IconButton } from './IconButton';
import { Spinner } from './Spinner';

// The worker is a file of the build, served by the product itself: the CSP's script-src 'self'
// covers it, and no blob: or inline worker is made.
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Where the worker fetches pdf.js's data files, copied into the build's pdfjs/ folder
 * (web/vite.config.ts): the standard fonts (a PDF that names Helvetica without embedding it keeps
 * its text), the CJK character maps, the WebAssembly image decoders (JPEG 2000, JBIG2) and the
 * colour profiles. All from the product's own origin, as the CSP asks.
 */
const DATA = new URL(`${import.meta.env.BASE_URL}pdfjs/`, window.location.origin).href;
const DATA_URLS = {
  standardFontDataUrl: `${DATA}standard_fonts/`,
  cMapUrl: `${DATA}cmaps/`,
  cMapPacked: true,
  wasmUrl: `${DATA}wasm/`,
  iccUrl: `${DATA}iccs/`,
};

const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.25;
const MAX_SCALE = 5;
/** A page is drawn when it comes this close to the visible part, and dropped when it goes further. */
const DRAW_AHEAD = '600px 0px';
/** The most pixels one page's canvas holds: a big page zoomed in is drawn sharper no further. */
const MAX_CANVAS_PIXELS = 4096 * 4096;
const UNREADABLE = 'The PDF could not be read.';

interface PageSize {
  width: number;
  height: number;
}

/** Previous/next page, "Page x of y", and the zoom: the column scrolls to the page asked for. */
function PdfToolbar({
  ready,
  current,
  pages,
  scale,
  fit,
  onPage,
  onZoom,
  onFit,
}: {
  ready: boolean;
  current: number;
  pages: number;
  scale: number;
  fit: boolean;
  onPage: (page: number) => void;
  onZoom: (scale: number) => void;
  onFit: () => void;
}) {
  return (
    <div className="pdf-toolbar" role="group" aria-label="Pages and zoom">
      <IconButton
        label="Previous page"
        icon={<ChevronLeft size={16} aria-hidden="true" />}
        disabled={!ready || current <= 1}
        onClick={() => onPage(current - 1)}
      />
      <span className="pdf-toolbar-text" aria-live="polite">
        {ready ? `Page ${current} of ${pages}` : 'Opening…'}
      </span>
      <IconButton
        label="Next page"
        icon={<ChevronRight size={16} aria-hidden="true" />}
        disabled={!ready || current >= pages}
        onClick={() => onPage(current + 1)}
      />
      <span className="pdf-toolbar-gap" />
      <IconButton
        label="Zoom out"
        icon={<ZoomOut size={16} aria-hidden="true" />}
        disabled={!ready || scale <= MIN_SCALE}
        onClick={() => onZoom(scale / ZOOM_STEP)}
      />
      <span className="pdf-toolbar-text">
        <span className="visually-hidden">Zoom </span>
        {Math.round((scale / PixelsPerInch.PDF_TO_CSS_UNITS) * 100)}%
      </span>
      <IconButton
        label="Zoom in"
        icon={<ZoomIn size={16} aria-hidden="true" />}
        disabled={!ready || scale >= MAX_SCALE}
        onClick={() => onZoom(scale * ZOOM_STEP)}
      />
      <Button
        size="sm"
        variant="ghost"
        icon={<Scan size={16} aria-hidden="true" />}
        aria-pressed={fit}
        disabled={!ready}
        onClick={onFit}
      >
        Fit
      </Button>
    </div>
  );
}

/**
 * A PDF drawn by pdf.js into one canvas per page, in a scrolled column: only the pages in or near
 * view are drawn (a long PDF costs what its visible pages cost). pdf.js runs none of the document's
 * scripts, and with isEvalSupported off it builds no code from the file either. Loaded on demand
 * (FilePreviewDialog's lazy import): pdf.js and its worker are not part of the app's bundle.
 */
export default function PdfView({ data, onError }: { data: Blob; onError: (reason: string) => void }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  /** Every page's size at scale 1: the first page's until a page is drawn and reports its own. */
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [current, setCurrent] = useState(1);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [fitWidth, setFitWidth] = useState(0);

  useEffect(() => {
    let task: PDFDocumentLoadingTask | null = null;
    let gone = false;
    void (async () => {
      try {
        const bytes = new Uint8Array(await data.arrayBuffer());
        if (gone) return;
        task = getDocument({ data: bytes, isEvalSupported: false, enableXfa: false, ...DATA_URLS });
        const document = await task.promise;
        const { width, height } = (await document.getPage(1)).getViewport({ scale: 1 });
        if (gone) return;
        setSizes(Array.from({ length: document.numPages }, () => ({ width, height })));
        setPdf(document);
      } catch (error) {
        if (gone) return;
        onError(
          error instanceof Error && error.name === 'PasswordException'
            ? 'The PDF is protected by a password.'
            : UNREADABLE,
        );
      }
    })();
    return () => {
      gone = true;
      void task?.destroy();
    };
  }, [data, onError]);

  // "Fit" follows the column's width as the window (or a phone's orientation) changes.
  useEffect(() => {
    if (!scroller) return;
    const observer = new ResizeObserver(() => setFitWidth(scroller.clientWidth));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);

  const first = sizes[0];
  const fitScale = first && fitWidth > 0 ? Math.max(MIN_SCALE, (fitWidth - 32) / first.width) : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const pageBox = useCallback(
    (page: number) => scroller?.querySelector<HTMLElement>(`[data-page="${page}"]`) ?? null,
    [scroller],
  );

  const goTo = (page: number) => {
    const box = pageBox(page);
    if (!scroller || !box) return;
    scroller.scrollTo({ top: box.offsetTop - 8 });
    setCurrent(page);
  };

  // A zoom keeps the page that was being read at the top.
  useLayoutEffect(() => {
    const box = pageBox(current);
    if (scroller && box) scroller.scrollTo({ top: box.offsetTop - 8 });
    // Only a change of scale moves the column; scrolling itself sets `current`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scale]);

  /**
   * The page under the upper third of the visible column is the one being read; at the end of the
   * column, the last page (a short last page never reaches that line).
   */
  const onScroll = () => {
    if (!scroller) return;
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
      setCurrent(sizes.length);
      return;
    }
    const line = scroller.scrollTop + scroller.clientHeight / 3;
    let page = 1;
    for (const box of scroller.querySelectorAll<HTMLElement>('[data-page]')) {
      if (box.offsetTop > line) break;
      page = Number(box.dataset.page);
    }
    setCurrent(page);
  };

  const onSize = useCallback((page: number, size: PageSize) => {
    setSizes((previous) => {
      const known = previous[page - 1];
      if (known && known.width === size.width && known.height === size.height) return previous;
      return previous.map((entry, index) => (index === page - 1 ? size : entry));
    });
  }, []);

  const zoomTo = (next: number) => setZoom(Math.min(MAX_SCALE, Math.max(MIN_SCALE, next)));

  return (
    <div className="pdf-view">
      <PdfToolbar
        ready={pdf !== null}
        current={current}
        pages={sizes.length}
        scale={scale}
        fit={zoom === 'fit'}
        onPage={goTo}
        onZoom={zoomTo}
        onFit={() => setZoom('fit')}
      />
      {/* Focusable, so the keyboard scrolls the pages (arrows, Page Up/Down, Home, End). */}
      <div ref={setScroller} className="pdf-pages" tabIndex={0} aria-label="PDF pages" onScroll={onScroll}>
        {!pdf && (
          <div className="dialog-loading" role="status">
            <Spinner /> Loading…
          </div>
        )}
        {pdf &&
          scroller &&
          sizes.map((size, index) => (
            <PdfPage
              key={index}
              pdf={pdf}
              page={index + 1}
              pages={sizes.length}
              size={size}
              scale={scale}
              root={scroller}
              onSize={onSize}
              onError={onError}
            />
          ))}
      </div>
    </div>
  );
}

/** One page: its box always (the column keeps its length), its canvas only while in or near view. */
function PdfPage({
  pdf,
  page,
  pages,
  size,
  scale,
  root,
  onSize,
  onError,
}: {
  pdf: PDFDocumentProxy;
  page: number;
  pages: number;
  size: PageSize;
  scale: number;
  root: HTMLElement;
  onSize: (page: number, size: PageSize) => void;
  onError: (reason: string) => void;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (!box) return;
    const observer = new IntersectionObserver(([entry]) => setNear(!!entry?.isIntersecting), {
      root,
      rootMargin: DRAW_AHEAD,
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [box, root]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas) return;
    let task: RenderTask | null = null;
    let gone = false;
    void (async () => {
      try {
        const proxy = await pdf.getPage(page);
        if (gone) return;
        const natural = proxy.getViewport({ scale: 1 });
        onSize(page, { width: natural.width, height: natural.height });
        const viewport = proxy.getViewport({ scale });
        const ratio = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
        );
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        task = proxy.render({ canvas, viewport, transform: [ratio, 0, 0, ratio, 0, 0] });
        await task.promise;
      } catch (error) {
        if (!gone && !(error instanceof RenderingCancelledException)) onError(UNREADABLE);
      }
    })();
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [near, pdf, page, scale, onSize, onError]);

  // A canvas dropped from the page keeps its pixels until collected; emptied now, as iOS Safari
  // counts every canvas's pixels against a small limit and stops drawing once it is reached.
  useEffect(() => {
    if (!near) return;
    const canvas = canvasRef.current;
    return () => {
      if (!canvas) return;
      canvas.width = 0;
      canvas.height = 0;
    };
  }, [near]);

  return (
    <div
      ref={setBox}
      className="pdf-page"
      data-page={page}
      style={{ width: size.width * scale, height: size.height * scale }}
    >
      {near && <canvas ref={canvasRef} role="img" aria-label={`Page ${page} of ${pages}`} />}
    </div>
  );
}
