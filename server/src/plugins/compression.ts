import zlib from 'node:zlib';

/**
 * How API answers are compressed: @fastify/compress's options (app.ts) and the dashboard cache's
 * stored copies (modules/dashboard/cache.ts) read the same rules, so both send alike.
 */
export type AnswerEncoding = 'br' | 'gzip';
export const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
/** Below this an answer goes out plain: the work is not worth it. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli at a fast level: answers are compressed as they are sent. */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * The encoding to send to a client's accept-encoding: brotli, else gzip, else none. q=0 refuses
 * one; '*' accepts either (brotli).
 */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q.slice(2)) : 1);
  }
  const wanted = (encoding: AnswerEncoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (wanted('br')) return 'br';
  if (wanted('gzip')) return 'gzip';
  return null;
}
