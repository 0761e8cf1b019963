import type { Area } from '../../area';
import { attachmentRoutes } from './routes';
import type { AttachmentService } from './service';

/** The attachment service is the platform's (each owning area registers its policy): this adds its routes. */
export const attachmentsArea: Area<{ attachments: AttachmentService }> = {
  name: 'attachments',
  register: async (api, { attachments }) => {
    await api.register(attachmentRoutes, { attachments });
  },
};
