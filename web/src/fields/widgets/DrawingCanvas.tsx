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
  /** The canvas's CSS width in px, at most (it narrows with a narrower screen); default 800. */
  width?: number;
  /** The canvas's CSS height in px; default 300. */
  height?: number;
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
 * is given (up to `width`, 800 px unless told) at the device's pixel ratio, so strokes stay sharp and pointer
 * positions match; on resize the stored drawing and the
 * strokes are drawn again. Undo removes the last stroke; Clear removes everything drawn.
 */
export function DrawingCanvas(props: DrawingCanvasProps) {
  const { id, label, value, onChange, invalid, describedBy } = props;
  const maxWidth = props.width ?? CANVAS_MAX_WIDTH;
  const height = props.height ?? CANVAS_HEIGHT;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  /** The image the strokes are drawn over: the stored drawing at load time. */
  const baseRef = useRef<string | null>(value || null);
  /** The last value this canvas reported, to tell its own updates from a new value from outside. */
  const emittedRef = useRef(value);
  const drawSeq = useRef(0);
  const onChangeRef = useRef(onChange);
  /** The size asked for, read by `fit` so a new size refits the canvas without a new pad. */
  const sizeRef = useRef({ maxWidth, height });
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
    const { maxWidth: fallbackWidth, height } = sizeRef.current;
    const width = canvas.getBoundingClientRect().width || fallbackWidth;
    if (canvas.width === Math.round(width * ratio) && canvas.height === height * ratio) return;
    const groups = pad.toData().slice();
    canvas.width = Math.round(width * ratio);
    canvas.height = height * ratio;
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

  // A new size (the clock-in page's canvas follows the screen's width): the strokes are kept.
  useEffect(() => {
    sizeRef.current = { maxWidth, height };
    fit();
  }, [maxWidth, height, fit]);

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
    // A size other than the default is the wrapper's limit; the stylesheet's 800 px stays the default.
    <div className="drawing" style={maxWidth === CANVAS_MAX_WIDTH ? undefined : { maxWidth }}>
      <div className={invalid ? 'drawing-surface is-invalid' : 'drawing-surface'}>
        <canvas
          ref={canvasRef}
          id={id}
          className="drawing-canvas"
          role="img"
          aria-label={label}
          aria-describedby={describedBy}
          style={{ height }}
        />
      </div>
      <DrawingActions
        canUndo={strokes > 0}
        canClear={hasDrawing || strokes > 0}
        onUndo={() => void undo()}
        onClear={() => void clear()}
      />
    </div>
  );
}

function DrawingActions(props: {
  canUndo: boolean;
  canClear: boolean;
  onUndo: () => void;
  onClear: () => void;
}) {
  return (
    <div className="drawing-actions">
      <Button
        size="sm"
        variant="secondary"
        icon={<Undo2 size={14} aria-hidden="true" />}
        disabled={!props.canUndo}
        onClick={props.onUndo}
      >
        Undo
      </Button>
      <Button
        size="sm"
        variant="secondary"
        icon={<Eraser size={14} aria-hidden="true" />}
        disabled={!props.canClear}
        onClick={props.onClear}
      >
        Clear
      </Button>
    </div>
  );
}

function ratioOf(): number {
  return Math.max(window.devicePixelRatio || 1, 1);
}
