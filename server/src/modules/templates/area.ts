import type { Area, Platform } from '../../area';
import { templateRoutes } from './routes';
import { TemplateAdminService } from './service';

export const templatesArea: Area<Pick<Platform, 'db' | 'reader'>> = {
  name: 'templates',
  register: async (api, { db, reader }) => {
    await api.register(templateRoutes, { templates: new TemplateAdminService(db, reader) });
  },
};
