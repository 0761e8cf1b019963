import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { BROTLI_OPTIONS, type AnswerEncoding } from '../../plugins/compression';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The bytes sent for each encoding; identity is the UTF-8 (a string is encoded on every send). */
const ENCODE: Record<AnswerEncoding | 'identity', (body: string) => Promise<Buffer>> = {
  br: (body) => brotli(body, BROTLI_OPTIONS),
  gzip: (body) => gzip(body),
  identity: async (body) => Buffer.from(body),
};

/** The organisation's dashboard data version, or null when it has none (nothing may be cached). */
export type DashboardVersionLookup = (companyId: string) => Promise<string | null>;

/**
 * Reads "DashboardVersion": a value that changes in the same commit as any row of a table the
 * dashboard reads (deferred triggers of migration 20261123155027_dashboard_version). One prepared
 * primary-key read per dashboard call.
 */
export function pgDashboardVersions(pool: pg.Pool): DashboardVersionLookup {
  return async (companyId) => {
    const { rows } = await pool.query<{ version: string }>({
      name: 'dashboard_version_of_company',
      text: 'SELECT version::text AS version FROM "DashboardVersion" WHERE "companyId" = $1::uuid',
      values: [companyId],
    });
    return rows[0]?.version ?? null;
  };
}

interface Entry {
  version: string;
  body: string;
  /** The body's bytes, by encoding, made when first asked for (a 230 KB answer: 2–3 ms of brotli). */
  encoded: Partial<Record<AnswerEncoding | 'identity', Promise<Buffer>>>;
}

/**
 * The serialized dashboard answers of this process, each under its key (who asked what, for which
 * local day: DashboardAnswer.key) and the organisation's data version when it was loaded.
 *
 * Why it is correct across API processes: the version is read from the database before loading, and
 * a committed change gives the organisation a version never used before, so an answer is only served
 * while no change has committed since the version it was loaded under was read. Answers loaded while
 * a change commits are kept under the older version and never match again. Nothing is shared between
 * processes; each one keeps at most `maxBytes` of answers (least recently used go first).
 */
export class DashboardCache {
  private readonly entries: LRUCache<string, Entry> | null;
  /** Loads in progress by key and version: simultaneous misses of one answer load it once. */
  private readonly loading = new Map<string, Promise<string>>();

  constructor(
    private readonly versionOf: DashboardVersionLookup,
    maxBytes: number,
  ) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, Entry>({
            maxSize: maxBytes,
            // The string (UTF-16 code units) and its UTF-8 copy, near enough; the compressed copies
            // are a small fraction.
            sizeCalculation: (entry, key) => 3 * entry.body.length + 2 * key.length + 64,
          })
        : null;
  }

  /** The answer's body: the cached one when the organisation's data has not changed, otherwise `load`'s. */
  async body(companyId: string, key: string, load: () => Promise<string>): Promise<string> {
    if (!this.entries) return load();
    const version = await this.versionOf(companyId);
    if (version === null) return load();
    const entry = this.entries.get(key);
    if (entry?.version === version) return entry.body;

    const loadingKey = `${version}\u0000${key}`;
    const inProgress = this.loading.get(loadingKey);
    if (inProgress) return inProgress;
    const loaded = load()
      .then((body) => {
        this.entries?.set(key, { version, body, encoded: {} });
        return body;
      })
      .finally(() => this.loading.delete(loadingKey));
    this.loading.set(loadingKey, loaded);
    return loaded;
  }

  /**
   * The bytes of `body` (an answer `body()` gave for `key`) in an encoding: the cached answer's are
   * made once and kept with it, so a cached dashboard is neither compressed nor encoded per call.
   */
  async encoded(key: string, body: string, encoding: AnswerEncoding | 'identity'): Promise<Buffer> {
    const entry = this.entries?.get(key);
    if (entry?.body !== body) return ENCODE[encoding](body);
    entry.encoded[encoding] ??= ENCODE[encoding](body);
    return entry.encoded[encoding];
  }
}
