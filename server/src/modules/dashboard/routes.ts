import {
  dashboardBarChartCall,
  dashboardListCall,
  dashboardPieChartCall,
  dashboardSupplierListCall,
  envelopeOf,
  noticeboardListCall,
  noticeCall,
  type Call,
  type CallData,
  type CallParsed,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAuth, type AuthContext } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { answerEncoding, COMPRESS_THRESHOLD } from '../../plugins/compression';
import type { DashboardCache } from './cache';
import type { DashboardAnswer, DashboardService } from './service';

type CachedCall = Call & { method: 'POST'; response: z.ZodType };

/** Serializes (validating against the response schema, as Fastify would) a cached call's answer. */
const serializerOf = (call: CachedCall) =>
  serializerCompiler({
    schema: envelopeOf(call.response),
    method: call.method,
    url: `/api${call.path}`,
    httpStatus: '200',
  });

/** The home dashboard and the noticeboard (000 sections 2.2, 3, 6 and 7; docs/dashboard.md). */
export const dashboardRoutes: FastifyPluginAsync<{
  dashboard: DashboardService;
  cache: DashboardCache;
}> = async (app, { dashboard, cache }) => {
  app.addHook('onClose', () => dashboard.close());

  /**
   * Registers a call answered from the cache: the caller checks have run (the answer exists), the
   * body is the cached one or the answer loaded and serialized once for later calls.
   */
  const registerCached = <C extends CachedCall>(
    call: C,
    answer: (auth: AuthContext, body: CallParsed<C>['Body']) => DashboardAnswer<CallData<C>>,
  ) => {
    const serializer = serializerOf(call);
    registerCall(app, call, {
      handler: async (request, reply) => {
        const auth = requireAuth(request);
        const { key, load } = answer(auth, request.body as CallParsed<C>['Body']);
        const body = await cache.body(auth.companyId, key, async () => serializer(ok(await load())));
        // Bytes with a JSON content type are sent as they are: Fastify does not serialize them again.
        reply.type('application/json; charset=utf-8');
        const encoding = answerEncoding(request.headers['accept-encoding']);
        if (
          !encoding ||
          body.length < COMPRESS_THRESHOLD ||
          request.headers['x-no-compression'] !== undefined
        )
          return reply.send(await cache.encoded(key, body, 'identity'));
        // Compressed once per cached answer; the compression plugin leaves an encoded reply alone.
        const vary = reply.getHeader('vary');
        return reply
          .header('content-encoding', encoding)
          .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
          .send(await cache.encoded(key, body, encoding));
      },
    });
  };

  registerCached(dashboardListCall, (auth, body) => dashboard.list(auth, body));
  registerCached(dashboardSupplierListCall, (auth, body) => dashboard.supplierList(auth, body));
  registerCached(dashboardPieChartCall, (auth, body) => dashboard.pie(auth, body));
  registerCached(dashboardBarChartCall, (auth, body) => dashboard.bar(auth, body));

  registerCached(noticeboardListCall, (auth, body) => dashboard.noticeboard(auth, body));

  registerCall(app, noticeCall, {
    handler: async (request) =>
      ok(await dashboard.notice(requireAuth(request), request.params.id, request.query.localTimeZone)),
  });
};
