import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { SupplierRequirementService } from './requirements';
import { externalPartiesRoutes } from './routes';
import { ExternalPartiesService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail' | 'answers' | 'hourlyReminders'> & {
  attachments: AttachmentService;
};

export const externalPartiesArea: Area<Needs> = {
  name: 'externalParties',
  register: async (api, { config, db, reader, mail, answers, hourlyReminders, attachments }) => {
    const options = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
    const externalParties = new ExternalPartiesService(db, reader, mail, options);
    const requirements = new SupplierRequirementService(db, reader, mail, attachments, options);
    attachments.registerPolicy('requirement', requirements.attachmentPolicy);
    await api.register(externalPartiesRoutes, { externalParties, requirements, cache: answers });
    // The reminders before a supplier form's or document's due date and a document's expiry,
    // each sent once (claimed in the database): hourly, by the job queue (plugins/jobs.ts).
    hourlyReminders.push(
      () => externalParties.sendReminders(),
      () => requirements.sendReminders(),
    );
  },
};
