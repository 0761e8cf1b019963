import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';
import zlib from 'node:zlib';

/**
 * How API answers are compressed: @fastify/compress's options (app.ts) and the answer cache's
 * stored copies (plugins/answerCache.ts) read the same rules, so both send alike.
 */
export type AnswerEncoding = 'br' | 'gzip';
export const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
/** Below this an answer goes out plain: the work is not worth it. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Brotli for a cached answer's copy, made once and sent many times: quality 4 makes the busy
 * dashboard's 232 KB 8 % smaller than quality 2 (31 against 34 KB, 1.1 against 0.6 ms).
 */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * @fastify/compress's options for the answers made per call. Brotli at quality 2: on a stored
 * form's pick lists (57 KB) and details (9 KB) it takes half of quality 4's time for 0.4–4 % more
 * bytes. Answers up to 64 KB are compressed in one call, sent with their length in one write:
 * above the plugin's default for two cores (8 KB) each went through a zlib stream of its own,
 * written in chunks, which halved the calls per second a browser got (docs/performance.md,
 * "Answers compressed in one piece").
 */
export const ANSWER_COMPRESSION: FastifyCompressOptions = {
  threshold: COMPRESS_THRESHOLD,
  syncThreshold: 64 * 1024,
  encodings: ANSWER_ENCODINGS,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
};

/**
 * The encoding to send to a client's accept-encoding, negotiated as @fastify/compress does (its
 * own negotiator, x-gzip read as gzip): brotli or gzip by the client's preference, else none.
 */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding.toLowerCase().replace(/x-gzip/g, 'gzip'), ANSWER_ENCODINGS);
}
