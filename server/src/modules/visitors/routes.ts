import {
  kioskMessages,
  onSiteNowCall,
  visitDetailsCall,
  visitExportCall,
  visitListCall,
  visitorKioskCall,
  visitorKioskCreateCall,
  visitorKioskDocumentCall,
  visitorKioskHostsCall,
  visitorKioskOnSiteCall,
  visitorKioskRevokeCall,
  visitorKioskSignInCall,
  visitorKioskSignOutCall,
  visitorKioskSuppliersCall,
  visitorMessages as say,
  visitorSetupDetailsCall,
  visitorSetupDocumentDeleteCall,
  visitorSetupDocumentsAddCall,
  visitorSetupListCall,
  visitorSetupSaveCall,
  visitSignOutCall,
} from '@compass/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import { readMultipart } from '../../plugins/uploads';
import type { KioskService } from './kiosk';
import type { VisitRegister } from './register';
import type { VisitorSetupService } from './setup';

/**
 * A kiosk stands in a reception anyone walks into, so its calls are limited per client address and
 * per kiosk (as the asset label's public calls are): its searches, sign-outs and document downloads
 * take the searches' limits; a sign-in writes a visit and mails a host.
 */
export const KIOSK_SEARCH_LIMITS: AbuseLimits = { perAddressPerMinute: 60, perAccountPerMinute: 300 };
export const KIOSK_SIGN_IN_LIMITS: AbuseLimits = { perAddressPerMinute: 20, perAccountPerMinute: 60 };
const byKiosk = (request: FastifyRequest) => request.link?.resourceId;

export const visitorRoutes: FastifyPluginAsync<{
  setup: VisitorSetupService;
  kiosks: KioskService;
  register: VisitRegister;
}> = async (app, { setup, kiosks, register }) => {
  // ---------- Setup and kiosks (vismate) ----------
  registerCall(app, visitorSetupListCall, {
    handler: async (_request, _reply, { auth }) => ok(await setup.list(auth)),
  });
  registerCall(app, visitorSetupDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await setup.details(auth, request.body.workplaceId)),
  });
  registerCall(app, visitorSetupSaveCall, {
    handler: async (request, _reply, { auth }) => {
      await setup.save(auth, request.body);
      return ok(null, say.setupSaved);
    },
  });
  registerCall(app, visitorSetupDocumentsAddCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { workplaceId } = parseOrBadRequest(visitorSetupDocumentsAddCall.multipart, fields);
      await setup.addDocuments(auth, workplaceId, files);
      return ok(null, say.documentsAdded);
    },
  });
  registerCall(app, visitorSetupDocumentDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await setup.deleteDocument(auth, request.body._id);
      return ok(null, say.documentDeleted);
    },
  });
  registerCall(app, visitorKioskCreateCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await setup.createKiosk(auth, request.body), say.kioskCreated),
  });
  registerCall(app, visitorKioskRevokeCall, {
    handler: async (request, _reply, { auth }) => {
      await setup.revokeKiosk(auth, request.body._id);
      return ok(null, say.kioskRevoked);
    },
  });

  // ---------- The register (vismate) ----------
  registerCall(app, visitListCall, {
    handler: async (request, _reply, { auth }) => ok(await register.list(auth, request.body)),
  });
  registerCall(app, visitExportCall, {
    handler: async (request, reply, { auth }) => {
      const file = await register.exportFile(auth, request.query);
      return reply
        .headers({
          ...fileHeaders({ fileName: file.fileName, contentType: file.contentType }),
          'x-export-truncated': file.truncated ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, visitDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await register.details(auth, request.body._id)),
  });
  registerCall(app, visitSignOutCall, {
    handler: async (request, _reply, { auth }) => {
      await register.signOut(auth, request.body._id);
      return ok(null, say.signedOut);
    },
  });
  registerCall(app, onSiteNowCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await register.onSiteNow(auth, request.body.workplaceId)),
  });

  // ---------- The kiosk (its link only) ----------
  const searchLimit = (name: string) => abuseLimitHooks(app, name, KIOSK_SEARCH_LIMITS, byKiosk);
  registerCall(app, visitorKioskCall, {
    handler: async (_request, _reply, { link }) => ok(await kiosks.setup(link)),
  });
  registerCall(app, visitorKioskHostsCall, {
    preHandler: searchLimit('visitorKioskHosts'),
    handler: async (request, _reply, { link }) => ok(await kiosks.hosts(link, request.body.search)),
  });
  registerCall(app, visitorKioskSuppliersCall, {
    preHandler: searchLimit('visitorKioskSuppliers'),
    handler: async (request, _reply, { link }) => ok(await kiosks.suppliers(link, request.body.search)),
  });
  registerCall(app, visitorKioskSignInCall, {
    preHandler: abuseLimitHooks(app, 'visitorKioskSignIn', KIOSK_SIGN_IN_LIMITS, byKiosk),
    handler: async (request, _reply, { link }) => {
      // The link first: a form sent with another link's token is not read at all.
      const kiosk = await kiosks.kioskOf(link, 'update');
      const { fields, files } = await readMultipart(request);
      const input = parseOrBadRequest(visitorKioskSignInCall.multipart, fields);
      const visit = await kiosks.signIn(kiosk, input, files);
      return ok(visit, kioskMessages.welcome(visit.fullName));
    },
  });
  registerCall(app, visitorKioskOnSiteCall, {
    preHandler: searchLimit('visitorKioskOnSite'),
    handler: async (request, _reply, { link }) => ok(await kiosks.onSite(link, request.body.search)),
  });
  registerCall(app, visitorKioskSignOutCall, {
    preHandler: searchLimit('visitorKioskSignOut'),
    handler: async (request, _reply, { link }) => {
      await kiosks.signOut(link, request.body._id);
      return ok(null, kioskMessages.goodbye);
    },
  });
  registerCall(app, visitorKioskDocumentCall, {
    preHandler: searchLimit('visitorKioskDocument'),
    handler: async (request, reply, { link }) => {
      const { attachment, stream } = await kiosks.document(link, request.params.id);
      return reply.headers(fileHeaders({ fileName: attachment.name })).send(stream);
    },
  });
};
