import type { Area, Platform } from '../../area';
import { changeLogRoutes } from './routes';
import { ChangeLogService } from './service';

export const changeLogArea: Area<Pick<Platform, 'reader'>> = {
  name: 'changeLog',
  register: async (api, { reader }) => {
    await api.register(changeLogRoutes, { changeLog: new ChangeLogService(reader) });
  },
};
