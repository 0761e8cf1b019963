import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import type { ReviewService } from '../reviews';
import { documentRoutes } from './routes';
import { DocumentService } from './service';
import { DocumentWorkItems } from './workItems';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail'> & {
  attachments: AttachmentService;
  reviews: ReviewService;
};

export const documentsArea: Area<Needs> = {
  name: 'documents',
  register: async (api, { config, db, reader, mail, attachments, reviews }) => {
    const documents = new DocumentService(db, reader, attachments, reviews, mail, {
      publicUrl: config.PUBLIC_URL,
    });
    attachments.registerPolicy('document', documents.documentFilePolicy);
    attachments.registerPolicy('documentVersion', documents.versionFilePolicy);
    await api.register(documentRoutes, { documents, workItems: new DocumentWorkItems(db, reader) });
  },
};
