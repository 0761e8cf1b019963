import type { Area, Platform } from '../../area';
import type { AttachmentService } from '../attachments';
import { noticeAttachmentPolicy } from './noticeAttachments';
import { dashboardRoutes } from './routes';
import { DashboardService } from './service';

export const dashboardArea: Area<
  Pick<Platform, 'db' | 'reader' | 'answers'> & { attachments: AttachmentService }
> = {
  name: 'dashboard',
  register: async (api, { db, reader, answers, attachments }) => {
    await api.register(dashboardRoutes, { dashboard: new DashboardService(reader), cache: answers });
    attachments.registerPolicy('notice', noticeAttachmentPolicy(db));
  },
};
