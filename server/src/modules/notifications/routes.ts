import {
  mailCategoryListCall,
  notificationMessages as say,
  testMailSendCall,
  testMailStatusCall,
  unsubscribedUserListCall,
  unsubscribedUserReEnableCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { NotificationService } from './service';

export const notificationRoutes: FastifyPluginAsync<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  registerCall(app, unsubscribedUserListCall, {
    handler: async (request) => ok(await notifications.unsubscribed(requireAuth(request), request.body)),
  });
  registerCall(app, unsubscribedUserReEnableCall, {
    handler: async (request) => {
      const name = await notifications.reEnable(requireAuth(request), request.body._id);
      return ok(null, say.reEnabled(name));
    },
  });
  registerCall(app, mailCategoryListCall, {
    handler: async (request) => ok(await notifications.categories(requireAuth(request))),
  });
  registerCall(app, testMailSendCall, {
    handler: async (request) => {
      const sent = await notifications.sendTestMail(requireAuth(request));
      return ok(sent, say.testMailQueued(sent.to));
    },
  });
  registerCall(app, testMailStatusCall, {
    handler: async (request) => ok(await notifications.latestTestMail(requireAuth(request))),
  });
};
