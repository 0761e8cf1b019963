import {
  envelopeOf,
  messages,
  ZExternalTaskDetails,
  ZExternalTaskDetailsRequest,
  ZExternalTaskFileDeleteRequest,
  ZExternalTaskSaveRequest,
  ZLinkTokenRevoked,
  ZLinkTokenRevokeRequest,
} from '@compass/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { ExternalTaskService, TaskViewer } from './externalTask';
import type { LinkService } from './service';
import { ACCESS } from '@compass/shared';

/** The link token travels in the query string of the page and of its calls. */
const ZLinkQuery = z.object({ authtoken: z.string().optional() });

const viewerOf = (request: FastifyRequest): TaskViewer =>
  request.link ? { link: request.link } : { auth: requireAuth(request) };

export const linkRoutes: FastifyPluginAsyncZod<{
  links: LinkService;
  externalTask: ExternalTaskService;
}> = async (app, { links, externalTask }) => {
  app.post('/linkTokenRevoke', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['links'],
      summary:
        'Revoke one link (_id) or every live link of a resource: system administrators, or a ' +
        'coordinator of the form the resource belongs to',
      body: ZLinkTokenRevokeRequest,
      response: { 200: envelopeOf(ZLinkTokenRevoked) },
    },
    handler: async (request) =>
      ok({ revoked: await links.revoke(requireAuth(request), request.body) }, messages.links.revokedDone),
  });

  app.post('/externalTaskDetails', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags: ['links'],
      summary: 'The action of the external task page, by its link (?authtoken=) or for a signed-in user',
      querystring: ZLinkQuery,
      body: ZExternalTaskDetailsRequest,
      response: { 200: envelopeOf(ZExternalTaskDetails) },
    },
    handler: async (request) => ok(await externalTask.details(viewerOf(request), request.body)),
  });

  app.post('/externalTaskSave', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags: ['links'],
      summary:
        'Complete (complete true) or Save Draft (false) the action of the external task page; multipart ' +
        'form: formSubmissionId, taskId, response, complete, localTimeZone and files',
      consumes: ['multipart/form-data'],
      querystring: ZLinkQuery,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const viewer = viewerOf(request);
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(ZExternalTaskSaveRequest, fields);
      return ok(null, await externalTask.save(viewer, input, files));
    },
  });

  app.post('/externalTaskFileDelete', {
    config: { access: ACCESS.signedInOrLink },
    schema: {
      tags: ['links'],
      summary: 'Delete a file of the action of the external task page',
      querystring: ZLinkQuery,
      body: ZExternalTaskFileDeleteRequest,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await externalTask.deleteFile(viewerOf(request), request.body);
      return ok(null, messages.externalTask.fileDeleted);
    },
  });
};
