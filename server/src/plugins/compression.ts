import { negotiate } from '@fastify/accept-negotiator';
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
 * The encoding to send to a client's accept-encoding, negotiated as @fastify/compress does (its
 * own negotiator, x-gzip read as gzip): brotli or gzip by the client's preference, else none.
 */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding.toLowerCase().replace(/x-gzip/g, 'gzip'), ANSWER_ENCODINGS);
}
