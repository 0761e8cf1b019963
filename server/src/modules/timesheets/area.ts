import type { Area, Platform } from '../../area';
import { timesheetRoutes } from './routes';
import { TimesheetService } from './service';

export const timesheetsArea: Area<Pick<Platform, 'db' | 'reader'>> = {
  name: 'timesheets',
  register: async (api, { db, reader }) => {
    await api.register(timesheetRoutes, { timesheets: new TimesheetService(db, reader) });
  },
};
