import type { Area, Platform } from '../../area';
import { rulesOf } from './delivery';
import { webhookRoutes } from './routes';
import { WebhookService } from './service';

export const webhooksArea: Area<Pick<Platform, 'config' | 'db' | 'secrets'>> = {
  name: 'webhooks',
  register: async (api, { config, db, secrets }) => {
    await api.register(webhookRoutes, { webhooks: new WebhookService(db, secrets, rulesOf(config)) });
  },
};
