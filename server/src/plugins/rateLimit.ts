import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { messages } from '@compass/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';
import { createRequire } from 'node:module';
import { AppError } from '../errors';
import { connectRedis } from './redis';

export interface AbuseLimits {
  perAddressPerMinute: number;
  perAccountPerMinute: number;
}

// The plugin's own stores, which its index does not export: the shared one counts in Redis with the
// plugin's script, the local one is the one every limit counts in without REDIS_URL.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;

/** The prefix of the counters in Redis, so that they are told apart from anything else kept there. */
const REDIS_KEY_PREFIX = 'compass:rate-limit:';

/** After the shared store failed, how long each process counts in memory before it tries it again. */
const SHARED_RETRY_MS = 1_000;

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Whether the shared store takes counts. After a failure it is tried again by one request a second,
 * so a Redis that hangs costs one command timeout a second, not one per request. An outage is logged
 * when it starts and when it ends; every count taken in memory meanwhile is counted in the metric.
 */
class SharedStoreState {
  private downSince: number | null = null;
  private retryAt = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly countFallback: () => void,
  ) {}

  /**
   * Whether this count goes to the shared store (while it is down: the one trial a second); a count
   * that does not is counted in the metric.
   */
  tryShared(): boolean {
    if (this.downSince === null) return true;
    const now = Date.now();
    if (now < this.retryAt) {
      this.countFallback();
      return false;
    }
    this.retryAt = now + SHARED_RETRY_MS;
    return true;
  }

  /** The shared store failed a count, which the caller takes in memory instead. */
  failed(error: Error): void {
    this.countFallback();
    this.retryAt = Date.now() + SHARED_RETRY_MS;
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.log.warn({ err: error }, 'rate-limit store (REDIS_URL) failing: limits count per process meanwhile');
  }

  succeeded(): void {
    if (this.downSince === null) return;
    this.log.info(
      { outageSeconds: Math.round((Date.now() - this.downSince) / 1000) },
      'rate-limit store (REDIS_URL) answering again: limits are shared again',
    );
    this.downSince = null;
  }
}

/**
 * A limit's counts in Redis, shared by every API process; a count that Redis cannot take (down,
 * hung, refusing) is taken by the process's own memory instead, so the limit still holds, per
 * process, and no request fails for the store or waits on it longer than the command timeout
 * (plugins/redis.ts). The plugin's `redis` option alone would fail such a request (a 500), and its
 * skipOnError would let it through uncounted.
 */
class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly state: SharedStoreState,
  ) {}

  incr(key: string, counted: Counted, timeWindow: number, max: number): void {
    if (!this.state.tryShared()) {
      this.local.incr(key, counted, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          this.state.succeeded();
          counted(null, result);
          return;
        }
        this.state.failed(error);
        this.local.incr(key, counted, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.state);
  }
}

/** The store of every limit of the app when REDIS_URL is set; the plugin builds it with its options. */
function sharedStoreOf(redis: Redis, state: SharedStoreState): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor({ continueExceeding = false, exponentialBackoff = false }) {
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, REDIS_KEY_PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff),
        state,
      );
    }
  };
}

export interface RateLimitOptions {
  /** REDIS_URL: the limits count there, shared by every API process; unset: in this process. */
  redisUrl: string | undefined;
  /** Counts a limit's count taken in memory because the shared store failed (a metric). */
  countFallback: () => void;
}

/**
 * Registers @fastify/rate-limit for the routes that opt in; over the limit is a 429 envelope. Every
 * limit of the app (the ones below, the API token's in auth.ts) counts in its one store.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { redisUrl, countFallback }: RateLimitOptions) => {
    let store: FastifyRateLimitStoreCtor | undefined;
    if (redisUrl) {
      const redis = await connectRedis(redisUrl, app.log);
      app.addHook('onClose', () => redis.disconnect());
      store = sharedStoreOf(redis, new SharedStoreState(app.log, countFallback));
    }
    await app.register(rateLimit, {
      global: false,
      ...(store && { store }),
      errorResponseBuilder: (_request, context) =>
        new AppError(429, messages.common.tooManyRequests, {
          retryAfterSeconds: Math.ceil(context.ttl / 1000),
        }),
    });
  },
);

/**
 * The address a client is counted by: IPv4 as it is, IPv6 by its /64, the block one subscriber
 * gets (counting single IPv6 addresses would give one attacker 2^64 budgets).
 */
export function clientAddressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${prefix.toString()}/64`;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** A per-minute limit of a call, counted per key (`name:` + the key of the request). */
function limiterOf(
  app: FastifyInstance,
  name: string,
  max: number,
  keyOf: (request: FastifyRequest) => string,
) {
  return app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request) => `${name}:${keyOf(request)}`,
  });
}

/** Seconds until the request may be retried when one of the limits is exceeded, else null. */
async function retryAfter(limiters: Limiter[], request: FastifyRequest): Promise<number | null> {
  for (const limiter of limiters) {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) return result.ttlInSeconds;
  }
  return null;
}

/**
 * The two limits of a sign-in-like call: per client address, and per account named in the body
 * (so spreading attempts over many addresses does not help against one account). The plugin runs
 * one limiter per request, so both are checked here through its createRateLimit.
 */
export function abuseLimitHooks(
  app: FastifyInstance,
  name: string,
  limits: AbuseLimits,
  accountOf: (request: FastifyRequest) => string | undefined,
): preHandlerAsyncHookHandler {
  const limiters = [
    limiterOf(app, name, limits.perAddressPerMinute, (request) => `address:${clientAddressKey(request.ip)}`),
    limiterOf(
      app,
      name,
      limits.perAccountPerMinute,
      (request) => `account:${(accountOf(request) ?? '').trim().toLowerCase()}`,
    ),
  ];
  return async (request) => {
    const seconds = await retryAfter(limiters, request);
    if (seconds !== null) {
      throw new AppError(429, messages.common.tooManyRequests, { retryAfterSeconds: seconds });
    }
  };
}

/**
 * The per-address limit alone, for calls that name no account (the SSO start and callback): seconds
 * until a retry when exceeded, else null; the caller decides how to refuse.
 */
export function addressLimit(
  app: FastifyInstance,
  name: string,
  limits: AbuseLimits,
): (request: FastifyRequest) => Promise<number | null> {
  const limiters = [
    limiterOf(app, name, limits.perAddressPerMinute, (request) => `address:${clientAddressKey(request.ip)}`),
  ];
  return (request) => retryAfter(limiters, request);
}
