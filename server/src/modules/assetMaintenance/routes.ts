import {
  displayDay,
  maintenanceCompleteCall,
  maintenanceDetailsCall,
  maintenanceExportCall,
  maintenanceFilesAddCall,
  maintenanceListCall,
  maintenanceMessages as say,
  maintenancePlanListCall,
  maintenancePlanSaveCall,
  maintenancePlanStopCall,
  maintenanceReassignCall,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import type { MaintenanceService } from './service';

export const maintenanceRoutes: FastifyPluginAsync<{ maintenance: MaintenanceService }> = async (
  app,
  { maintenance },
) => {
  registerCall(app, maintenancePlanListCall, {
    handler: async (request, _reply, { auth }) => ok(await maintenance.planList(auth, request.body)),
  });
  registerCall(app, maintenancePlanSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await maintenance.planSave(auth, request.body), say.planSaved),
  });
  registerCall(app, maintenancePlanStopCall, {
    handler: async (request, _reply, { auth }) => {
      await maintenance.planStop(auth, request.body._id);
      return ok(null, say.planStoppedDone);
    },
  });
  registerCall(app, maintenanceListCall, {
    handler: async (request, _reply, { auth }) => ok(await maintenance.list(auth, request.body)),
  });
  registerCall(app, maintenanceExportCall, {
    handler: async (request, reply, { auth }) => {
      const { format, ...filters } = request.query;
      const file = await maintenance.exportFile(auth, format, filters);
      return reply
        .headers({
          ...fileHeaders({ fileName: `maintenance.${format}` }),
          'x-export-truncated': file.truncated ? 'yes' : 'no',
        })
        .send(file.body);
    },
  });
  registerCall(app, maintenanceDetailsCall, {
    handler: async (request, _reply, { auth }) => ok(await maintenance.details(auth, request.body._id)),
  });
  registerCall(app, maintenanceCompleteCall, {
    handler: async (request, _reply, { auth }) => {
      const completed = await maintenance.complete(auth, request.body);
      const next = completed.nextDueDate;
      return ok(completed, next ? say.completedNext(displayDay(next)) : say.completed);
    },
  });
  registerCall(app, maintenanceFilesAddCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(maintenanceFilesAddCall.multipart, fields);
      await maintenance.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, maintenanceReassignCall, {
    handler: async (request, _reply, { auth }) => {
      await maintenance.reassign(auth, request.body);
      return ok(null, say.reassigned);
    },
  });
};
