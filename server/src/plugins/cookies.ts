import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cookie parsing and signing (@fastify/cookie). The secret is COOKIE_SECRET; without it a random
 * one is made per process, which is safe but ties a signed cookie to the process that set it.
 */
export const cookiesPlugin = fp(
  async (app: FastifyInstance, { secret, production }: { secret?: string; production: boolean }) => {
    if (!secret && production) {
      app.log.warn(
        'COOKIE_SECRET is not set: using a random secret for this process; SSO sign-ins started on ' +
          'another API process or before a restart will fail. Set it (see docs/sso.md).',
      );
    }
    await app.register(fastifyCookie, { secret: secret ?? randomBytes(32).toString('base64url') });
  },
);
