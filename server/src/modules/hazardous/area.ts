import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import type { RegisterParts } from '../registerParts';
import { hazardousRoutes } from './routes';
import { HazardousService } from './service';

type Needs = Pick<Platform, 'db' | 'reader'> & {
  attachments: AttachmentService;
  registerParts: RegisterParts;
};

export const hazardousArea: Area<Needs> = {
  name: 'hazardous',
  register: async (api, { db, reader, attachments, registerParts }) => {
    await api.register(hazardousRoutes, {
      hazardous: new HazardousService(db, reader, attachments, registerParts),
      parts: registerParts,
    });
  },
};
