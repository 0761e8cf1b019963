import {
  administrationMessages as say,
  branchDeleteCall,
  branchSaveCall,
  organisationLogoCall,
  organisationLogoDeleteCall,
  organisationLogoUploadCall,
  organisationProfileCall,
  organisationProfileUpdateCall,
  positionDeleteCall,
  positionListCall,
  positionSaveCall,
  roleDeleteCall,
  roleListCall,
  roleSaveCall,
  ssoSettingsUpdateCall,
  workplaceDeleteCall,
  workplaceListCall,
  workplaceSaveCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { OrganisationProfileService } from './profile';
import type { OrganisationStructureService } from './structure';

export const administrationRoutes: FastifyPluginAsync<{
  profile: OrganisationProfileService;
  structure: OrganisationStructureService;
  cache: AnswerCache;
}> = async (app, { profile, structure, cache }) => {
  registerCall(app, organisationProfileCall, {
    handler: async (request) => ok(await profile.profile(requireAuth(request).companyId)),
  });
  registerCall(app, organisationProfileUpdateCall, {
    handler: async (request) => ok(await profile.update(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, organisationLogoUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { files } = await readMultipart(request);
      return ok(await profile.uploadLogo(auth, files), say.saved);
    },
  });
  registerCall(app, organisationLogoDeleteCall, {
    handler: async (request) => ok(await profile.deleteLogo(requireAuth(request)), say.deleted),
  });
  registerCall(app, organisationLogoCall, {
    handler: async (request, reply) => {
      const stream = await profile.logo(request.params.companyId);
      return reply.headers(fileHeaders({ fileName: 'logo.png', inline: true, maxAge: 86_400 })).send(stream);
    },
  });
  registerCall(app, ssoSettingsUpdateCall, {
    handler: async (request) => ok(await profile.updateSso(requireAuth(request), request.body), say.saved),
  });

  registerCachedCall(app, cache, workplaceListCall, (auth) =>
    organisationAnswer(workplaceListCall, auth, async () => ({
      list: await structure.workplaces(auth.companyId),
    })),
  );
  registerCall(app, workplaceSaveCall, {
    handler: async (request) =>
      ok(await structure.saveWorkplace(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, workplaceDeleteCall, {
    handler: async (request) => {
      await structure.deleteWorkplace(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, branchSaveCall, {
    handler: async (request) => ok(await structure.saveBranch(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, branchDeleteCall, {
    handler: async (request) => {
      await structure.deleteBranch(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });

  registerCall(app, positionListCall, {
    handler: async (request) => ok({ list: await structure.positions(requireAuth(request).companyId) }),
  });
  registerCall(app, positionSaveCall, {
    handler: async (request) =>
      ok(await structure.savePosition(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, positionDeleteCall, {
    handler: async (request) => {
      await structure.deletePosition(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });

  registerCall(app, roleListCall, {
    handler: async (request) => ok({ list: await structure.roles(requireAuth(request).companyId) }),
  });
  registerCall(app, roleSaveCall, {
    handler: async (request) => ok(await structure.saveRole(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, roleDeleteCall, {
    handler: async (request) => {
      await structure.deleteRole(requireAuth(request), request.body._id);
      return ok(null, say.deleted);
    },
  });
};
