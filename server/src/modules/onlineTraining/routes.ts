import {
  onlineTrainingMessages as say,
  trainingAssignCall,
  trainingAssignmentAllowAttemptCall,
  trainingAssignmentCancelCall,
  trainingAssignmentListCall,
  trainingAssignmentMessages as said,
  trainingAssignmentOpenCall,
  trainingAssignOptionsCall,
  trainingAttemptDetailsCall,
  trainingAttemptMarkCall,
  trainingAttemptStartCall,
  trainingAttemptSubmitCall,
  trainingCertificateCall,
  trainingCourseDetailsCall,
  trainingCourseDiscardCall,
  trainingCourseFileDeleteCall,
  trainingCourseFilesAddCall,
  trainingCourseListCall,
  trainingCoursePublishCall,
  trainingCourseSaveCall,
  trainingCourseSetActiveCall,
  trainingCourseVersionCall,
  trainingPersonnelOptionsCall,
  trainingPositionRuleListCall,
  trainingPositionRuleStopCall,
  ZTrainingCourseFilesAdd,
} from '@compass/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { OnlineTrainingService, TrainingAssignmentService } from './service';

export const onlineTrainingRoutes: FastifyPluginAsync<{
  training: OnlineTrainingService;
  assignments: TrainingAssignmentService;
}> = async (app, { training, assignments }) => {
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
  registerAssignmentCalls(app, assignments);
};

/** The assignments' calls: HR's (assign, the register, another attempt, withdraw), then the attempts'. */
function registerAssignmentCalls(app: FastifyInstance, assignments: TrainingAssignmentService): void {
  registerCall(app, trainingAssignOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await assignments.options(auth)),
  });
  registerCall(app, trainingAssignCall, {
    handler: async (request, _reply, { auth }) => {
      const assigned = await assignments.assign(auth, request.body);
      return ok(assigned, said.assigned(assigned.count, assigned.mailsQueued));
    },
  });
  registerCall(app, trainingAssignmentListCall, {
    handler: async (request, _reply, { auth }) => ok(await assignments.list(auth, request.body)),
  });
  registerCall(app, trainingAssignmentAllowAttemptCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await assignments.allowAttempt(auth, request.body._id), said.attemptAllowed),
  });
  registerCall(app, trainingAssignmentCancelCall, {
    handler: async (request, _reply, { auth }) => {
      await assignments.cancel(auth, request.body._id);
      return ok({ ok: true as const }, said.cancelled);
    },
  });
  registerCall(app, trainingPersonnelOptionsCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await assignments.personnelOptions(auth, request.body.search)),
  });
  registerCall(app, trainingPositionRuleListCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await assignments.positionRules(auth, request.body.courseId)),
  });
  registerCall(app, trainingPositionRuleStopCall, {
    handler: async (request, _reply, { auth }) => {
      await assignments.stopPositionRule(auth, request.body._id);
      return ok({ ok: true as const }, said.ruleStopped);
    },
  });
  registerTraineeCalls(app, assignments);
}

/** The trainee's calls (also the reviewer's and HR's to look): signed in, or through the assignment's link. */
function registerTraineeCalls(app: FastifyInstance, assignments: TrainingAssignmentService): void {
  registerCall(app, trainingAssignmentOpenCall, {
    handler: async (request, _reply, caller) => ok(await assignments.open(caller, request.body._id)),
  });
  registerCall(app, trainingAttemptStartCall, {
    handler: async (request, _reply, caller) =>
      ok(await assignments.start(caller, request.body.assignmentId)),
  });
  registerCall(app, trainingAttemptSubmitCall, {
    handler: async (request, _reply, caller) => {
      const result = await assignments.submit(caller, request.body);
      return ok(result, result.message);
    },
  });
  registerCall(app, trainingAttemptDetailsCall, {
    handler: async (request, _reply, caller) => ok(await assignments.details(caller, request.body._id)),
  });
  registerCall(app, trainingCertificateCall, {
    handler: async (request, reply, caller) => {
      const { fileName, pdf } = await assignments.certificate(caller, request.query.assignmentId);
      return reply.headers(fileHeaders({ fileName, contentType: 'application/pdf' })).send(pdf);
    },
  });
  registerCall(app, trainingAttemptMarkCall, {
    handler: async (request, _reply, { auth }) => {
      const result = await assignments.mark(auth, request.body);
      return ok(result, result.message);
    },
  });
}
