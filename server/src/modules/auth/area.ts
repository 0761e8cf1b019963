import type { Area, Platform } from '../../area';
import { authRoutes } from './routes';
import type { AuthService } from './service';

export const authArea: Area<Pick<Platform, 'abuseLimits'> & { auth: AuthService }> = {
  name: 'auth',
  register: async (api, { auth, abuseLimits }) => {
    await api.register(authRoutes, { auth, abuseLimits });
  },
};
