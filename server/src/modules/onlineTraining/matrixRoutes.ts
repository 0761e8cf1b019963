import { trainingMatrixCall, trainingMatrixExportCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCachedCall, type AnswerCache } from '../../plugins/answerCache';
import { registerCall } from '../../plugins/calls';
import { sendCsv } from '../registerParts';
import type { TrainingMatrix } from './matrix';

/**
 * The training matrix's calls: its pages from the answer cache, as the competency matrix's (writing
 * out a page of people × courses costs more than reading it), the CSV as a download.
 */
export const trainingMatrixRoutes: FastifyPluginAsync<{
  matrix: TrainingMatrix;
  cache: AnswerCache;
}> = async (app, { matrix, cache }) => {
  registerCachedCall(app, cache, trainingMatrixCall, (auth, body) => matrix.page(auth, body));
  registerCall(app, trainingMatrixExportCall, {
    handler: async (request, reply, { auth }) =>
      sendCsv(reply, 'training-matrix.csv', await matrix.csv(auth, request.query)),
  });
};
