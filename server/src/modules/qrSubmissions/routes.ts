import { qrSubmissionBranchesCall, qrSubmissionFormCall, qrSubmissionSaveCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import type { QrSubmissionService } from './service';

/**
 * Anonymous calls, so each is limited per client address and per template (a flood spread over
 * many addresses still cannot bury one coordinator). Reading the form is cheap and may be retried;
 * submitting writes a form and queues mail.
 */
export const QR_FORM_LIMITS: AbuseLimits = { perAddressPerMinute: 60, perAccountPerMinute: 600 };
export const QR_SUBMIT_LIMITS: AbuseLimits = { perAddressPerMinute: 10, perAccountPerMinute: 60 };
/** A guest form carries text and at most a few drawn signatures or diagrams. */
export const QR_SUBMIT_BODY_LIMIT = 2 * 1024 * 1024;

export const qrSubmissionRoutes: FastifyPluginAsync<{ qrSubmissions: QrSubmissionService }> = async (
  app,
  { qrSubmissions },
) => {
  const byTemplate = (request: { body: unknown }) => (request.body as { formId?: string } | null)?.formId;

  registerCall(app, qrSubmissionFormCall, {
    preHandler: abuseLimitHooks(app, 'qrForm', QR_FORM_LIMITS, byTemplate),
    handler: async (request) => ok(await qrSubmissions.form(request.body)),
  });

  registerCall(app, qrSubmissionBranchesCall, {
    preHandler: abuseLimitHooks(app, 'qrBranches', QR_FORM_LIMITS, byTemplate),
    handler: async (request) => ok(await qrSubmissions.branches(request.body)),
  });

  registerCall(app, qrSubmissionSaveCall, {
    bodyLimit: QR_SUBMIT_BODY_LIMIT,
    preHandler: abuseLimitHooks(app, 'qrSubmit', QR_SUBMIT_LIMITS, byTemplate),
    handler: async (request) => {
      const { message, ...result } = await qrSubmissions.submit(request.body);
      return ok(result, message);
    },
  });
};
