import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { codesOf } from './errors';
import type { Reader } from './reader';
import type { DataVersionLookup } from './versionedCache';

/** Where a routed call's reads went, and why (compass_replica_reads_total). */
export type ReplicaServed = 'replica' | 'primary';
export type ReplicaReason =
  /** The replica has every change the caller has seen and the primary's version this process knows. */
  | 'caught_up'
  /** The replica has not replayed that far yet: the primary answers, nobody waits. */
  | 'behind'
  /** The replica failed or did not answer the check in time; it is skipped for a while. */
  | 'replica_down'
  /** A read on the replica failed after the check: the primary read it again. */
  | 'replica_failed'
  /** The organisation has no data version: there is nothing to compare. */
  | 'no_version'
  /** An API token's client keeps no cookie, so nothing tells any process which of its writes it has seen. */
  | 'api_token';
export type CountReplicaRead = (served: ReplicaServed, reason: ReplicaReason) => void;

/**
 * The cookie that carries the newest data version a browser has seen of its organisation
 * (`<companyId>.<version>`), so that any API process behind the balancer knows it: a write's answer
 * sets it to the version the write committed, every other answer to the version it was read at.
 */
export const SEEN_VERSION_COOKIE = 'compass_seen';

/** How long the replica's version check may take before the primary answers instead. */
const CHECK_TIMEOUT_MS = 1_000;
/** How long a replica that failed is left alone before a request checks it again. */
const SKIP_AFTER_FAILURE_MS = 10_000;
/**
 * How long the replica's version of an organisation is trusted from memory. A replica only moves
 * forward, so a version it once had is a floor of what it has; kept short, so that a replica
 * replaced by one further behind (a rebuild behind the same address) is read again soon.
 */
const REPLICA_VERSION_MS = 1_000;

/** A request whose reads go to the replica: its organisation and the replica's version of it. */
interface OnReplica {
  companyId: string;
  version: string;
}

const VERSION = /^\d{1,19}$/;

/**
 * The caller's statement was wrong (bad value, missing object): the primary would refuse it too.
 * SQLSTATE classes 22 (data), 23 (constraint), 42 (syntax or access).
 */
const isStatementError = (error: unknown) => codesOf(error).some((code) => /^(22|23|42)/.test(code));

const newer = (a: string | null, b: string | null) =>
  a === null || (b !== null && BigInt(b) > BigInt(a)) ? b : a;

/**
 * The organisation of a signed-in caller, and whether an API token rather than a session makes the
 * call; links and guests have none here (their reads stay on the primary).
 */
function callerOf(request: FastifyRequest): { companyId: string; apiToken: boolean } | null {
  const caller = request.caller as { auth?: { companyId: string; apiTokenId?: string | null } } | undefined;
  return caller?.auth
    ? { companyId: caller.auth.companyId, apiToken: Boolean(caller.auth.apiTokenId) }
    : null;
}

/**
 * Routes the reads of the calls that tolerate a replica (plugins/replicaCalls.ts) to a streaming
 * replica, request by request (docs/scaling.md, "Read replica"); an API token's calls stay on the
 * primary (its client keeps no cookie of what it has seen). When such a call starts, one check
 * decides: the replica answers only when its data version of the caller's organisation is at least
 * the newest the caller has seen (the cookie) and the newest this process knows of the primary
 * (RememberedDataVersions); else the primary answers, at once. Every Reader read of the request then
 * goes where the check said (an AsyncLocalStorage of the request), and the request's data-version
 * lookups give the replica's version, so a cached answer read there is stored under the version it
 * was read at, never a newer one. Session and data-version lookups, the change log and LISTEN
 * connections never come here: they use the primary's pools.
 */
export class ReplicaRouting {
  private readonly onReplica = new AsyncLocalStorage<OnReplica>();
  /** The version each answered request was read at, for the cookie (a request routed to the replica). */
  private readonly answeredAt = new WeakMap<FastifyRequest, string>();
  private skipUntil = 0;
  /** The replica's versions by organisation as last read (a floor of what it has; REPLICA_VERSION_MS). */
  private readonly replicaHas = new LRUCache<string, string>({ max: 10_000, ttl: REPLICA_VERSION_MS });

