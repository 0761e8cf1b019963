import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers';

// A built client as web/vite.config.ts writes it: each compressible file with .br and .gz beside it.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-web-'));
const INDEX =
  '<!doctype html><html><head><title>Compass</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};`;

function writeWithCopies(file: string, text: string): void {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
}

let ctx: TestContext;
beforeAll(async () => {
  writeWithCopies('index.html', INDEX);
  writeWithCopies('assets/index-Ab12Cd34.js', SCRIPT);
  ctx = await setupTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(payload: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(payload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(payload).toString();
  return payload.toString();
}

describe('the built web client', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends a hashed asset to "accept-encoding: %s" as %s, cached for a year', async (accept, encoding) => {
    const response = await get('/assets/index-Ab12Cd34.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(decoded(response.rawPayload, encoding)).toBe(SCRIPT);
  });

  it.each(['/', '/index.html', '/dashboard', '/form-submission/my-records?page=2'])(
    'answers %s with index.html, compressed and never cached without revalidation',
    async (url) => {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await get(url, accept);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        expect(decoded(response.rawPayload, encoding)).toBe(INDEX);
      }
    },
  );

  it('answers a missing file and an unknown call with 404, not the page', async () => {
    const asset = await get('/assets/missing-Zz99.js', 'br, gzip');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-encoding']).toBeUndefined();
    const call = await get('/api/nothing-here', 'br, gzip');
    expect(call.statusCode).toBe(404);
    expect(call.json()).toMatchObject({ response_code: 404 });
  });
});
