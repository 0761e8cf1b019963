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
    handler: async (_request, _reply, { auth }) => ok(await supplierAccess.accounts(auth)),
  });
  registerCall(app, supplierPortalAccessSetCall, {
    handler: async (request, _reply, { auth }) =>
      switched(await supplierAccess.setAccess(auth, request.body._id, request.body.portalAccess)),
  });
  registerCall(app, supplierCompanyPortalAccountsCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await supplierAccess.companyAccounts(auth, request.body.supplierId)),
  });
  registerCall(app, supplierCompanyPortalAccessSetCall, {
    handler: async (request, _reply, { auth }) =>
      switched(await supplierAccess.setCompanyAccess(auth, request.body._id, request.body.portalAccess)),
  });
  registerCall(app, supplierProfileCall, {
    handler: async (_request, _reply, { auth }) => ok(await supplierAccess.profile(auth)),
  });
  registerCall(app, supplierProfileUpdateCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await supplierAccess.updateProfile(auth, request.body), say.profileSaved),
  });
  registerCall(app, supplierLogoUploadCall, {
    handler: async (request, _reply, { auth }) => {
      const { files } = await readMultipart(request);
      return ok(await supplierAccess.changeLogo(auth, files), say.logoSaved);
    },
  });
  registerCall(app, supplierLogoDeleteCall, {
    handler: async (_request, _reply, { auth }) =>
      ok(await supplierAccess.changeLogo(auth, null), say.logoRemoved),
  });
  registerCall(app, supplierLogoCall, {
    handler: async (request, reply, { auth }) => {
      const stream = await supplierAccess.logo(auth, request.params.supplierId);
      return reply.headers(fileHeaders({ fileName: 'logo.png', inline: true, maxAge: 86_400 })).send(stream);
    },
  });
};
