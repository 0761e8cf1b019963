import type { Area, Platform } from '../../area';
import type { SubmissionService, SubmissionTemplates } from '../submissions';
import { qrSubmissionRoutes } from './routes';
import { QrSubmissionService } from './service';

type Needs = Pick<Platform, 'db'> & {
  submissions: SubmissionService;
  submissionTemplates: SubmissionTemplates;
};

export const qrSubmissionsArea: Area<Needs> = {
  name: 'qrSubmissions',
  register: async (api, { db, submissions, submissionTemplates }) => {
    await api.register(qrSubmissionRoutes, {
      qrSubmissions: new QrSubmissionService(db, submissions, submissionTemplates),
    });
  },
};
