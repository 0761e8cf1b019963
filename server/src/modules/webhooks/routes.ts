import {
  webhookDeleteCall,
  webhookDeliveryListCall,
  webhookDeliveryResendCall,
  webhookListCall,
  webhookMessages as say,
  webhookRollSecretCall,
  webhookSaveCall,
  webhookTestCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { WebhookService } from './service';

export const webhookRoutes: FastifyPluginAsync<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  registerCall(app, webhookListCall, {
    handler: async (_request, _reply, { auth }) => ok({ items: await webhooks.list(auth.companyId) }),
  });
  registerCall(app, webhookSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await webhooks.save(auth, request.body), say.saved),
  });
  registerCall(app, webhookDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await webhooks.delete(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, webhookRollSecretCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await webhooks.rollSecret(auth, request.body._id), say.secretRolled),
  });
  registerCall(app, webhookTestCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await webhooks.test(auth, request.body._id), say.testQueued),
  });
  registerCall(app, webhookDeliveryListCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await webhooks.deliveries(auth.companyId, request.query.webhookId, request.query.page)),
  });
  registerCall(app, webhookDeliveryResendCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await webhooks.resend(auth, request.body._id), say.resent),
  });
};
