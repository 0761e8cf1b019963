import type { Area, Platform } from '../../area';
import type { RegisterParts } from '../registerParts';
import { riskRoutes } from './routes';
import { RiskService } from './service';

export const risksArea: Area<Pick<Platform, 'db' | 'reader'> & { registerParts: RegisterParts }> = {
  name: 'risks',
  register: async (api, { db, reader, registerParts }) => {
    await api.register(riskRoutes, {
      risks: new RiskService(db, reader, registerParts),
      parts: registerParts,
    });
  },
};
