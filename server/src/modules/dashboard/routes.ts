import {
  DEFAULT_TIME_ZONE,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { DashboardService } from './service';

/** The home dashboard and the noticeboard (000 sections 2.2, 3, 6 and 7; docs/dashboard.md). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.addHook('onClose', () => dashboard.close());

  app.post('/dashboardList', {
    config: { auth: 'user' },
    schema: {
      tags: ['dashboard'],
      summary: "The employee's My Tasks sections, each with its total and first items",
      body: ZDashboardListRequest,
      response: { 200: envelopeOf(ZDashboardListResponse) },
    },
    handler: async (request) => ok(await dashboard.dashboardList(requireAuth(request), request.body)),
  });

  app.post('/dashboardSupplierList', {
    config: { auth: 'user' },
    schema: {
      tags: ['dashboard'],
      summary: 'The supplier dashboard: requirements, assigned forms and assigned actions',
      body: ZDashboardSupplierListRequest,
      response: { 200: envelopeOf(ZDashboardSupplierListResponse) },
    },
    handler: async (request) => ok(await dashboard.dashboardSupplierList(requireAuth(request), request.body)),
  });

  app.post('/dashboardPieChart', {
    config: { auth: 'user' },
    schema: {
      tags: ['dashboard'],
      summary: 'Forms, assigned actions and scheduled activities split into today, upcoming and due',
      body: ZDashboardPieChartRequest,
      response: { 200: envelopeOf(ZDashboardPieChartResponse) },
    },
    handler: async (request) => ok(await dashboard.pieChart(requireAuth(request), request.body)),
  });

  app.post('/dashboardBarChart', {
    config: { auth: 'user' },
    schema: {
      tags: ['dashboard'],
      summary: "Items due in today, this week or this month: the caller's own or the organisation's",
      body: ZDashboardBarChartRequest,
      response: { 200: envelopeOf(ZDashboardBarChartResponse) },
    },
    handler: async (request) => ok(await dashboard.barChart(requireAuth(request), request.body)),
  });

  app.post('/noticeboardList', {
    config: { auth: 'user' },
    schema: {
      tags: ['noticeboard'],
      summary: "Active notices of the caller's organisation, newest first",
      body: ZNoticeboardListRequest,
      response: { 200: envelopeOf(ZNoticeboardListResponse) },
    },
    handler: async (request) => ok(await dashboard.noticeboardList(requireAuth(request), request.body)),
  });

  app.get('/notices/:id', {
    config: { auth: 'user' },
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
