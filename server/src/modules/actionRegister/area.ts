import type { Area, Platform } from '../../area';
import type { AssignedActionService } from '../assignedActions';
import { actionRegisterRoutes } from './routes';
import { ActionRegisterService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail'> & { assignedActions: AssignedActionService };

export const actionRegisterArea: Area<Needs> = {
  name: 'actionRegister',
  register: async (api, { config, db, reader, mail, assignedActions }) => {
    await api.register(actionRegisterRoutes, {
      actionRegister: new ActionRegisterService(db, reader, mail, assignedActions, {
        publicUrl: config.PUBLIC_URL,
      }),
    });
  },
};
