import type { Area, Platform } from '../../area';
import { dashboardRoutes } from './routes';
import { DashboardService } from './service';

export const dashboardArea: Area<Pick<Platform, 'reader' | 'answers'>> = {
  name: 'dashboard',
  register: async (api, { reader, answers }) => {
    await api.register(dashboardRoutes, { dashboard: new DashboardService(reader), cache: answers });
  },
};
