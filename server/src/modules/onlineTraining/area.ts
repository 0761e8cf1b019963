import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { TrainingMatrix } from './matrix';
import { trainingMatrixRoutes } from './matrixRoutes';
import { onlineTrainingRoutes } from './routes';
import { OnlineTrainingService, TrainingAssignmentService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail' | 'answers'> & {
  attachments: AttachmentService;
};

export const onlineTrainingArea: Area<Needs> = {
  name: 'onlineTraining',
  register: async (api, { config, db, reader, mail, answers, attachments }) => {
    await api.register(onlineTrainingRoutes, {
      training: new OnlineTrainingService(db, reader, attachments),
      assignments: new TrainingAssignmentService(db, reader, attachments, mail, config.PUBLIC_URL),
    });
    await api.register(trainingMatrixRoutes, { matrix: new TrainingMatrix(reader), cache: answers });
  },
};
