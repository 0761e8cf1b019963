import rateLimit from '@fastify/rate-limit';
import { messages } from '@compass/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import ipaddr from 'ipaddr.js';
import { AppError } from '../errors';

export interface AbuseLimits {
  perAddressPerMinute: number;
  perAccountPerMinute: number;
}

/** Registers @fastify/rate-limit for the routes that opt in; over the limit is a 429 envelope. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, messages.common.tooManyRequests, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
});

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
