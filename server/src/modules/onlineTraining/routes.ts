import {
  onlineTrainingMessages as say,
  trainingCourseDetailsCall,
  trainingCourseDiscardCall,
  trainingCourseFileDeleteCall,
  trainingCourseFilesAddCall,
  trainingCourseListCall,
  trainingCoursePublishCall,
  trainingCourseSaveCall,
  trainingCourseSetActiveCall,
  trainingCourseVersionCall,
  ZTrainingCourseFilesAdd,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { OnlineTrainingService } from './service';

export const onlineTrainingRoutes: FastifyPluginAsync<{ training: OnlineTrainingService }> = async (
  app,
  { training },
) => {
  registerCall(app, trainingCourseListCall, {
    handler: async (request, _reply, { auth }) => ok(await training.list(auth, request.body)),
  });
  registerCall(app, trainingCourseDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await training.details(auth, request.body._id)),
  });
  registerCall(app, trainingCourseVersionCall, {
    handler: async (request, _reply, { auth }) => ok(await training.version(auth, request.body)),
  });
  registerCall(app, trainingCourseSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await training.save(auth, request.body), say.saved),
  });
  registerCall(app, trainingCoursePublishCall, {
    handler: async (request, _reply, { auth }) => {
      const published = await training.publish(auth, request.body);
      return ok(published, say.published(published.currentVersion));
    },
  });
  registerCall(app, trainingCourseDiscardCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await training.discard(auth, request.body), say.discarded),
  });
  registerCall(app, trainingCourseSetActiveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await training.setActive(auth, request.body),
        request.body.isActive ? say.reactivated : say.deactivated,
      ),
  });
  registerCall(app, trainingCourseFilesAddCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZTrainingCourseFilesAdd, fields);
      return ok(await training.addFiles(auth, _id, files), say.filesAdded);
    },
  });
  registerCall(app, trainingCourseFileDeleteCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await training.deleteFile(auth, request.body), say.fileDeleted),
  });
};
