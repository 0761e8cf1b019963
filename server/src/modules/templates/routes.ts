import {
  templateAdminDetailsCall,
  templateAdminListCall,
  templateArchiveCall,
  templateCoordinatorsCall,
  templateCreateCall,
  templateDiscardDraftCall,
  templateDraftSaveCall,
  templateDuplicateCall,
  templateExportCall,
  templateImportCall,
  templateMessages as say,
  templatePublishCall,
  templateRestoreCall,
  templateVersionCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { TemplateAdminService } from './service';

export const templateRoutes: FastifyPluginAsync<{ templates: TemplateAdminService }> = async (
  app,
  { templates },
) => {
  registerCall(app, templateAdminListCall, {
    handler: async (request, _reply, { auth }) => ok(await templates.list(auth, request.body)),
  });
  registerCall(app, templateAdminDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await templates.details(auth, request.body._id)),
  });
  registerCall(app, templateCoordinatorsCall, {
    handler: async (request, _reply, { auth }) => ok(await templates.coordinators(auth, request.body.search)),
  });
  registerCall(app, templateVersionCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await templates.version(auth, request.body._id, request.body.version)),
  });
  registerCall(app, templateCreateCall, {
    handler: async (request, _reply, { auth }) => ok(await templates.create(auth, request.body), say.created),
  });
  registerCall(app, templateDraftSaveCall, {
    handler: async (request, _reply, { auth }) => {
      const { _id, revision, template } = request.body;
      return ok(await templates.saveDraft(auth, _id, revision, template), say.draftSaved);
    },
  });
  registerCall(app, templatePublishCall, {
    handler: async (request, _reply, { auth }) => {
      const published = await templates.publish(auth, request.body._id, request.body.revision);
      return ok(published, say.published(published.version));
    },
  });
  registerCall(app, templateDiscardDraftCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await templates.discardDraft(auth, request.body._id, request.body.revision), say.discarded),
  });
  registerCall(app, templateDuplicateCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await templates.duplicate(auth, request.body._id, request.body.name), say.duplicated),
  });
  registerCall(app, templateArchiveCall, {
    handler: async (request, _reply, { auth }) => {
      await templates.setArchived(auth, request.body._id, true);
      return ok(null, say.archivedDone);
    },
  });
  registerCall(app, templateRestoreCall, {
    handler: async (request, _reply, { auth }) => {
      await templates.setArchived(auth, request.body._id, false);
      return ok(null, say.restored);
    },
  });
  registerCall(app, templateExportCall, {
    handler: async (request, _reply, { auth }) => ok(await templates.export(auth, request.body._id)),
  });
  registerCall(app, templateImportCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await templates.import(auth, request.body.template), say.imported),
  });
};
