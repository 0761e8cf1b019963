import { employeeClockInQrCall, formTemplateQrPosterCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../../plugins/auth';
import { registerCall } from '../../plugins/calls';
import type { QrCodeService } from './service';

/** Our own SVG, served as a document: no scripts, no outside resources. */
const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
};

export const qrCodeRoutes: FastifyPluginAsync<{ qrCodes: QrCodeService }> = async (app, { qrCodes }) => {
  registerCall(app, employeeClockInQrCall, {
    handler: async (request, reply) =>
      reply
        .headers(SVG_HEADERS)
        .send(await qrCodes.employeeClockInQr(requireAuth(request), request.params.employeeId)),
  });

  registerCall(app, formTemplateQrPosterCall, {
    handler: async (request, reply) => {
      const poster = await qrCodes.formTemplateQrPoster(requireAuth(request), request.params.templateId);
      return reply
        .headers(SVG_HEADERS)
        .header(
          'content-disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(`${poster.name} QR poster.svg`)}`,
        )
        .send(poster.svg);
    },
  });
};
