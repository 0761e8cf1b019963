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
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { SupplierAdminService } from './service';

export const supplierRoutes: FastifyPluginAsync<{ suppliers: SupplierAdminService }> = async (
  app,
  { suppliers },
) => {
  registerCall(app, supplierListCall, {
    handler: async (request, _reply, { auth }) => ok(await suppliers.list(auth, request.body)),
  });
  registerCall(app, supplierDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await suppliers.details(auth, request.body._id)),
  });
  registerCall(app, supplierSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await suppliers.save(auth, request.body), say.saved),
  });
  registerCall(app, supplierSetActiveCall, {
    handler: async (request, _reply, { auth }) => {
      await suppliers.setSupplierActive(auth, request.body._id, request.body.active);
      return ok(null, request.body.active ? say.reactivated : say.deactivated);
    },
  });
  registerCall(app, supplierAccountCreateCall, {
    handler: async (request, _reply, { auth }) =>
      ok(
        await suppliers.createAccount(auth, request.body.supplierId, request.body.email),
        say.accountCreated,
      ),
  });
  registerCall(app, supplierAccountInviteCall, {
    handler: async (request, _reply, { auth }) => {
      await suppliers.inviteAccount(auth, request.body._id);
      return ok(null, say.invited);
    },
  });
  registerCall(app, personnelListCall, {
    handler: async (request, _reply, { auth }) => ok(await suppliers.personnel(auth, request.body)),
  });
  registerCall(app, personnelSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await suppliers.savePerson(auth, request.body), say.saved),
  });
  registerCall(app, personnelSetActiveCall, {
    handler: async (request, _reply, { auth }) => {
      await suppliers.setPersonActive(auth, request.body._id, request.body.active);
      return ok(null, request.body.active ? say.reactivated : say.deactivated);
    },
  });
};
