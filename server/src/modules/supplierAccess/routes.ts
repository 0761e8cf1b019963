import {
  supplierAccessMessages as say,
  supplierPortalAccessSetCall,
  supplierPortalAccountsCall,
  supplierProfileCall,
  supplierProfileUpdateCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { SupplierAccessService } from './service';

export const supplierAccessRoutes: FastifyPluginAsync<{ supplierAccess: SupplierAccessService }> = async (
  app,
  { supplierAccess },
) => {
  registerCall(app, supplierPortalAccountsCall, {
    handler: async (request) => ok(await supplierAccess.accounts(requireAuth(request))),
  });
  registerCall(app, supplierPortalAccessSetCall, {
    handler: async (request) => {
      const account = await supplierAccess.setAccess(
        requireAuth(request),
        request.body._id,
        request.body.portalAccess,
      );
      return ok(account, account.portalAccess ? say.accessOn(account.name) : say.accessOff(account.name));
    },
  });
  registerCall(app, supplierProfileCall, {
    handler: async (request) => ok(await supplierAccess.profile(requireAuth(request))),
  });
  registerCall(app, supplierProfileUpdateCall, {
    handler: async (request) =>
      ok(await supplierAccess.updateProfile(requireAuth(request), request.body), say.profileSaved),
  });
};
