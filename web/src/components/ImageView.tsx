import { useCallback } from 'react';

/**
 * An image previewed from its bytes: a blob: URL of its own, released when the image goes. An
 * <img> never runs script, and SVG (which could, opened on its own) is never previewed at all.
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
      <img ref={show} alt={name} onError={() => onError('The image could not be read.')} />
    </div>
  );
}
