import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS } from '@compass/shared';

/**
 * Serves the built web client; any non-API path answers index.html so the client's router takes
 * over. Hashed assets are cached for a year, index.html never; both are sent brotli- or
 * gzip-compressed when the browser accepts it.
 */
export const webPlugin = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web client not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // The build writes .br and .gz beside each file (web/vite.config.ts): sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { access: ACCESS.anyone }, schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.callNotFound();
    const file = request.url.split('?')[0] ?? '/';
    if (path.extname(file)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
