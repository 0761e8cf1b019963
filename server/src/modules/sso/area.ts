import type { Area, Platform } from '../../area';
import { ssoRoutes } from './routes';
import type { SsoService } from './service';

export const ssoArea: Area<Pick<Platform, 'config' | 'abuseLimits'> & { sso: SsoService }> = {
  name: 'sso',
  register: async (api, { config, sso, abuseLimits }) => {
    await api.register(ssoRoutes, { sso, publicUrl: config.PUBLIC_URL, abuseLimits });
  },
};
