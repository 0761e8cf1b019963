import {
  personnelListCall,
  personnelSaveCall,
  personnelSetActiveCall,
  supplierAccountCreateCall,
  supplierAccountInviteCall,
  supplierDetailsCall,
  supplierListCall,
  supplierMessages as say,
  supplierSaveCall,
  supplierSetActiveCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { SupplierAdminService } from './service';

export const supplierRoutes: FastifyPluginAsync<{ suppliers: SupplierAdminService }> = async (
  app,
  { suppliers },
) => {
  registerCall(app, supplierListCall, {
    handler: async (request) => ok(await suppliers.list(requireAuth(request), request.body)),
  });
  registerCall(app, supplierDetailsCall, {
    handler: async (request) => ok(await suppliers.details(requireAuth(request), request.body._id)),
  });
  registerCall(app, supplierSaveCall, {
    handler: async (request) => ok(await suppliers.save(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, supplierSetActiveCall, {
    handler: async (request) => {
      await suppliers.setSupplierActive(requireAuth(request), request.body._id, request.body.active);
      return ok(null, request.body.active ? say.reactivated : say.deactivated);
    },
  });
  registerCall(app, supplierAccountCreateCall, {
    handler: async (request) =>
      ok(
        await suppliers.createAccount(requireAuth(request), request.body.supplierId, request.body.email),
        say.accountCreated,
      ),
  });
  registerCall(app, supplierAccountInviteCall, {
    handler: async (request) => {
      await suppliers.inviteAccount(requireAuth(request), request.body._id);
      return ok(null, say.invited);
    },
  });
  registerCall(app, personnelListCall, {
    handler: async (request) => ok(await suppliers.personnel(requireAuth(request), request.body)),
  });
  registerCall(app, personnelSaveCall, {
    handler: async (request) => ok(await suppliers.savePerson(requireAuth(request), request.body), say.saved),
  });
  registerCall(app, personnelSetActiveCall, {
    handler: async (request) => {
      await suppliers.setPersonActive(requireAuth(request), request.body._id, request.body.active);
      return ok(null, request.body.active ? say.reactivated : say.deactivated);
    },
  });
};
