import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/prisma';
import { AuthService } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { configurationRoutes } from './modules/configuration/routes';
import { healthRoutes } from './modules/health/routes';
import { authPlugin } from './plugins/auth';
import { envelopePlugin } from './plugins/envelope';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rateLimit';
import { webPlugin } from './plugins/web';

export interface AppDeps {
  config: Config;
  db: Db;
}

const REDACTED_PATHS = [
  'req.headers.authtoken',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.confirmPassword',
];

/** The Fastify instance of the product; main.ts listens with it and every test injects into it. */
export async function buildApp({ config, db }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(envelopePlugin);
  await app.register(authPlugin, { db });
  await app.register(openApiPlugin, { productName: config.PRODUCT_NAME });
  await app.register(rateLimitPlugin);

  const auth = new AuthService(db, {
    sessionTtlHours: config.SESSION_TTL_HOURS,
    lockoutThreshold: config.LOCKOUT_THRESHOLD,
    lockoutMinutes: config.LOCKOUT_MINUTES,
  });
  const abuseLimits = {
    perAddressPerMinute: config.RATE_LIMIT_PER_ADDRESS,
    perAccountPerMinute: config.RATE_LIMIT_PER_ACCOUNT,
  };
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(configurationRoutes, { config });
      await api.register(authRoutes, { auth, abuseLimits });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { root: config.WEB_DIST_DIR });
  return app;
}
