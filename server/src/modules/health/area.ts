import type { Area, Platform } from '../../area';
import { shippedMigrationNames } from '../../db/migrate';
import { healthRoutes } from './routes';
import { HealthService } from './service';

export const healthArea: Area<Pick<Platform, 'config' | 'db' | 'storage'>> = {
  name: 'health',
  register: async (api, { config, db, storage }) => {
    await api.register(healthRoutes, {
      health: new HealthService(db, storage, {
        timeoutMs: config.HEALTH_CHECK_TIMEOUT_SECONDS * 1000,
        migrations: shippedMigrationNames(),
      }),
    });
  },
};
