import {
  performanceReviewCancelCall,
  performanceReviewDetailsCall,
  performanceReviewExportCall,
  performanceReviewHistoryCall,
  performanceReviewListCall,
  performanceReviewMessages as say,
  performanceReviewPeopleSearchCall,
  performanceReviewReturnCall,
  performanceReviewSaveManagerCall,
  performanceReviewSaveObjectivesCall,
  performanceReviewSaveSelfCall,
  performanceReviewSignOffCall,
  performanceReviewStartCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { sendCsv } from '../registerParts';
import type { ReviewAssessments } from './assessments';
import type { PerformanceReviewService } from './service';

export const performanceReviewRoutes: FastifyPluginAsync<{
  reviews: PerformanceReviewService;
  assessments: ReviewAssessments;
}> = async (app, { reviews, assessments }) => {
  registerCall(app, performanceReviewPeopleSearchCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await reviews.people(auth, request.body.search, request.body.role)),
  });
  registerCall(app, performanceReviewStartCall, {
    handler: async (request, _reply, { auth }) => ok(await reviews.start(auth, request.body), say.started),
  });
  registerCall(app, performanceReviewListCall, {
    handler: async (request, _reply, { auth }) => ok(await reviews.register.list(auth, request.body)),
  });
  registerCall(app, performanceReviewExportCall, {
    handler: async (request, reply, { auth }) =>
      sendCsv(reply, 'performance-reviews.csv', await reviews.register.csv(auth, request.query)),
  });
  registerCall(app, performanceReviewHistoryCall, {
    handler: async (request, _reply, { auth }) => ok(await reviews.employeeHistory(auth, request.body)),
  });
  registerCall(app, performanceReviewDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await reviews.details(auth, request.body._id)),
  });
  registerCall(app, performanceReviewSaveObjectivesCall, {
    handler: async (request, _reply, { auth }) => {
      const { _id, version, objectives } = request.body;
      return ok(await reviews.saveObjectives(auth, _id, version, objectives), say.objectivesSaved);
    },
  });
  registerCall(app, performanceReviewSaveSelfCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await assessments.saveSelf(auth, request.body),
        request.body.submit ? say.selfSubmitted : say.draftSaved,
      ),
  });
  registerCall(app, performanceReviewSaveManagerCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await assessments.saveManager(auth, request.body),
        request.body.submit ? say.managerSubmitted : say.draftSaved,
      ),
  });
  registerCall(app, performanceReviewReturnCall, {
    handler: async (request, _reply, { auth }) => {
      const { _id, version, comment } = request.body;
      return ok(await assessments.returnToEmployee(auth, _id, version, comment), say.returned);
    },
  });
  registerCall(app, performanceReviewSignOffCall, {
    handler: async (request, _reply, { auth }) => {
      const { _id, version, comment } = request.body;
      const saved = await assessments.signOff(auth, _id, version, comment);
      return ok(saved, saved.status === 'completed' ? say.completed : say.signed);
    },
  });
  registerCall(app, performanceReviewCancelCall, {
    handler: async (request, _reply, { auth }) => {
      const { _id, version } = request.body;
      return ok(await reviews.cancel(auth, _id, version), say.cancelled);
    },
  });
};
