import {
  timesheetEntryCorrectCall,
  timesheetExportCall,
  timesheetMessages as say,
  timesheetPeopleCall,
  timesheetWeekApproveCall,
  timesheetWeekCall,
  timesheetWeekUnapproveCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import type { TimesheetService } from './service';

export const timesheetRoutes: FastifyPluginAsync<{ timesheets: TimesheetService }> = async (
  app,
  { timesheets },
) => {
  registerCall(app, timesheetPeopleCall, {
    handler: async (request, _reply, { auth }) => ok(await timesheets.people(auth, request.body)),
  });
  registerCall(app, timesheetWeekCall, {
    handler: async (request, _reply, { auth }) => ok(await timesheets.week(auth, request.body)),
  });
  registerCall(app, timesheetEntryCorrectCall, {
    handler: async (request, _reply, { auth }) => {
      await timesheets.correct(auth, request.body);
      return ok(null, say.corrected);
    },
  });
  registerCall(app, timesheetWeekApproveCall, {
    handler: async (request, _reply, { auth }) => {
      await timesheets.approve(auth, request.body);
      return ok(null, say.approved);
    },
  });
  registerCall(app, timesheetWeekUnapproveCall, {
    handler: async (request, _reply, { auth }) => {
      await timesheets.unapprove(auth, request.body);
      return ok(null, say.unapproved);
    },
  });
  registerCall(app, timesheetExportCall, {
    handler: async (request, reply, { auth }) => {
      const file = await timesheets.exportFile(auth, request.query);
      return reply.headers(fileHeaders({ fileName: file.fileName })).send(file.body);
    },
  });
};
