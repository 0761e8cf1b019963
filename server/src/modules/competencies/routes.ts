import {
  competencyListCall,
  competencyMatrixCall,
  competencyMatrixExportCall,
  competencyMessages as say,
  competencyOptionsCall,
  competencyPositionsSetCall,
  competencyRecordDeleteCall,
  competencyRecordFileDeleteCall,
  competencyRecordFilesAddCall,
  competencyRecordListCall,
  competencyRecordSaveCall,
  competencySaveCall,
  competencySetActiveCall,
  employeeCompetencySummaryCall,
  ZCompetencyRecordFilesAdd,
} from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseOrBadRequest } from '../../errors';
import { organisationAnswer, registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { readMultipart } from '../../plugins/uploads';
import { sendCsv } from '../registerParts';
import type { CompetencyService } from './service';

export const competencyRoutes: FastifyPluginAsync<{
  competencies: CompetencyService;
  cache: AnswerCache;
}> = async (app, { competencies, cache }) => {
  registerCall(app, competencyListCall, {
    handler: async (request, _reply, { auth }) => ok(await competencies.list(auth, request.body)),
  });
  // The pick lists of every competency screen: one answer per organisation, kept under its data
  // version (Competency, Position and Workplace bump it).
  registerCachedCall(app, cache, competencyOptionsCall, (auth) =>
    organisationAnswer(competencyOptionsCall, auth, () => competencies.options(auth)),
  );
  registerCall(app, competencySaveCall, {
    handler: async (request, _reply, { auth }) => ok(await competencies.save(auth, request.body), say.saved),
  });
  registerCall(app, competencySetActiveCall, {
    handler: async (request, _reply, { auth }) => {
      await competencies.setActive(auth, request.body);
      return ok(null, request.body.isActive ? say.reactivated : say.deactivated);
    },
  });
  registerCall(app, competencyPositionsSetCall, {
    handler: async (request, _reply, { auth }) => {
      await competencies.setPositions(auth, request.body);
      return ok(null, say.requirementsSaved);
    },
  });
  // An employee's summary and the matrix's pages: cached per viewer, request and day under the
  // organisation's data version (every table they read moves it), since writing out the matrix's
  // ~30 KB page cost more than reading it.
  registerCachedCall(app, cache, employeeCompetencySummaryCall, (auth, body) =>
    competencies.summary(auth, body.employeeId),
  );
  registerCall(app, competencyRecordListCall, {
    handler: async (request, _reply, { auth }) => ok(await competencies.records(auth, request.body)),
  });
  registerCall(app, competencyRecordSaveCall, {
    handler: async (request, _reply, { auth }) =>
      ok(await competencies.saveRecord(auth, request.body), say.recordSaved),
  });
  registerCall(app, competencyRecordDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await competencies.deleteRecord(auth, request.body._id);
      return ok(null, say.recordDeleted);
    },
  });
  registerCall(app, competencyRecordFilesAddCall, {
    handler: async (request, _reply, { auth }) => {
      const { fields, files } = await readMultipart(request);
      const { _id } = parseOrBadRequest(ZCompetencyRecordFilesAdd, fields);
      await competencies.addFiles(auth, _id, files);
      return ok(null, say.filesAdded);
    },
  });
  registerCall(app, competencyRecordFileDeleteCall, {
    handler: async (request, _reply, { auth }) => {
      await competencies.deleteFile(auth, request.body);
      return ok(null, say.fileDeleted);
    },
  });
  registerCachedCall(app, cache, competencyMatrixCall, (auth, body) => competencies.matrix(auth, body));
  registerCall(app, competencyMatrixExportCall, {
    handler: async (request, reply, { auth }) =>
      sendCsv(reply, 'competency-matrix.csv', await competencies.matrixCsv(auth, request.query)),
  });
};
