import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/prisma';
import { authPlugin } from '../src/plugins/auth';

describe('route access declarations', () => {
  it('refuses to start with an /api route that does not declare who may call it', async () => {
    const app = Fastify();
    await app.register(authPlugin, {
      db: {} as Db,
      links: { resolve: () => Promise.reject(new Error('unused')) },
      sessions: () => Promise.reject(new Error('unused')),
      apiTokens: () => Promise.reject(new Error('unused')),
      sessionIdleMinutes: 60,
    });
    expect(() => app.get('/api/undeclared', async () => 'open')).toThrow(/does not declare config.access/);
    await app.close();
  });
});
