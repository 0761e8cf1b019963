import {
  auditAttachmentUploadCall,
  auditCloseCall,
  auditCreateCall,
  auditDetailsCall,
  auditFindingCall,
  auditMessages as say,
  auditOptionsCall,
  auditPeopleSearchCall,
  auditRegisterExportCall,
  auditRegisterListCall,
  auditReopenCall,
  auditSaveCall,
  myAuditExportCall,
  myAuditListCall,
  ZAuditAttachmentUpload,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { AuditService } from './service';

export const auditRoutes: FastifyPluginAsync<{ audits: AuditService }> = async (app, { audits }) => {
  registerCall(app, auditRegisterListCall, {
    handler: async (request) => ok(await audits.list(requireAuth(request), 'register', request.body)),
  });
  registerCall(app, auditRegisterExportCall, {
    handler: async (request, reply) => {
      const csv = await audits.exportCsv(requireAuth(request), 'register', request.query);
      return reply.headers(fileHeaders({ fileName: 'audit-register.csv' })).send(csv);
    },
  });
  registerCall(app, myAuditListCall, {
    handler: async (request) => ok(await audits.list(requireAuth(request), 'mine', request.body)),
  });
  registerCall(app, myAuditExportCall, {
    handler: async (request, reply) => {
      const csv = await audits.exportCsv(requireAuth(request), 'mine', request.query);
      return reply.headers(fileHeaders({ fileName: 'my-audits.csv' })).send(csv);
    },
  });
  registerCall(app, auditOptionsCall, {
    handler: async (request) => ok(await audits.options(requireAuth(request))),
  });
  registerCall(app, auditPeopleSearchCall, {
    handler: async (request) => ok(await audits.people(requireAuth(request), request.body.search)),
  });
  registerCall(app, auditCreateCall, {
    handler: async (request) => ok(await audits.create(requireAuth(request), request.body), say.created),
  });
  registerCall(app, auditDetailsCall, {
    handler: async (request) => ok(await audits.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, auditSaveCall, {
    handler: async (request) => ok(await audits.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, auditFindingCall, {
    handler: async (request) =>
      ok(await audits.raiseFinding(requireAuth(request), request.body), say.findingRaised),
  });
  registerCall(app, auditCloseCall, {
    handler: async (request) =>
      ok(await audits.close(requireAuth(request), request.body._id, request.body.version), say.closedOff),
  });
  registerCall(app, auditReopenCall, {
    handler: async (request) => {
      await audits.reopen(requireAuth(request), request.body);
      return ok(null, say.reopened);
    },
  });
  registerCall(app, auditAttachmentUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZAuditAttachmentUpload, fields);
      await audits.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
};
