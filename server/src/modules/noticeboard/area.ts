import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { noticeFilePolicy } from './policy';
import { noticeboardRoutes } from './routes';
import { NoticeAdminService } from './service';

export const noticeboardArea: Area<Pick<Platform, 'db' | 'reader'> & { attachments: AttachmentService }> = {
  name: 'noticeboard',
  register: async (api, { db, reader, attachments }) => {
    await api.register(noticeboardRoutes, { notices: new NoticeAdminService(db, reader, attachments) });
    attachments.registerPolicy('notice', noticeFilePolicy(db));
  },
};
