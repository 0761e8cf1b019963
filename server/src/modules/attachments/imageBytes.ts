/** Raster images larger than this are not decoded (a 16k x 16k PNG is a few KB and GBs of memory). */
export const MAX_INPUT_PIXELS = 100_000_000;
/** Seconds sharp may spend on one raster image. */
export const RASTER_SECONDS = 10;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * SVG (or any XML or HTML) starts with '<' after an optional byte order mark and white space;
 * every raster format starts with a binary signature. sharp picks the decoder from the bytes, not
 * the name, so a 'photo.png' of SVG must be caught here before it reaches librsvg in this process.
 */
export function isMarkup(input: Buffer): boolean {
  let start = input.subarray(0, 3).equals(BOM) ? 3 : 0;
  while (start < input.length && ' \t\r\n'.includes(String.fromCharCode(input[start]!))) start += 1;
  return input[start] === 0x3c;
}
