import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { KioskService } from './kiosk';
import { VisitRegister } from './register';
import { purgeExpiredVisits } from './retention';
import { visitorRoutes } from './routes';
import { VisitorSetupService } from './setup';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail' | 'hourlyReminders'> & {
  attachments: AttachmentService;
};

export const visitorsArea: Area<Needs> = {
  name: 'visitors',
  register: async (api, { config, db, reader, mail, hourlyReminders, attachments }) => {
    await api.register(visitorRoutes, {
      setup: new VisitorSetupService(db, attachments, config.PUBLIC_URL),
      kiosks: new KioskService(db, attachments, mail),
      register: new VisitRegister(db, reader),
    });
    // Visits past their workplace's retention are removed (privacy) with the hourly jobs (plugins/jobs.ts).
    hourlyReminders.push(() => purgeExpiredVisits(db));
  },
};
