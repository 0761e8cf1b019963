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
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { TemplateAdminService } from './service';

export const templateRoutes: FastifyPluginAsync<{ templates: TemplateAdminService }> = async (
  app,
  { templates },
) => {
  registerCall(app, templateAdminListCall, {
    handler: async (request) => ok(await templates.list(requireAuth(request), request.body)),
  });
  registerCall(app, templateAdminDetailsCall, {
    handler: async (request) => ok(await templates.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, templateCoordinatorsCall, {
    handler: async (request) => ok(await templates.coordinators(requireAuth(request), request.body.search)),
  });
  registerCall(app, templateVersionCall, {
    handler: async (request) =>
      ok(await templates.version(requireAuth(request), request.body._id, request.body.version)),
  });
  registerCall(app, templateCreateCall, {
    handler: async (request) => ok(await templates.create(requireAuth(request), request.body), say.created),
  });
  registerCall(app, templateDraftSaveCall, {
    handler: async (request) => {
      const { _id, revision, template } = request.body;
      return ok(await templates.saveDraft(requireAuth(request), _id, revision, template), say.draftSaved);
    },
  });
  registerCall(app, templatePublishCall, {
    handler: async (request) => {
      const published = await templates.publish(
        requireAuth(request),
        request.body._id,
        request.body.revision,
      );
      return ok(published, say.published(published.version));
    },
  });
  registerCall(app, templateDiscardDraftCall, {
    handler: async (request) =>
      ok(
        await templates.discardDraft(requireAuth(request), request.body._id, request.body.revision),
        say.discarded,
      ),
  });
  registerCall(app, templateDuplicateCall, {
    handler: async (request) =>
      ok(
        await templates.duplicate(requireAuth(request), request.body._id, request.body.name),
        say.duplicated,
      ),
  });
  registerCall(app, templateArchiveCall, {
    handler: async (request) => {
      await templates.setArchived(requireAuth(request), request.body._id, true);
      return ok(null, say.archivedDone);
    },
  });
  registerCall(app, templateRestoreCall, {
    handler: async (request) => {
      await templates.setArchived(requireAuth(request), request.body._id, false);
      return ok(null, say.restored);
    },
  });
  registerCall(app, templateExportCall, {
    handler: async (request) => ok(await templates.export(requireAuth(request), request.body._id)),
  });
  registerCall(app, templateImportCall, {
    handler: async (request) =>
      ok(await templates.import(requireAuth(request), request.body.template), say.imported),
  });
};
