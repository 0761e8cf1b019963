import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@compass/shared';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import type { QrCodeService } from './service';
import { ACCESS } from '@compass/shared';

/** Our own SVG, served as a document: no scripts, no outside resources. */
const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-store',
};

export const qrCodeRoutes: FastifyPluginAsyncZod<{ qrCodes: QrCodeService }> = async (app, { qrCodes }) => {
  app.get('/employeeClockInQr/:employeeId', {
    config: { access: { callers: ACCESS.employee.callers, refusal: messages.qrCodes.notYourCode } },
    schema: {
      tags: ['qrCodes'],
      summary: "An employee's clock-in QR code (an SVG image, not the envelope)",
      params: z.object({ employeeId: z.uuid() }),
    },
    handler: async (request, reply) =>
      reply
        .headers(SVG_HEADERS)
        .send(await qrCodes.employeeClockInQr(requireAuth(request), request.params.employeeId)),
  });

  app.get('/formTemplateQrPoster/:templateId', {
    config: { access: ACCESS.employee },
    schema: {
      tags: ['qrCodes'],
      summary: 'A printable A4 QR code poster of a form template for guest submissions (an SVG document)',
      params: z.object({ templateId: z.uuid() }),
    },
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
