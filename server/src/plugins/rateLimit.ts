import rateLimit from '@fastify/rate-limit';
import { messages } from '@compass/shared';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
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
  const byAddress = app.createRateLimit({
    max: limits.perAddressPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `${name}:address:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: limits.perAccountPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `${name}:account:${(accountOf(request) ?? '').trim().toLowerCase()}`,
  });
  return async (request) => {
    for (const limiter of [byAddress, byAccount]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(429, messages.common.tooManyRequests, { retryAfterSeconds: result.ttlInSeconds });
      }
    }
  };
}
