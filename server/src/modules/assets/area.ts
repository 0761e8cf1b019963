import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { assetRoutes } from './routes';
import { AssetService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader'> & { attachments: AttachmentService };

export const assetsArea: Area<Needs> = {
  name: 'assets',
  register: async (api, { config, db, reader, attachments }) => {
    await api.register(assetRoutes, { assets: new AssetService(db, reader, attachments, config.PUBLIC_URL) });
  },
};
