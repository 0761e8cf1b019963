import type { Area, Platform } from '../../area';
import { apiTokenRoutes } from './routes';
import { ApiTokenService } from './service';

export const apiTokensArea: Area<Pick<Platform, 'db'>> = {
  name: 'apiTokens',
  register: async (api, { db }) => {
    await api.register(apiTokenRoutes, { apiTokens: new ApiTokenService(db) });
  },
};
