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
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { NoticeAdminService } from './service';

export const noticeboardRoutes: FastifyPluginAsync<{ notices: NoticeAdminService }> = async (
  app,
  { notices },
) => {
  registerCall(app, noticeAdminListCall, {
    handler: async (request, _reply, { auth }) => ok(await notices.list(auth, request.body)),
  });
  registerCall(app, noticeAdminDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await notices.details(auth, request.body._id)),
  });
  registerCall(app, noticeAudienceOptionsCall, {
    handler: async (request, _reply, { auth }) => ok(await notices.audienceOptions(auth)),
  });
  registerCall(app, noticeSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await notices.save(auth, request.body), say.saved),
  });
  registerCall(app, noticeAttachmentUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZNoticeAttachmentUpload, fields);
      await notices.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, noticePublishCall, {
    handler: async (request, _reply, { auth }) => {
      await notices.publish(auth, request.body._id);
      return ok(null, say.published);
    },
  });
  registerCall(app, noticeExpireCall, {
    handler: async (request, _reply, { auth }) => {
      await notices.expire(auth, request.body._id);
      return ok(null, say.expired);
    },
  });
  registerCall(app, noticeDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await notices.remove(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
};
