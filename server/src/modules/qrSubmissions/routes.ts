import {
  envelopeOf,
  ZBranchList,
  ZQrBranchesRequest,
  ZQrFormRoute,
  ZQrSubmissionForm,
  ZQrSubmissionSaveRequest,
  ZQrSubmissionSaveResult,
} from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { abuseLimitHooks, type AbuseLimits } from '../../plugins/rateLimit';
import type { QrSubmissionService } from './service';
import { ACCESS } from '@compass/shared';

/**
 * Anonymous calls, so each is limited per client address and per template (a flood spread over
 * many addresses still cannot bury one coordinator). Reading the form is cheap and may be retried;
 * submitting writes a form and queues mail.
 */
export const QR_FORM_LIMITS: AbuseLimits = { perAddressPerMinute: 60, perAccountPerMinute: 600 };
export const QR_SUBMIT_LIMITS: AbuseLimits = { perAddressPerMinute: 10, perAccountPerMinute: 60 };
/** A guest form carries text and at most a few drawn signatures or diagrams. */
export const QR_SUBMIT_BODY_LIMIT = 2 * 1024 * 1024;

export const qrSubmissionRoutes: FastifyPluginAsyncZod<{ qrSubmissions: QrSubmissionService }> = async (
  app,
  { qrSubmissions },
) => {
  const tags = ['qrSubmissions'];
  const byTemplate = (request: { body: unknown }) => (request.body as { formId?: string } | null)?.formId;

  app.post('/qrSubmissionForm', {
    config: { access: ACCESS.anyone },
    preHandler: abuseLimitHooks(app, 'qrForm', QR_FORM_LIMITS, byTemplate),
    schema: {
      tags,
      summary: "The guest form of a template's QR poster: template, coordinator's name, workplaces",
      body: ZQrFormRoute,
      response: { 200: envelopeOf(ZQrSubmissionForm) },
    },
    handler: async (request) => ok(await qrSubmissions.form(request.body)),
  });

  app.post('/qrSubmissionBranches', {
    config: { access: ACCESS.anyone },
    preHandler: abuseLimitHooks(app, 'qrBranches', QR_FORM_LIMITS, byTemplate),
    schema: {
      tags,
      summary: 'Active branches of a workplace, for the guest form',
      body: ZQrBranchesRequest,
      response: { 200: envelopeOf(ZBranchList) },
    },
    handler: async (request) => ok(await qrSubmissions.branches(request.body)),
  });

  app.post('/qrSubmissionSave', {
    config: { access: ACCESS.anyone },
    bodyLimit: QR_SUBMIT_BODY_LIMIT,
    preHandler: abuseLimitHooks(app, 'qrSubmit', QR_SUBMIT_LIMITS, byTemplate),
    schema: {
      tags,
      summary: "Submit a guest form (recorded as 'Guest User'; never a draft)",
      body: ZQrSubmissionSaveRequest,
      response: { 200: envelopeOf(ZQrSubmissionSaveResult) },
    },
    handler: async (request) => {
      const { message, ...result } = await qrSubmissions.submit(request.body);
      return ok(result, message);
    },
  });
};
