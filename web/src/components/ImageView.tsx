import { useCallback, useState } from 'react';

/**
 * An image previewed from its bytes: a blob: URL of its own, released when the image goes. An
 * <img> never runs script, and SVG (which could, opened on its own) is never previewed at all.
 * Shown whole at first; a click (or Enter, Space) shows it at its own size in the scrolling box,
 * where a tall receipt or a small print is readable, and another fits it again.
 */
export function ImageView({
  data,
  name,
  onError,
}: {
  data: Blob;
  name: string;
  /** The browser could not decode the bytes as an image. */
  onError: (reason: string) => void;
}) {
  const [actualSize, setActualSize] = useState(false);
  const show = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(data);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [data],
  );
  return (
    <div className="file-preview-image">
      <button
        type="button"
        className="file-preview-zoom"
        aria-pressed={actualSize}
        title={actualSize ? 'Fit to the window' : 'Show at full size'}
        onClick={() => setActualSize(!actualSize)}
      >
        <img ref={show} alt={name} onError={() => onError('The image could not be read.')} />
      </button>
    </div>
  );
}
