import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import type { SubmissionTemplates } from '../submissions';
import { auditRoutes } from './routes';
import { AuditService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'storage' | 'mail'> & {
  attachments: AttachmentService;
  submissionTemplates: SubmissionTemplates;
};

export const auditsArea: Area<Needs> = {
  name: 'audits',
  register: async (api, { config, db, reader, storage, mail, attachments, submissionTemplates }) => {
    const options = { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME };
    await api.register(auditRoutes, {
      audits: new AuditService(db, reader, storage, attachments, submissionTemplates, mail, options),
    });
  },
};
