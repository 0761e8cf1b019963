import {
  supplierAccessMessages as say,
  supplierCompanyPortalAccessSetCall,
  supplierCompanyPortalAccountsCall,
  supplierLogoCall,
  supplierLogoDeleteCall,
  supplierLogoUploadCall,
  supplierPortalAccessSetCall,
  supplierPortalAccountsCall,
  supplierProfileCall,
  supplierProfileUpdateCall,
  type TPortalAccount,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { SupplierAccessService } from './service';

/** An account's new access, said as the toast says it. */
const switched = (account: TPortalAccount) =>
  ok(account, account.portalAccess ? say.accessOn(account.name) : say.accessOff(account.name));

export const supplierAccessRoutes: FastifyPluginAsync<{ supplierAccess: SupplierAccessService }> = async (
  app,
  { supplierAccess },
) => {
  registerCall(app, supplierPortalAccountsCall, {
    handler: async (request) => ok(await supplierAccess.accounts(requireAuth(request))),
  });
  registerCall(app, supplierPortalAccessSetCall, {
    handler: async (request) =>
      switched(
        await supplierAccess.setAccess(requireAuth(request), request.body._id, request.body.portalAccess),
      ),
  });
  registerCall(app, supplierCompanyPortalAccountsCall, {
    handler: async (request) =>
      ok(await supplierAccess.companyAccounts(requireAuth(request), request.body.supplierId)),
  });
  registerCall(app, supplierCompanyPortalAccessSetCall, {
    handler: async (request) =>
      switched(
        await supplierAccess.setCompanyAccess(
          requireAuth(request),
          request.body._id,
          request.body.portalAccess,
        ),
      ),
  });
  registerCall(app, supplierProfileCall, {
    handler: async (request) => ok(await supplierAccess.profile(requireAuth(request))),
  });
  registerCall(app, supplierProfileUpdateCall, {
    handler: async (request) =>
      ok(await supplierAccess.updateProfile(requireAuth(request), request.body), say.profileSaved),
  });
  registerCall(app, supplierLogoUploadCall, {
    handler: async (request) => {
      const auth = requireAuth(request);
      const { files } = await readMultipart(request);
      return ok(await supplierAccess.changeLogo(auth, files), say.logoSaved);
    },
  });
  registerCall(app, supplierLogoDeleteCall, {
    handler: async (request) =>
      ok(await supplierAccess.changeLogo(requireAuth(request), null), say.logoRemoved),
  });
  registerCall(app, supplierLogoCall, {
    handler: async (request, reply) => {
      const stream = await supplierAccess.logo(requireAuth(request), request.params.supplierId);
      return reply.headers(fileHeaders({ fileName: 'logo.png', inline: true, maxAge: 86_400 })).send(stream);
    },
  });
};
