import {
  REPORT_EXPORT_MAX_ROWS,
  reportDataCall,
  reportExportCall,
  reportMessages as say,
  reportOptionsCall,
  reportRecordsCall,
  reportRolesCall,
  savedReportDeleteCall,
  savedReportDetailsCall,
  savedReportListCall,
  savedReportSaveCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { renderReportFile } from './exports';
import type { SavedReportService } from './saved';
import type { ReportService } from './service';

export const reportRoutes: FastifyPluginAsync<{ reports: ReportService; saved: SavedReportService }> = async (
  app,
  { reports, saved },
) => {
  registerCall(app, reportDataCall, {
    handler: async (request, _reply, { auth }) => ok(await reports.data(auth, request.body)),
  });
  registerCall(app, reportRecordsCall, {
    handler: async (request, _reply, { auth }) => ok(await reports.records(auth, request.body)),
  });
  registerCall(app, reportOptionsCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await reports.options(auth, request.query.report, request.query.personId)),
  });
  registerCall(app, reportExportCall, {
    handler: async (request, reply, { auth }) => {
      const { report, by, format, ...filters } = request.query;
      const { table, meta } = await reports.fullTable(auth, { report, by, filters });
      const file = await renderReportFile(table, meta, format);
      return reply
        .headers({
          ...fileHeaders({ fileName: file.fileName, contentType: file.contentType }),
          // The web says so (reportMessages.tooManyRows) when the file stops at the export's cap.
          'x-export-truncated': table.rows.length > REPORT_EXPORT_MAX_ROWS ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, reportRolesCall, {
    handler: async (_request, _reply, { auth }) => ok(await reports.roles(auth)),
  });
  registerCall(app, savedReportListCall, {
    handler: async (_request, _reply, { auth }) => ok(await saved.list(auth)),
  });
  registerCall(app, savedReportDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await saved.details(auth, request.query._id)),
  });
  registerCall(app, savedReportSaveCall, {
    handler: async (request, _reply, { auth }) => ok(await saved.save(auth, request.body), say.saved),
  });
  registerCall(app, savedReportDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await saved.delete(auth, request.body._id);
      return ok(null, say.deleted);
    },
  });
};
