import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { onSessionDataWrite } from '../db/prisma';
import type { SessionLookup, SessionRecord } from './sessionLookup';

/** The channel the database's triggers speak on when a row a session lookup reads changes (migration 20261128040000). */
export const SESSION_DATA_CHANNEL = 'session_data';

const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;

export interface SessionCacheOptions {
  databaseUrl: string;
  /** How long a looked-up session is served from memory at most; 0 turns the cache off. */
  ttlSeconds: number;
  maxEntries: number;
  log: FastifyBaseLogger;
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
  private listener: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;
  private readonly stopHearingWrites: () => void;

  constructor(
    private readonly lookup: SessionLookup,
    private readonly options: SessionCacheOptions,
  ) {
    this.entries =
      options.ttlSeconds > 0
        ? new LRUCache({ max: options.maxEntries, ttl: options.ttlSeconds * 1000 })
        : null;
    this.stopHearingWrites = onSessionDataWrite(() => this.forget());
    if (this.entries) void this.listen();
  }

  /** True while changes from other processes are heard, so sessions may be served from memory. */
  get listening(): boolean {
    return this.listener !== null;
  }

  /** The session of a token hash: the remembered one while nothing it reads has changed. */
  readonly get: SessionLookup = async (tokenHash) => {
    const remembered = this.listening ? this.entries?.get(tokenHash) : undefined;
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
    this.closed = true;
    this.stopHearingWrites();
    if (this.retry) clearTimeout(this.retry);
    const listener = this.listener;
    this.listener = null;
    this.forget();
    await listener?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      this.forget();
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.log.warn(
        { err: error },
        `Session cache: not listening to the database; retrying in ${this.retryMs / 1000} s`,
      );
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.listen();
      }, this.retryMs);
      // A retry alone keeps no process (a script, a test) running.
      this.retry.unref();
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MOST_MS);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', () => this.forget());
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_DATA_CHANNEL}`);
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // A loss has already ended the client and planned the retry.
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    // What changed while nobody listened is not known: a lookup under way since then must not store.
    this.forget();
    this.listener = client;
    this.retryMs = RETRY_FIRST_MS;
  }
}
