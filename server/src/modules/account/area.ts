import type { Area, Platform } from '../../area';
import { accountRoutes } from './routes';
import { AccountService } from './service';

export const accountArea: Area<Pick<Platform, 'db'>> = {
  name: 'account',
  register: async (api, { db }) => {
    await api.register(accountRoutes, { account: new AccountService(db) });
  },
};
