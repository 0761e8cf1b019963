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
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import { sendCsv } from '../registerParts';
import type { AuditService } from './service';

export const auditRoutes: FastifyPluginAsync<{ audits: AuditService }> = async (app, { audits }) => {
  registerCall(app, auditRegisterListCall, {
    handler: async (request, _reply, { auth }) => ok(await audits.list(auth, 'register', request.body)),
  });
  registerCall(app, auditRegisterExportCall, {
    handler: async (request, reply, { auth }) => {
      return sendCsv(reply, 'audit-register.csv', await audits.exportCsv(auth, 'register', request.query));
    },
  });
  registerCall(app, myAuditListCall, {
    handler: async (request, _reply, { auth }) => ok(await audits.list(auth, 'mine', request.body)),
  });
  registerCall(app, myAuditExportCall, {
    handler: async (request, reply, { auth }) => {
      return sendCsv(reply, 'my-audits.csv', await audits.exportCsv(auth, 'mine', request.query));
    },
  });
  registerCall(app, auditOptionsCall, {
    handler: async (_request, _reply, { auth }) => ok(await audits.options(auth)),
  });
  registerCall(app, auditPeopleSearchCall, {
    handler: async (request, _reply, { auth }) => ok(await audits.people(auth, request.body.search)),
  });
  registerCall(app, auditCreateCall, {
    handler: async (request, _reply, { auth }) => ok(await audits.create(auth, request.body), say.created),
  });
  registerCall(app, auditDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await audits.details(auth, request.body._id)),
  });
  registerCall(app, auditSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await audits.save(auth, request.body), say.saved),
  });
  registerCall(app, auditFindingCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await audits.raiseFinding(auth, request.body), say.findingRaised),
  });
  registerCall(app, auditCloseCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await audits.close(auth, request.body._id, request.body.version), say.closedOff),
  });
  registerCall(app, auditReopenCall, {
    handler: async (request, _reply, { auth }) => {
      await audits.reopen(auth, request.body);
      return ok(null, say.reopened);
    },
  });
  registerCall(app, auditAttachmentUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZAuditAttachmentUpload, fields);
      await audits.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
};
