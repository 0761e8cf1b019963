import { envelopeOf } from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/prisma';
import { AppError } from '../../errors';
import { ok } from '../../plugins/envelope';
import { ACCESS } from '../../plugins/callers';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health', {
    config: { access: ACCESS.anyone },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database reachability',
      response: { 200: envelopeOf(z.object({ status: z.literal('ok'), database: z.literal('ok') })) },
    },
    handler: async () => {
      try {
        await db.$queryRaw`SELECT 1`;
      } catch {
        throw new AppError(503, 'The database is not reachable.');
      }
      return ok({ status: 'ok' as const, database: 'ok' as const });
    },
  });
};
