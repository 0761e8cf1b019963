import {
  dashboardBarChartCall,
  dashboardListCall,
  dashboardPieChartCall,
  dashboardSupplierListCall,
  noticeboardListCall,
  noticeCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import type { DashboardService } from './service';

/** The home dashboard and the noticeboard (000 sections 2.2, 3, 6 and 7; docs/dashboard.md). */
export const dashboardRoutes: FastifyPluginAsync<{
  dashboard: DashboardService;
  cache: AnswerCache;
}> = async (app, { dashboard, cache }) => {
  app.addHook('onClose', () => dashboard.close());

  registerCachedCall(app, cache, dashboardListCall, (auth, body) => dashboard.list(auth, body));
  registerCachedCall(app, cache, dashboardSupplierListCall, (auth, body) =>
    dashboard.supplierList(auth, body),
  );
  registerCachedCall(app, cache, dashboardPieChartCall, (auth, body) => dashboard.pie(auth, body));
  registerCachedCall(app, cache, dashboardBarChartCall, (auth, body) => dashboard.bar(auth, body));

  registerCachedCall(app, cache, noticeboardListCall, (auth, body) => dashboard.noticeboard(auth, body));

  registerCall(app, noticeCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await dashboard.notice(auth, request.params.id, request.query.localTimeZone)),
  });
};
