import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { ExternalTaskService } from './externalTask';
import { assignedActionRoutes } from './routes';
import { AssignedActionService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail'> & { attachments: AttachmentService };

export const assignedActionsArea: Area<Needs, { assignedActions: AssignedActionService }> = {
  name: 'assignedActions',
  register: async (api, { config, db, reader, mail, attachments }) => {
    const assignedActions = new AssignedActionService(db, reader, attachments, mail, {
      publicUrl: config.PUBLIC_URL,
      productName: config.PRODUCT_NAME,
    });
    await api.register(assignedActionRoutes, {
      assignedActions,
      externalTask: new ExternalTaskService(db, attachments, assignedActions),
    });
    return { assignedActions };
  },
};
