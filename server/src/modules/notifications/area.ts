import type { Area, Platform } from '../../area';
import { notificationRoutes } from './routes';
import { NotificationService } from './service';

export const notificationsArea: Area<Pick<Platform, 'config' | 'db' | 'mail'>> = {
  name: 'notifications',
  register: async (api, { config, db, mail }) => {
    await api.register(notificationRoutes, {
      notifications: new NotificationService(db, mail, {
        productName: config.PRODUCT_NAME,
        publicUrl: config.PUBLIC_URL,
      }),
    });
  },
};