  constructor(
    private readonly primary: Reader,
    private readonly replica: Reader,
    private readonly versions: { primary: DataVersionLookup; replica: DataVersionLookup },
    private readonly count: CountReplicaRead,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The reader of the services: the replica's within a request the check sent there, else the primary's. */
  readonly reader: Reader = {
    rows: async (statement, options) => {
      if (!this.onReplica.getStore() || this.skipping) return this.primary.rows(statement, options);
      try {
        return await this.replica.rows(statement, options);
      } catch (error) {
        if (isStatementError(error)) throw error;
        this.failed(error);
        this.count('primary', 'replica_failed');
        return this.primary.rows(statement, options);
      }
    },
    close: async () => {
      await Promise.all([this.primary.close(), this.replica.close()]);
    },
  };

  /** The data versions of the services (the caches): the replica's within a request it answers. */
  readonly dataVersions: DataVersionLookup = async (companyId) => {
    const routed = this.onReplica.getStore();
    return routed?.companyId === companyId ? routed.version : this.versions.primary(companyId);
  };

  /** Runs a routed call's handler with its reads where the version check sends them. */
  async run<T>(request: FastifyRequest, handler: () => Promise<T>): Promise<T> {
    const caller = callerOf(request);
    if (!caller) return handler();
    if (caller.apiToken) {
      this.count('primary', 'api_token');
      return handler();
    }
    const { companyId } = caller;
    const version = await this.check(companyId, this.seenBy(request, companyId));
    if (version === null) return handler();
    this.answeredAt.set(request, version);
    return this.onReplica.run({ companyId, version }, handler);
  }

  /**
   * Sets the cookie to the version this answer was read or written at, when it is newer than the
   * caller's: a write's answer (read after its commit) or a primary's answer carries the primary's
   * version, a replica's answer the replica's. Failed answers set nothing (no lookup on a database
   * that just failed), nor do API tokens' (their clients keep no cookie).
   */
  readonly rememberSeen = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const caller = callerOf(request);
    if (!caller || caller.apiToken || reply.statusCode >= 400) return;
    const { companyId } = caller;
    let version: string | null;
    try {
      version = this.answeredAt.get(request) ?? (await this.versions.primary(companyId));
    } catch {
      return;
    }
    const seen = this.seenBy(request, companyId);
    if (version === null || newer(seen, version) === seen) return;
    reply.setCookie(SEEN_VERSION_COOKIE, `${companyId}.${version}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
  };

  private get skipping(): boolean {
    return Date.now() < this.skipUntil;
  }

  /** The newest version of `companyId` the caller's cookie says it has seen, or null. */
  private seenBy(request: FastifyRequest, companyId: string): string | null {
    const cookie = request.cookies?.[SEEN_VERSION_COOKIE];
    if (!cookie) return null;
    const dot = cookie.lastIndexOf('.');
    const version = cookie.slice(dot + 1);
    return cookie.slice(0, dot) === companyId && VERSION.test(version) ? version : null;
  }

  /** The replica's version when it may answer, or null when the primary must. */
  private async check(companyId: string, seen: string | null): Promise<string | null> {
    if (this.skipping) return this.decided('primary', 'replica_down');
    const needed = newer(seen, await this.versions.primary(companyId));
    if (needed === null) return this.decided('primary', 'no_version');
    // A version the replica already had answers without asking it again: it can only have moved on.
    const had = this.replicaHas.get(companyId);
    if (had !== undefined && BigInt(had) >= BigInt(needed)) return this.decided('replica', 'caught_up', had);
    let timer: NodeJS.Timeout | undefined;
    let version: string | null;
    try {
      version = await Promise.race([
        this.versions.replica(companyId),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('the replica did not answer')), CHECK_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      this.failed(error);
      return this.decided('primary', 'replica_down');
    } finally {
      clearTimeout(timer);
    }
    if (version === null) return this.decided('primary', 'behind');
    this.replicaHas.set(companyId, version);
    if (BigInt(version) < BigInt(needed)) return this.decided('primary', 'behind');
    return this.decided('replica', 'caught_up', version);
  }

  /** Counts the decision; the replica's version when it answers, null when the primary does. */
  private decided(
    served: ReplicaServed,
    reason: ReplicaReason,
    version: string | null = null,
  ): string | null {
    this.count(served, reason);
    return version;
  }

  /** Leaves the replica alone for a while; said once per failure, not once per request. */
  private failed(error: unknown): void {
    if (!this.skipping)
      this.log.warn(
        { err: error },
        `The read replica failed: the primary answers every read for ${SKIP_AFTER_FAILURE_MS / 1000} s`,
      );
    this.skipUntil = Date.now() + SKIP_AFTER_FAILURE_MS;
    this.replicaHas.clear();
  }
}
