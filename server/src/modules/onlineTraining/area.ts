import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { onlineTrainingRoutes } from './routes';
import { OnlineTrainingService } from './service';

type Needs = Pick<Platform, 'db' | 'reader'> & { attachments: AttachmentService };

export const onlineTrainingArea: Area<Needs> = {
  name: 'onlineTraining',
  register: async (api, { db, reader, attachments }) => {
    await api.register(onlineTrainingRoutes, {
      training: new OnlineTrainingService(db, reader, attachments),
    });
  },
};
