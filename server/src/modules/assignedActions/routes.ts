import {
  envelopeOf,
  ZAssignedActionDetails,
  ZAssignedActionDetailsRequest,
  ZAssignedActionSaveRequest,
} from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { AssignedActionService } from './service';
import { ACCESS } from '@compass/shared';

export const assignedActionRoutes: FastifyPluginAsyncZod<{ assignedActions: AssignedActionService }> = async (
  app,
  { assignedActions },
) => {
  app.post('/assignedActionDetails', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['assignedActions'],
      summary: 'An audit question, obligation question or form task assigned to the caller',
      body: ZAssignedActionDetailsRequest,
      response: { 200: envelopeOf(ZAssignedActionDetails) },
    },
    handler: async (request) =>
      ok(await assignedActions.details(requireAuth(request), request.body.sectionType, request.body.taskId)),
  });

  app.post('/assignedActionSave', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['assignedActions'],
      summary:
        'Save Draft (completeStatus no) or Complete (yes) an assigned action; multipart form: sectionType, ' +
        'taskId, response, completeStatus, localTimeZone and files',
      consumes: ['multipart/form-data'],
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(ZAssignedActionSaveRequest, fields);
      return ok(null, await assignedActions.save(requireAuth(request), input, files));
    },
  });
};
