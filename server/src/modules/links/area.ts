import type { Area } from '../../area';
import { linkRoutes } from './routes';
import type { LinkService } from './service';

/** The link service is the platform's (the auth plugin resolves link tokens with it): this adds its routes. */
export const linksArea: Area<{ links: LinkService }> = {
  name: 'links',
  register: async (api, { links }) => {
    await api.register(linkRoutes, { links });
  },
};
