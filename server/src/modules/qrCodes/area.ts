import type { Area, Platform } from '../../area';
import { qrCodeRoutes } from './routes';
import { QrCodeService } from './service';

export const qrCodesArea: Area<Pick<Platform, 'config' | 'db'>> = {
  name: 'qrCodes',
  register: async (api, { config, db }) => {
    await api.register(qrCodeRoutes, { qrCodes: new QrCodeService(db, config.PUBLIC_URL) });
  },
};
