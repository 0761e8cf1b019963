import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from '../src/plugins/web';

// The web client as the build leaves it: each file with its .br and .gz (web/vite.config.ts).
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const page = '<!doctype html><html><body><div id="root"></div></body></html>';
function write(file: string, content: string) {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  fs.writeFileSync(`${full}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${full}.gz`, gzipSync(content));
}
write('index.html', page);
write('assets/index-abc123.js', script);

const app = Fastify();
beforeAll(async () => {
  await app.register(webPlugin, { root: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web client’s files', () => {
  it('sends the brotli file to a browser that takes it, else the gzip one, else the plain one', async () => {
    const brotli = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const response of [brotli, gzip, plain]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers a screen’s path with index.html, compressed and never cached', async () => {
    const response = await get('/form-submission/my-records', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    const root = await get('/', 'gzip');
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(root.rawPayload).toString()).toBe(page);
  });

  it('does not answer a missing file or an API path with the page', async () => {
    expect((await get('/assets/missing-000.js')).statusCode).toBe(404);
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });
});
