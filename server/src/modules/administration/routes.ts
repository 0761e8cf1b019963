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
    handler: async (_request, _reply, { auth }) => ok(await profile.profile(auth.companyId)),
  });
  registerCall(app, organisationProfileUpdateCall, {
    handler: async (request, _reply, { auth }) => ok(await profile.update(auth, request.body), say.saved),
  });
  registerCall(app, organisationLogoUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { files } = await readMultipart(request);
      return ok(await profile.uploadLogo(auth, files), say.saved);
    },
  });
  registerCall(app, organisationLogoDeleteCall, {
    handler: async (_request, _reply, { auth }) => ok(await profile.deleteLogo(auth), say.deleted),
  });
  registerCall(app, organisationLogoCall, {
    handler: async (request, reply) => {
      const stream = await profile.logo(request.params.companyId);
      return reply.headers(fileHeaders({ fileName: 'logo.png', inline: true, maxAge: 86_400 })).send(stream);
    },
  });
  registerCall(app, ssoSettingsUpdateCall, {
    handler: async (request, _reply, { auth }) => ok(await profile.updateSso(auth, request.body), say.saved),
  });

  registerCachedCall(app, cache, workplaceListCall, (auth) =>
    organisationAnswer(workplaceListCall, auth, async () => ({
      list: await structure.workplaces(auth.companyId),
    })),
  );
  registerCall(app, workplaceSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await structure.saveWorkplace(auth, request.body), say.saved),
  });
  registerCall(app, workplaceDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await structure.deleteWorkplace(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
  registerCall(app, branchSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await structure.saveBranch(auth, request.body), say.saved),
  });
  registerCall(app, branchDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await structure.deleteBranch(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });

  registerCall(app, positionListCall, {
    handler: async (_request, _reply, { auth }) => ok({ list: await structure.positions(auth.companyId) }),
  });
  registerCall(app, positionSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await structure.savePosition(auth, request.body), say.saved),
  });
  registerCall(app, positionDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await structure.deletePosition(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });

  registerCall(app, roleListCall, {
    handler: async (_request, _reply, { auth }) => ok({ list: await structure.roles(auth.companyId) }),
  });
  registerCall(app, roleSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await structure.saveRole(auth, request.body), say.saved),
  });
  registerCall(app, roleDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await structure.deleteRole(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
};
