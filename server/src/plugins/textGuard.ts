import { UNSAFE_TEXT_MESSAGE, unsafeTextPath } from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors';

/** Refuses text the database cannot store, found anywhere in a request (shared/src/rules/text.ts). */
export function checkText(value: unknown, where: string): void {
  const path = unsafeTextPath(value);
  if (path !== null) {
    throw badRequest(UNSAFE_TEXT_MESSAGE, [
      { field: where === 'body' ? path : `${where}.${path}`, message: UNSAFE_TEXT_MESSAGE },
    ]);
  }
}

/**
 * Every request's body, query and path parameters are checked before their schema runs, so no
 * route's contract can let a NUL or an unpaired surrogate through to PostgreSQL (a 500 before).
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    checkText(request.params, 'params');
    checkText(request.query, 'query');
    checkText(request.body, 'body');
  });
});
