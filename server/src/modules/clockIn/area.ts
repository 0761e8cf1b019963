import type { Area, Platform } from '../../area';
import { clockInRoutes } from './routes';
import { ClockInService } from './service';

export const clockInArea: Area<Pick<Platform, 'db'>> = {
  name: 'clockIn',
  register: async (api, { db }) => {
    await api.register(clockInRoutes, { clockIn: new ClockInService(db) });
  },
};
