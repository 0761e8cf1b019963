import { healthCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/prisma';
import { AppError } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  registerCall(app, healthCall, {
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
