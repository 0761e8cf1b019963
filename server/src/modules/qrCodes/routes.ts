import { employeeClockInQrCall, formTemplateQrPosterCall } from '@compass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { registerCall } from '../../plugins/calls';
import { fileHeaders } from '../../plugins/downloads';
import type { QrCodeService } from './service';

const SVG = 'image/svg+xml; charset=utf-8';

export const qrCodeRoutes: FastifyPluginAsync<{ qrCodes: QrCodeService }> = async (app, { qrCodes }) => {
  registerCall(app, employeeClockInQrCall, {
    handler: async (request, reply, { auth }) =>
      reply
        .headers(fileHeaders({ fileName: 'clock-in QR code.svg', contentType: SVG, inline: true }))
        .send(await qrCodes.employeeClockInQr(auth, request.params.employeeId)),
  });

  registerCall(app, formTemplateQrPosterCall, {
    handler: async (request, reply, { auth }) => {
      const poster = await qrCodes.formTemplateQrPoster(auth, request.params.templateId);
      return reply
        .headers(fileHeaders({ fileName: `${poster.name} QR poster.svg`, contentType: SVG, inline: true }))
        .send(poster.svg);
    },
  });
};
