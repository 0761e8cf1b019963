import { z } from 'zod';
import { ACCESS, defineCall } from './call';

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const healthCall = defineCall({
  method: 'GET',
  path: '/health',
  tags: ['health'],
  summary: 'Liveness and database reachability',
  access: ACCESS.anyone,
  response: ZHealth,
});
