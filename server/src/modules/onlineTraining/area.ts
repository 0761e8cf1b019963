import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { onPositionJoin } from '../employees';
import { TrainingMatrix } from './matrix';
import { trainingMatrixRoutes } from './matrixRoutes';
import { sendTrainingReminders } from './reminders';
import { onlineTrainingRoutes } from './routes';
import { OnlineTrainingService, TrainingAssignmentService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail' | 'answers' | 'hourlyReminders'> & {
  attachments: AttachmentService;
};

export const onlineTrainingArea: Area<Needs> = {
  name: 'onlineTraining',
  register: async (api, { config, db, reader, mail, answers, hourlyReminders, attachments }) => {
    const assignments = new TrainingAssignmentService(db, reader, attachments, mail, config.PUBLIC_URL);
    // Whoever joins a position is assigned its standing rules' courses, in the employees' transaction.
    onPositionJoin('onlineTraining', (tx, join) => assignments.positionJoined(tx, join));
    await api.register(onlineTrainingRoutes, {
      training: new OnlineTrainingService(db, reader, attachments),
      assignments,
    });
    await api.register(trainingMatrixRoutes, { matrix: new TrainingMatrix(reader), cache: answers });
    // The reminders before the complete-by day, each sent once (claimed in the database): hourly.
    hourlyReminders.push(() => sendTrainingReminders(db, { mail, publicUrl: config.PUBLIC_URL }));
  },
};
