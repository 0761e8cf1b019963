import { IMAGE_EXTENSIONS } from '@compass/shared';

export type PreviewKind = 'image' | 'pdf';

/**
 * Image types the product does not preview: an SVG is a document that can carry script (it is only
 * ever downloaded), and a TIFF is drawn by no browser but Safari.
 */
const NOT_PREVIEWED = new Set<string>(['svg', 'tiff']);

const IMAGES = new Set<string>(IMAGE_EXTENSIONS.filter((extension) => !NOT_PREVIEWED.has(extension)));

/** How a file opens in the preview, from its name's extension (as the server types it); null: download only. */
export function previewKind(fileName: string): PreviewKind | null {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  if (extension === 'pdf') return 'pdf';
  return IMAGES.has(extension) ? 'image' : null;
}
