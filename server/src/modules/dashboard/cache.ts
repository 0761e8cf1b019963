import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { VersionedCache, type DataVersionLookup } from '../../db/versionedCache';
import { BROTLI_OPTIONS, type AnswerEncoding } from '../../plugins/compression';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The bytes sent for each encoding; identity is the UTF-8 (a string is encoded on every send). */
const ENCODE: Record<AnswerEncoding | 'identity', (body: string) => Promise<Buffer>> = {
  br: (body) => brotli(body, BROTLI_OPTIONS),
  gzip: (body) => gzip(body),
  identity: async (body) => Buffer.from(body),
};

interface Entry {
  body: string;
  /** The body's bytes, by encoding, made when first asked for (a 230 KB answer: 2–3 ms of brotli). */
  encoded: Partial<Record<AnswerEncoding | 'identity', Promise<Buffer>>>;
}

/**
 * The serialized dashboard answers of this process, each under its key (who asked what, for which
 * local day: DashboardAnswer.key) and the organisation's data version when it was loaded (see
 * VersionedCache for why that is correct across API processes); at most `maxBytes` of answers.
 */
export class DashboardCache {
  private readonly answers: VersionedCache<Entry>;

  constructor(versionOf: DataVersionLookup, maxBytes: number) {
    this.answers = new VersionedCache<Entry>(versionOf, {
      maxSize: maxBytes,
      // The string (UTF-16 code units) and its UTF-8 copy, near enough; the compressed copies are a
      // small fraction.
      sizeOf: (entry, key) => 3 * entry.body.length + 2 * key.length + 64,
    });
  }

  /** The answer's body: the cached one when the organisation's data has not changed, otherwise `load`'s. */
  async body(companyId: string, key: string, load: () => Promise<string>): Promise<string> {
    const entry = await this.answers.get(companyId, key, async () => ({ body: await load(), encoded: {} }));
    return entry.body;
  }

  /**
   * The bytes of `body` (an answer `body()` gave for `key`) in an encoding: the cached answer's are
   * made once and kept with it, so a cached dashboard is neither compressed nor encoded per call.
   */
  async encoded(key: string, body: string, encoding: AnswerEncoding | 'identity'): Promise<Buffer> {
    const entry = this.answers.cached(key);
    if (entry?.body !== body) return ENCODE[encoding](body);
    entry.encoded[encoding] ??= ENCODE[encoding](body);
    return entry.encoded[encoding];
  }
}
