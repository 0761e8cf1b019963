import {
  envelopeOf,
  messages,
  ZClockInEmployee,
  ZClockInEmployeeRequest,
  ZClockInRequest,
  ZClockOutRequest,
  ZSignInsToday,
  ZSignInsTodayRequest,
} from '@compass/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import type { ClockInService } from './service';
import { ACCESS } from '@compass/shared';

export const clockInRoutes: FastifyPluginAsyncZod<{ clockIn: ClockInService }> = async (app, { clockIn }) => {
  app.post('/clockInEmployee', {
    config: { access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours } },
    schema: {
      tags: ['clockIn'],
      summary: 'The employee behind a scanned clock-in QR code',
      body: ZClockInEmployeeRequest,
      response: { 200: envelopeOf(ZClockInEmployee) },
    },
    handler: async (request) => ok(await clockIn.employee(requireAuth(request), request.body.employeeId)),
  });

  app.post('/signInsToday', {
    config: { access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours } },
    schema: {
      tags: ['clockIn'],
      summary: "The employee's clock records of the local day, and whether one is open",
      body: ZSignInsTodayRequest,
      response: { 200: envelopeOf(ZSignInsToday) },
    },
    handler: async (request) => ok(await clockIn.signInsToday(requireAuth(request), request.body)),
  });

  app.post('/clockIn', {
    config: { access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours } },
    schema: {
      tags: ['clockIn'],
      summary: 'Clock in: opens a timesheet record (one open record per employee)',
      body: ZClockInRequest,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await clockIn.clockIn(requireAuth(request), request.body);
      return ok(null, messages.clockIn.clockedIn);
    },
  });

  app.post('/clockOut', {
    config: { access: { callers: ACCESS.employee.callers, refusal: messages.clockIn.notYours } },
    schema: {
      tags: ['clockIn'],
      summary: 'Clock out: closes the open timesheet record',
      body: ZClockOutRequest,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await clockIn.clockOut(requireAuth(request), request.body);
      return ok(null, messages.clockIn.clockedOut);
    },
  });
};
