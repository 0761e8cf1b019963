import { z } from 'zod';
import { messages } from '../messages';
import { ACCESS, defineCall } from './call';

export const employeeClockInQrCall = defineCall({
  method: 'GET',
  path: '/employeeClockInQr/:employeeId',
  tags: ['qrCodes'],
  summary: "An employee's clock-in QR code (an SVG image, not the envelope)",
  access: { callers: ACCESS.employee.callers, refusal: messages.qrCodes.notYourCode },
  params: z.object({ employeeId: z.uuid() }),
  response: 'file',
});

export const formTemplateQrPosterCall = defineCall({
  method: 'GET',
  path: '/formTemplateQrPoster/:templateId',
  tags: ['qrCodes'],
  summary: 'A printable A4 QR code poster of a form template for guest submissions (an SVG document)',
  access: ACCESS.employee,
  params: z.object({ templateId: z.uuid() }),
  response: 'file',
});
