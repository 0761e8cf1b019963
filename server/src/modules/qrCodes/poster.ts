import QRCode from 'qrcode';

/** Text for SVG content and attributes. */
const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** A QR code as an SVG document; quiet zone of 2 modules, medium error correction. */
export const qrSvg = (text: string) =>
  QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });

/** Splits a long title over lines of about `width` characters for the poster. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/** What a printed QR poster says: its organisation, title (and a line under it), the call to scan. */
/** Where a code leads: a path of the application under PUBLIC_URL (with or without its final slash). */
export const publicLink = (publicUrl: string, path: string) =>
  new URL(path.replace(/^\//, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();

export interface QrPoster {
  organisation: string;
  title: string;
  /** The title's font size; a larger one (an asset's number) wraps at fewer characters. */
  titleSize?: number;
  /** A line under the title (an asset's name). */
  subtitle?: string;
  call: string;
  hint: string;
  /** The address the code opens, also printed in small under it. */
  target: string;
}

/** A printable A4 poster (an SVG document) with the QR code of `target`: form templates' and assets'. */
export async function qrPosterSvg(poster: QrPoster): Promise<string> {
  const titleSize = poster.titleSize ?? 10;
  const code = (await qrSvg(poster.target)).replace('<svg ', '<svg x="35" y="95" width="140" height="140" ');
  const lines = wrap(poster.title, Math.round(280 / titleSize));
  const lineHeight = titleSize * 1.1;
  const titleLines = lines
    .map((line, index) => `<tspan x="105" dy="${index === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  // The title block (one to three lines) is centred between the organisation and the call to scan,
  // raised to leave room for a subtitle.
  const titleY = (poster.subtitle ? 56 : 62) - (lineHeight / 2) * (lines.length - 1);
  const subtitleY = titleY + lineHeight * (lines.length - 1) + 12;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297" ',
    'font-family="Helvetica, Arial, sans-serif" text-anchor="middle">',
    `<title>${escapeXml(`${poster.title}: ${poster.call}`)}</title>`,
    '<rect width="210" height="297" fill="#ffffff"/>',
    `<text x="105" y="30" font-size="8" fill="#475569">${escapeXml(poster.organisation)}</text>`,
    `<text x="105" y="${titleY}" font-size="${titleSize}" font-weight="700" fill="#0f172a">${titleLines}</text>`,
    poster.subtitle
      ? `<text x="105" y="${subtitleY}" font-size="6" fill="#0f172a">${escapeXml(poster.subtitle)}</text>`
      : '',
    `<text x="105" y="88" font-size="7" fill="#0f172a">${escapeXml(poster.call)}</text>`,
    code,
    `<text x="105" y="252" font-size="4.5" fill="#475569">${escapeXml(poster.hint)}</text>`,
    `<text x="105" y="262" font-size="2.2" fill="#64748b">${escapeXml(poster.target)}</text>`,
    '</svg>',
  ].join('');
}
