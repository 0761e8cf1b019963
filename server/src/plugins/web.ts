import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS } from '@compass/shared';

/**
 * Serves the built web client; any non-API path answers index.html so the client's router takes
 * over. Hashed assets are cached for a year, index.html never. The build writes a brotli (.br) and
 * a gzip (.gz) copy beside every compressible file (web/vite.config.ts): the copy the browser
 * accepts is sent as it is, with `vary: accept-encoding`, and the plain file to anyone else.
 */
export const webPlugin = fp(async (app: FastifyInstance, { root }: { root: string }) => {
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web client not built: serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
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
