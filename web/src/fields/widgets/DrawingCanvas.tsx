import { Eraser, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad, { type PointGroup } from 'signature_pad';
import { Button } from '../../components/Button';

/** 001 section 9: signature and diagram canvases are 300 high; the signature editor 800 wide. */
export const CANVAS_HEIGHT = 300;
export const CANVAS_MAX_WIDTH = 800;

interface DrawingCanvasProps {
  id: string;
  /** The accessible name of the drawing area (the field's label). */
  label: string;
  /** A PNG data URL, or '' when nothing is drawn. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

interface Loaded {
  image: HTMLImageElement;
  src: string;
}

function loadImage(src: string): Promise<Loaded> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ image, src });
    image.onerror = () => reject(new Error('The drawing could not be loaded.'));
    image.src = src;
  });
}

/**
 * A canvas drawn with signature_pad and saved as a PNG data URL. The canvas fills the width it
 * is given (up to 800 px) at the device's pixel ratio, so strokes stay sharp and pointer
 * positions match; on resize the stored drawing and the
 * strokes are drawn again. Undo removes the last stroke; Clear removes everything drawn.
 */
export function DrawingCanvas({ id, label, value, onChange, invalid, describedBy }: DrawingCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  /** The image the strokes are drawn over: the stored drawing at load time. */
  const baseRef = useRef<string | null>(value || null);
  /** The last value this canvas reported, to tell its own updates from a new value from outside. */
  const emittedRef = useRef(value);
  const drawSeq = useRef(0);
  const onChangeRef = useRef(onChange);
  const [strokes, setStrokes] = useState(0);
  const [hasDrawing, setHasDrawing] = useState(Boolean(value));

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const emit = useCallback(() => {
    const pad = padRef.current;
    if (!pad) return;
    const drawn = pad.toData().length > 0 || baseRef.current !== null;
    const next = drawn ? pad.toDataURL('image/png') : '';
    emittedRef.current = next;
    setStrokes(pad.toData().length);
    setHasDrawing(drawn);
    onChangeRef.current(next);
  }, []);

  /** Draws the base image (kept in proportion) and then the given strokes. */
  const redraw = useCallback(async (groups: PointGroup[]) => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    const seq = ++drawSeq.current;
    const base = baseRef.current;
    const loaded = base ? await loadImage(base).catch(() => null) : null;
    if (seq !== drawSeq.current) return;
    pad.clear();
    if (loaded) {
      const width = canvas.width / ratioOf();
      const height = canvas.height / ratioOf();
      const { naturalWidth, naturalHeight } = loaded.image;
      // Kept in proportion (a drawing saved on a wider screen shrinks rather than stretches).
      const scale =
        naturalWidth && naturalHeight ? Math.min(width / naturalWidth, height / naturalHeight) : 1;
      const w = naturalWidth ? naturalWidth * scale : width;
      const h = naturalHeight ? naturalHeight * scale : height;
      await pad.fromDataURL(loaded.src, {
        width: w,
        height: h,
        xOffset: (width - w) / 2,
        yOffset: (height - h) / 2,
      });
      if (seq !== drawSeq.current) return;
    }
    pad.fromData(groups, { clear: false });
  }, []);

  const fit = useCallback(() => {
    const canvas = canvasRef.current;
    const pad = padRef.current;
    if (!canvas || !pad) return;
    const ratio = ratioOf();
    const width = canvas.getBoundingClientRect().width || CANVAS_MAX_WIDTH;
    if (canvas.width === Math.round(width * ratio) && canvas.height === CANVAS_HEIGHT * ratio) return;
    const groups = pad.toData().slice();
    canvas.width = Math.round(width * ratio);
    canvas.height = CANVAS_HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    void redraw(groups);
  }, [redraw]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#141b25' });
    padRef.current = pad;
    const onEnd = () => emit();
    pad.addEventListener('endStroke', onEnd);
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => fit());
    observer?.observe(canvas);
    return () => {
      observer?.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [emit, fit]);

  // A value set from outside (a reload of the submission) replaces what is on the canvas.
  useEffect(() => {
    if (value === emittedRef.current) return;
    emittedRef.current = value;
    baseRef.current = value || null;
    setStrokes(0);
    setHasDrawing(Boolean(value));
    void redraw([]);
  }, [value, redraw]);

  const undo = async () => {
    const pad = padRef.current;
    if (!pad) return;
    const groups = pad.toData().slice(0, -1);
    await redraw(groups);
    emit();
  };

  const clear = async () => {
    baseRef.current = null;
    await redraw([]);
    emit();
  };

  return (
    <div className="drawing">
      <div className={invalid ? 'drawing-surface is-invalid' : 'drawing-surface'}>
        <canvas
          ref={canvasRef}
          id={id}
          className="drawing-canvas"
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          style={{ height: CANVAS_HEIGHT }}
        />
      </div>
      <div className="drawing-actions">
        <Button
          size="sm"
          variant="secondary"
          icon={<Undo2 size={14} aria-hidden="true" />}
          disabled={strokes === 0}
          onClick={() => void undo()}
        >
          Undo
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={<Eraser size={14} aria-hidden="true" />}
          disabled={!hasDrawing && strokes === 0}
          onClick={() => void clear()}
        >
          Clear
        </Button>
      </div>
    </div>
  );
}

function ratioOf(): number {
  return Math.max(window.devicePixelRatio || 1, 1);
}
