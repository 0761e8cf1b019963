import { healthCall, healthLiveCall, healthReadyCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { HealthService } from './service';

export const healthRoutes: FastifyPluginAsync<{ health: HealthService }> = async (app, { health }) => {
  registerCall(app, healthCall, { handler: async () => ok(await health.database()) });
  // No I/O: the process answers, whatever the state of the database or the file store.
  registerCall(app, healthLiveCall, { handler: async () => ok({ status: 'ok' as const }) });
  registerCall(app, healthReadyCall, { handler: async () => ok(await health.readiness()) });
};
