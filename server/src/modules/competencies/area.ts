import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { CompetencyReminders } from './reminders';
import { competencyRoutes } from './routes';
import { CompetencyService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'answers' | 'mail' | 'hourlyReminders'> & {
  attachments: AttachmentService;
};

export const competenciesArea: Area<Needs> = {
  name: 'competencies',
  register: async (api, { config, db, reader, answers, mail, hourlyReminders, attachments }) => {
    await api.register(competencyRoutes, {
      competencies: new CompetencyService(db, reader, attachments),
      cache: answers,
    });
    // The expiry reminders, each sent once (claimed in the database): hourly, with the other
    // reminders of the job queue (plugins/jobs.ts).
    const reminders = new CompetencyReminders(db, mail, { publicUrl: config.PUBLIC_URL });
    hourlyReminders.push(() => reminders.send());
  },
};
