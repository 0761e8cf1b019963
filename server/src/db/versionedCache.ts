import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { ChannelListener } from './channelListener';
import { onDataWrite } from './prisma';

/** Counts one lookup of a cache, a hit or a miss (compass_cache_requests_total, plugins/metrics.ts). */
export type CountLookup = (hit: boolean) => void;

/** The organisation's data version, or null when it has none (nothing may be cached). */
export type DataVersionLookup = (companyId: string) => Promise<string | null>;

/**
 * Reads "DashboardVersion": a value that changes in the same commit as any row of a table with its
 * deferred trigger (migration 20261123155027_dashboard_version and the tables added since). One
 * prepared primary-key read per call.
 */
export function pgDataVersions(pool: pg.Pool): DataVersionLookup {
  return async (companyId) => {
    const { rows } = await pool.query<{ version: string }>({
      name: 'dashboard_version_of_company',
      text: 'SELECT version::text AS version FROM "DashboardVersion" WHERE "companyId" = $1::uuid',
      values: [companyId],
    });
    return rows[0]?.version ?? null;
  };
}

/** The channel of an organisation's data version: its id, when the version moves (migration 20261128130000). */
export const DATA_VERSION_CHANNEL = 'data_version';

/** How long after this process writes its versions are read from the database again. */
const AFTER_OWN_WRITE_MS = 1_000;

/**
 * The organisations' data versions as this process last read them, so that a cached answer needs no
 * round trip to be checked (docs/performance.md, "Data versions from memory"). A version is served
 * from memory only while the database's notifications are heard (`DATA_VERSION_CHANNEL`: a commit
 * that moves an organisation's version forgets it the moment the notification arrives), and not
 * for a second after this process writes a table with the version's trigger (db/prisma.ts): a read
 * between its write and its commit would keep the version from before it, and the request that
 * follows the write must see it (a transaction longer than that is seen when its notification
 * arrives, as another process's is). A version is kept `ttlSeconds` at most, which bounds what a
 * silently lost connection could keep; 0 turns the memory off.
 */
export class RememberedDataVersions {
  private readonly versions: LRUCache<string, string> | null;
  /** Moves on every forget: a read that was under way then does not store its older version. */
  private generation = 0;
  private pausedUntil = 0;
  private readonly listener: ChannelListener | null;
  private readonly stopHearingWrites: () => void;
  private readonly countLookup: CountLookup;

  constructor(
    private readonly read: DataVersionLookup,
    options: { databaseUrl: string; ttlSeconds: number; log: FastifyBaseLogger; countLookup?: CountLookup },
  ) {
    this.countLookup = options.countLookup ?? (() => undefined);
    this.versions =
      options.ttlSeconds > 0 ? new LRUCache({ max: 10_000, ttl: options.ttlSeconds * 1000 }) : null;
    this.stopHearingWrites = onDataWrite(() => {
      this.pausedUntil = Date.now() + AFTER_OWN_WRITE_MS;
      this.forget();
    });
    this.listener = this.versions
      ? new ChannelListener({
          databaseUrl: options.databaseUrl,
          channel: DATA_VERSION_CHANNEL,
          name: 'Data versions',
          log: options.log,
          onNotification: (companyId) => this.forget(companyId || undefined),
          onChange: () => this.forget(),
        })
      : null;
  }

  /** True while a version may be served from memory. */
  get serving(): boolean {
    return (this.listener?.listening ?? false) && Date.now() >= this.pausedUntil;
  }

  readonly lookup: DataVersionLookup = async (companyId) => {
    const remembered = this.serving ? this.versions?.get(companyId) : undefined;
    if (this.versions) this.countLookup(remembered !== undefined);
    if (remembered !== undefined) return remembered;
    const generation = this.generation;
    const version = await this.read(companyId);
    if (version !== null && this.serving && generation === this.generation)
      this.versions?.set(companyId, version);
    return version;
  };

  /** Forgets one organisation's version, or every one. */
  forget(companyId?: string): void {
    this.generation += 1;
    if (companyId === undefined) this.versions?.clear();
    else this.versions?.delete(companyId);
  }

  async close(): Promise<void> {
    this.stopHearingWrites();
    await this.listener?.close();
  }
}

/**
 * Values of this process, each under its key and the organisation's data version when it was
 * loaded, for answers that read only tables with the version's trigger.
 *
 * Why it is correct across API processes: the version is read from the database before loading, and
 * a committed change gives the organisation a version never used before, so a value is only served
 * while no change has committed since the version it was loaded under was read. Values loaded while
 * a change commits are kept under the older version and never match again. Nothing is shared between
 * processes; each keeps at most `maxSize` (by `sizeOf`), least recently used going first.
 */
export class VersionedCache<T extends object> {
  private readonly entries: LRUCache<string, { version: string; value: T }> | null;
  /** Loads in progress by key and version: simultaneous misses of one value load it once. */
  private readonly loading = new Map<string, Promise<T>>();
  private readonly countLookup: CountLookup;

  constructor(
    private readonly versionOf: DataVersionLookup,
    options: {
      maxSize: number;
      sizeOf: (value: T, key: string) => number;
      /** Counts each lookup while the cache is on (compass_cache_requests_total). */
      countLookup?: CountLookup;
    },
  ) {
    this.countLookup = options.countLookup ?? (() => undefined);
    this.entries =
      options.maxSize > 0
        ? new LRUCache({
            maxSize: options.maxSize,
            sizeCalculation: (entry, key) => options.sizeOf(entry.value, key),
          })
        : null;
  }

  /** The value of `key`: the cached one when the organisation's data has not changed, else `load`'s. */
  async get(companyId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.entries) return load();
    return this.getAt(await this.versionOf(companyId), key, load);
  }

  /** The organisation's data version now, or null when it has none (nothing may be cached). */
  async version(companyId: string): Promise<string | null> {
    return this.entries ? this.versionOf(companyId) : null;
  }

  /**
   * `get` under a version the call has already read (`version`), for a call that reads several
   * caches: a version read before loading is all the argument above needs.
   */
  async getAt(version: string | null, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.entries) return load();
    const entry = version === null ? undefined : this.entries.get(key);
    const hit = entry !== undefined && entry.version === version;
    this.countLookup(hit);
    if (hit) return entry.value;
    if (version === null) return load();

    const loadingKey = `${version}\u0000${key}`;
    const inProgress = this.loading.get(loadingKey);
    if (inProgress) return inProgress;
    const loaded = load()
      .then((value) => {
        this.entries?.set(key, { version, value });
        return value;
      })
      .finally(() => this.loading.delete(loadingKey));
    this.loading.set(loadingKey, loaded);
    return loaded;
  }

  /** The value cached under `key`, whatever its version: for what is kept alongside a value `get` gave. */
  cached(key: string): T | undefined {
    return this.entries?.get(key)?.value;
  }
}
