import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ChannelListener } from '../db/channelListener';
import { onSessionDataWrite } from '../db/prisma';
import type { CountLookup } from '../db/versionedCache';
import type { SessionLookup, SessionRecord } from './sessionLookup';

/** The channel the database's triggers speak on when a row a session lookup reads changes (migration 20261128040000). */
export const SESSION_DATA_CHANNEL = 'session_data';

export interface SessionCacheOptions {
  databaseUrl: string;
  /** How long a looked-up session is served from memory at most; 0 turns the cache off. */
  ttlSeconds: number;
  maxEntries: number;
  log: FastifyBaseLogger;
  /** Counts each lookup while the cache is on (compass_cache_requests_total). */
  countLookup?: CountLookup;
}

/**
 * The sessions this process has looked up, kept for a few seconds so a signed-in call does not
 * need a database round trip (docs/performance.md, "The floor of a signed-in call"). Every change
 * to what a lookup reads forgets them all: this process's own writes through Prisma at once
 * (db/prisma.ts), any other process's when the database's triggers notify SESSION_DATA_CHANNEL at
 * commit. Nothing is served from memory while the channel is not being listened to (before it
 * connects, after it drops, until it is back), and the time to live bounds what a silently lost
 * connection could keep.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, SessionRecord> | null;
  /** Moves on every forget: a lookup that was under way then does not store its older answer. */
  private generation = 0;
  private readonly listener: ChannelListener | null;
  private readonly stopHearingWrites: () => void;
  private readonly countLookup: CountLookup;

  constructor(
    private readonly lookup: SessionLookup,
    options: SessionCacheOptions,
  ) {
    this.countLookup = options.countLookup ?? (() => undefined);
    this.entries =
      options.ttlSeconds > 0
        ? new LRUCache({ max: options.maxEntries, ttl: options.ttlSeconds * 1000 })
        : null;
    this.stopHearingWrites = onSessionDataWrite(() => this.forget());
    this.listener = this.entries
      ? new ChannelListener({
          databaseUrl: options.databaseUrl,
          channel: SESSION_DATA_CHANNEL,
          name: 'Session cache',
          log: options.log,
          onNotification: () => this.forget(),
          onChange: () => this.forget(),
        })
      : null;
  }

  /** True while changes from other processes are heard, so sessions may be served from memory. */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /** The session of a token hash: the remembered one while nothing it reads has changed. */
  readonly get: SessionLookup = async (tokenHash) => {
    const remembered = this.listening ? this.entries?.get(tokenHash) : undefined;
    if (this.entries) this.countLookup(remembered !== undefined);
    if (remembered) return remembered;
    const generation = this.generation;
    const record = await this.lookup(tokenHash);
    if (record && this.listening && generation === this.generation) this.entries?.set(tokenHash, record);
    return record;
  };

  /** Forgets every session. */
  forget(): void {
    this.generation += 1;
    this.entries?.clear();
  }

  async close(): Promise<void> {
    this.stopHearingWrites();
    await this.listener?.close();
    this.forget();
  }
}
