import {
  mailCategoryListCall,
  notificationMessages as say,
  testMailSendCall,
  testMailStatusCall,
  unsubscribedUserListCall,
  unsubscribedUserReEnableCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { NotificationService } from './service';

export const notificationRoutes: FastifyPluginAsync<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  registerCall(app, unsubscribedUserListCall, {
    handler: async (request, _reply, { auth }) => ok(await notifications.unsubscribed(auth, request.body)),
  });
  registerCall(app, unsubscribedUserReEnableCall, {
    handler: async (request, _reply, { auth }) => {
      const name = await notifications.reEnable(auth, request.body._id);
      return ok(null, say.reEnabled(name));
    },
  });
  registerCall(app, mailCategoryListCall, {
    handler: async (_request, _reply, { auth }) => ok(await notifications.categories(auth)),
  });
  registerCall(app, testMailSendCall, {
    handler: async (_request, _reply, { auth }) => {
      const sent = await notifications.sendTestMail(auth);
      return ok(sent, say.testMailQueued(sent.to));
    },
  });
  registerCall(app, testMailStatusCall, {
    handler: async (_request, _reply, { auth }) => ok(await notifications.latestTestMail(auth)),
  });
};
