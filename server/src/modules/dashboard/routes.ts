import {
  DEFAULT_TIME_ZONE,
  messages,
  envelopeOf,
  ZDashboardBarChartRequest,
  ZDashboardBarChartResponse,
  ZDashboardListRequest,
  ZDashboardListResponse,
  ZDashboardPieChartRequest,
  ZDashboardPieChartResponse,
  ZDashboardSupplierListRequest,
  ZDashboardSupplierListResponse,
  ZNotice,
  ZNoticeboardListRequest,
  ZNoticeboardListResponse,
  ZTimeZone,
} from '@compass/shared';
import type { FastifyReply } from 'fastify';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, type AuthContext } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { DashboardCache } from './cache';
import type { DashboardAnswer, DashboardService } from './service';
import { ACCESS } from '@compass/shared';

/** The home dashboard and the noticeboard (000 sections 2.2, 3, 6 and 7; docs/dashboard.md). */
export const dashboardRoutes: FastifyPluginAsyncZod<{
  dashboard: DashboardService;
  cache: DashboardCache;
}> = async (app, { dashboard, cache }) => {
  app.addHook('onClose', () => dashboard.close());

  /** Serializes (validating against the response schema, as Fastify would) a call's answer. */
  const serializerOf = <O>(url: string, response: z.ZodType<O>) =>
    serializerCompiler({ schema: envelopeOf(response), method: 'POST', url, httpStatus: '200' });
  const serialize = {
    list: serializerOf('/api/dashboardList', ZDashboardListResponse),
    supplierList: serializerOf('/api/dashboardSupplierList', ZDashboardSupplierListResponse),
    pie: serializerOf('/api/dashboardPieChart', ZDashboardPieChartResponse),
    bar: serializerOf('/api/dashboardBarChart', ZDashboardBarChartResponse),
  };

  /**
   * Sends an answer from the cache: the caller checks have run (the answer exists), the body is the
   * cached one or the answer loaded and serialized once for later calls.
   */
  const send = async <O>(
    reply: FastifyReply,
    auth: AuthContext,
    { key, load }: DashboardAnswer<O>,
    serializer: (data: unknown) => string,
  ) => {
    const body = await cache.body(auth.companyId, key, async () => serializer(ok(await load())));
    // A string with a JSON content type is sent as it is: Fastify does not serialize it again.
    return reply.type('application/json; charset=utf-8').send(body);
  };

  app.post('/dashboardList', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['dashboard'],
      summary: "The employee's My Tasks sections, each with its total and first items",
      body: ZDashboardListRequest,
      response: { 200: envelopeOf(ZDashboardListResponse) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      return send(reply, auth, dashboard.list(auth, request.body), serialize.list);
    },
  });

  app.post('/dashboardSupplierList', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['dashboard'],
      summary: 'The supplier dashboard: requirements, assigned forms and assigned actions',
      body: ZDashboardSupplierListRequest,
      response: { 200: envelopeOf(ZDashboardSupplierListResponse) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      return send(reply, auth, dashboard.supplierList(auth, request.body), serialize.supplierList);
    },
  });

  app.post('/dashboardPieChart', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['dashboard'],
      summary: 'Forms, assigned actions and scheduled activities split into today, upcoming and due',
      body: ZDashboardPieChartRequest,
      response: { 200: envelopeOf(ZDashboardPieChartResponse) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      return send(reply, auth, dashboard.pie(auth, request.body), serialize.pie);
    },
  });

  app.post('/dashboardBarChart', {
    config: {
      access: { callers: ACCESS.employee.callers, refusal: messages.dashboard.suppliersHaveNoBarChart },
    },
    schema: {
      tags: ['dashboard'],
      summary: "Items due in today, this week or this month: the caller's own or the organisation's",
      body: ZDashboardBarChartRequest,
      response: { 200: envelopeOf(ZDashboardBarChartResponse) },
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      return send(reply, auth, dashboard.bar(auth, request.body), serialize.bar);
    },
  });

  app.post('/noticeboardList', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['noticeboard'],
      summary: "Active notices of the caller's organisation, newest first",
      body: ZNoticeboardListRequest,
      response: { 200: envelopeOf(ZNoticeboardListResponse) },
    },
    handler: async (request) => ok(await dashboard.noticeboardList(requireAuth(request), request.body)),
  });

  app.get('/notices/:id', {
    config: { access: ACCESS.signedIn },
    schema: {
      tags: ['noticeboard'],
      summary: 'One active notice with its whole content',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({ localTimeZone: ZTimeZone.default(DEFAULT_TIME_ZONE) }),
      response: { 200: envelopeOf(ZNotice) },
    },
    handler: async (request) =>
      ok(await dashboard.notice(requireAuth(request), request.params.id, request.query.localTimeZone)),
  });
};
