import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { competencyRoutes } from './routes';
import { CompetencyService } from './service';

type Needs = Pick<Platform, 'db' | 'reader'> & { attachments: AttachmentService };

export const competenciesArea: Area<Needs> = {
  name: 'competencies',
  register: async (api, { db, reader, attachments }) => {
    await api.register(competencyRoutes, { competencies: new CompetencyService(db, reader, attachments) });
  },
};
