import { z } from 'zod';
import { ACCESS, defineCall } from './call';

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const healthCall = defineCall({
  method: 'GET',
  path: '/health',
  tags: ['health'],
  summary: 'Liveness and database reachability',
  description:
    'The web client asks it to tell a server that answers from one that does not; 503 when the ' +
    'database does not answer within HEALTH_CHECK_TIMEOUT_SECONDS. An orchestrator asks ' +
    '/health/live and /health/ready instead.',
  access: ACCESS.anyone,
  response: ZHealth,
});

export const ZLiveness = z.object({ status: z.literal('ok') });

export const healthLiveCall = defineCall({
  method: 'GET',
  path: '/health/live',
  tags: ['health'],
  summary: 'Liveness: the process answers',
  description:
    'Touches neither the database nor the file store, so a database outage never gets the process ' +
    'restarted. An orchestrator restarts the process when this does not answer.',
  access: ACCESS.anyone,
  response: ZLiveness,
});

/** A readiness check's state: `failing` when it fails or does not answer in time. */
export const ZCheckState = z.enum(['ok', 'failing']);

/** What readiness checks; a 503 carries the same object with the failing checks named. */
export const ZReadiness = z.object({
  status: z.enum(['ready', 'notReady']),
  database: ZCheckState,
  fileStore: ZCheckState,
  migrations: ZCheckState,
});
export type TReadiness = z.infer<typeof ZReadiness>;

export const healthReadyCall = defineCall({
  method: 'GET',
  path: '/health/ready',
  tags: ['health'],
  summary: 'Readiness: the process can serve',
  description:
    'The database answers, the file store takes a small file (written and removed) and every ' +
    'migration the server ships is applied, each within HEALTH_CHECK_TIMEOUT_SECONDS. Otherwise ' +
    '503: response_message names the failing checks and response_data is this object with them ' +
    '`failing`. An orchestrator sends no traffic to a process that is not ready.',
  access: ACCESS.anyone,
  response: ZReadiness,
});
