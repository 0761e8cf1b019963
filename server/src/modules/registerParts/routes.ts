import {
  registerMessages as say,
  reviewMessages,
  ZRegisterFilesAdd,
  type registerCalls,
  type reviewCalls,
  type ReviewActionType,
  type TReviewCompleted,
} from '@compass/shared';
import type { FastifyInstance } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { RegisterKind } from './registers';
import type { RegisterParts } from './service';

/** The answer to a completed review: what was done, and whose turn it was. */
export function reviewCompleted(actionType: ReviewActionType, done: TReviewCompleted) {
  return ok(done, actionType === 'coReview' ? reviewMessages.coReviewed : reviewMessages.reviewed);
}

/**
 * The routes of a register's shared parts (people, workplaces, actions, files, opening a review),
 * under its key. Completing a review is the register's own route: it records more or less.
 */
export function registerPartRoutes(
  app: FastifyInstance,
  calls: ReturnType<typeof registerCalls<string>> & {
    review: ReturnType<typeof reviewCalls<string>>['details'];
  },
  parts: RegisterParts,
  kind: RegisterKind,
): void {
  registerCall(app, calls.review, {
    handler: async (request, _reply, { auth }) => {
      const { itemId, actionType } = request.body;
      return ok(await parts.openReview(auth, kind, itemId, actionType));
    },
  });
  registerCall(app, calls.people, {
    handler: async (request, _reply, { auth }) => ok(await parts.people(auth, kind, request.body)),
  });
  registerCall(app, calls.workplaces, {
    handler: async (_request, _reply, { auth }) => ok(await parts.workplaces(auth)),
  });
  registerCall(app, calls.actionAdd, {
    handler: async (request, _reply, { auth }) =>
      ok(await parts.raiseAction(auth, kind, request.body), say.actionAdded),
  });
  registerCall(app, calls.filesAdd, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZRegisterFilesAdd, fields);
      await parts.addFiles(auth, kind, _id, files);
      return ok(null, say.filesAdded);
    },
  });
}
