import {
  noticeAdminDetailsCall,
  noticeAdminListCall,
  noticeAttachmentUploadCall,
  noticeAudienceOptionsCall,
  noticeDeleteCall,
  noticeExpireCall,
  noticeMessages as say,
  noticePublishCall,
  noticeSaveCall,
  ZNoticeAttachmentUpload,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { NoticeAdminService } from './service';

export const noticeboardRoutes: FastifyPluginAsync<{ notices: NoticeAdminService }> = async (
  app,
  { notices },
) => {
  registerCall(app, noticeAdminListCall, {
    handler: async (request) => ok(await notices.list(requireAuth(request), request.body)),
  });
  registerCall(app, noticeAdminDetailsCall, {
    handler: async (request) => ok(await notices.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, noticeAudienceOptionsCall, {
    handler: async (request) => ok(await notices.audienceOptions(requireAuth(request))),
  });
  registerCall(app, noticeSaveCall, {
    handler: async (request) => ok(await notices.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, noticeAttachmentUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZNoticeAttachmentUpload, fields);
      await notices.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, noticePublishCall, {
    handler: async (request) => {
      await notices.publish(requireAuth(request), request.body._id);
      return ok(null, say.published);
    },
  });
  registerCall(app, noticeExpireCall, {
    handler: async (request) => {
      await notices.expire(requireAuth(request), request.body._id);
      return ok(null, say.expired);
    },
  });
  registerCall(app, noticeDeleteCall, {
    handler: async (request) => {
      await notices.remove(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });
};
