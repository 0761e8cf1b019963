/** What the report PDF's parts share (pdf.ts, pdfChart.ts): the document, its colours and fonts, text that fits. */

export type Doc = PDFKit.PDFDocument;
export type Box = { x: number; y: number; width: number; height: number };

export const COLOR = {
  text: '#1f2933',
  muted: '#52606d',
  faint: '#7b8794',
  rule: '#d9dee5',
  band: '#eef2f7',
};
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** Glyphs among the narrowest of a font: `width` over the narrowest bounds the characters that fit. */
const NARROW_GLYPHS = [..." .,:;'|!iljI"];

/**
 * The text cut with an ellipsis to fit `width` in the current font. Measuring costs the length of
 * the string: cut first to the most characters that could fit, then search the cut by halves (a
 * character at a time was quadratic, seconds for a long table of long labels).
 */
export function fitted(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const narrowest = Math.min(...NARROW_GLYPHS.map((glyph) => doc.widthOfString(glyph)));
  const most = Math.floor(width / narrowest);
  // The longest start that fits with the ellipsis: `low` always fits (none at worst), `high` never.
  let low = 0;
  let high = Math.min(text.length, most) + 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
    else high = middle;
  }
  return `${text.slice(0, low)}…`;
}
