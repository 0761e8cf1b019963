import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * How long a connection attempt and one command may take. A rate-limit check waits this long at most
 * for a Redis that stopped answering before the request is counted in the process instead.
 */
const REDIS_TIMEOUT_MS = 500;

/**
 * The client of the shared store (REDIS_URL), one per process. It fails fast rather than waiting:
 * no offline queue (a command while disconnected fails at once), one retry, bounded connect and
 * command times. It reconnects by itself, so the store is used again once Redis is back. A Redis
 * that is down at start does not stop the process: its limits count in memory until it answers.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Every failed reconnect emits an error; the users of the store log an outage once (rateLimit.ts).
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    log.warn(
      { err: error },
      'Redis (REDIS_URL) is not answering: rate limits count per process until it does',
    );
  }
  return redis;
}
