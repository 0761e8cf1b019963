import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import type { ReviewService } from '../reviews';
import { RegisterParts } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'mail'> & {
  attachments: AttachmentService;
  reviews: ReviewService;
};

/** The register kit: no routes of its own, its parts serve the registers after it. */
export const registerPartsArea: Area<Needs, { registerParts: RegisterParts }> = {
  name: 'registerParts',
  register: async (_api, { config, db, mail, attachments, reviews }) => ({
    registerParts: new RegisterParts(db, attachments, reviews, mail, { publicUrl: config.PUBLIC_URL }),
  }),
};
