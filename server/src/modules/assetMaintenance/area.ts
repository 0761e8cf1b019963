import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { maintenanceRoutes } from './routes';
import { MaintenanceService } from './service';

type Needs = Pick<Platform, 'db' | 'reader'> & { attachments: AttachmentService };

export const assetMaintenanceArea: Area<Needs> = {
  name: 'assetMaintenance',
  register: async (api, { db, reader, attachments }) => {
    await api.register(maintenanceRoutes, { maintenance: new MaintenanceService(db, reader, attachments) });
  },
};
