import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import type { ReviewService } from '../reviews';
import { obligationRoutes } from './routes';
import { ObligationService } from './service';

type Needs = Pick<Platform, 'db' | 'reader'> & { attachments: AttachmentService; reviews: ReviewService };

export const obligationsArea: Area<Needs> = {
  name: 'obligations',
  register: async (api, { db, reader, attachments, reviews }) => {
    await api.register(obligationRoutes, {
      obligations: new ObligationService(db, reader, attachments, reviews),
    });
  },
};
