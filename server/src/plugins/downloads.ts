import path from 'node:path';

/**
 * The content type of a stored file, from its name's extension (the uploads' allow-list), never
 * from what the uploader's browser claimed: a file named .txt sent as text/html is served as
 * text/plain, and anything unknown as bytes to save.
 */
const TYPE_OF_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  apng: 'image/apng',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  rtf: 'application/rtf',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

export function contentTypeOf(fileName: string): string {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  return TYPE_OF_EXTENSION[extension] ?? 'application/octet-stream';
}

export interface FileResponse {
  fileName: string;
  /** The type when the server made the file itself (a PDF, a QR code); else from the name. */
  contentType?: string;
  /** Shown in the page (an image the product draws with <img>) rather than saved. */
  inline?: boolean;
  /** Seconds a browser may keep it; nothing is kept by default. */
  maxAge?: number;
}

/**
 * The headers of every file the API sends. Saved (`attachment`) unless shown by the product
 * itself; never sniffed; and opened on its own, a file runs nothing and loads nothing (a sandboxed,
 * empty policy), so an SVG or HTML file cannot script the product's origin.
 */
export function fileHeaders({ fileName, contentType, inline = false, maxAge }: FileResponse) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return {
    'content-type': contentType ?? contentTypeOf(fileName),
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'cache-control': maxAge ? `private, max-age=${maxAge}` : 'private, no-store',
  };
}
