import type { Area, Platform } from '../../area';
import type { SsoService } from '../sso';
import { configurationRoutes } from './routes';

export const configurationArea: Area<Pick<Platform, 'config'> & { sso: SsoService }> = {
  name: 'configuration',
  register: async (api, { config, sso }) => {
    await api.register(configurationRoutes, { config, sso });
  },
};
