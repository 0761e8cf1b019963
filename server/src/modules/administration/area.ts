import type { Area, Platform } from '../../area';
import { OrganisationProfileService } from './profile';
import { administrationRoutes } from './routes';
import { OrganisationStructureService } from './structure';

export const administrationArea: Area<Pick<Platform, 'db' | 'reader' | 'storage' | 'secrets' | 'answers'>> = {
  name: 'administration',
  register: async (api, { db, reader, storage, secrets, answers }) => {
    await api.register(administrationRoutes, {
      profile: new OrganisationProfileService(db, storage, secrets),
      structure: new OrganisationStructureService(db, reader),
      cache: answers,
    });
  },
};
