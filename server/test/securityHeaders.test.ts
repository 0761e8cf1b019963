import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';
import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../seed/demo';
import { ANSWER_COMPRESSION } from '../src/plugins/compression';
import { contentTypeOf, fileHeaders } from '../src/plugins/downloads';
import { LocalFileStorage } from '../src/plugins/storage';
import { DEMO_PASSWORD, setupTestApp, signIn, type TestContext } from './helpers';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compass-headers-'));
let ctx: TestContext;
let behindProxy: TestContext;
let ethan: string;

beforeAll(async () => {
  ctx = await setupTestApp({ FILE_STORAGE_DIR: storageDir });
  behindProxy = await setupTestApp({ TRUST_PROXY: '127.0.0.1' });
  ethan = await signIn(ctx.app, 'ethan.coordinator');
});
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

const get = (app: TestContext, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/configuration'],
    ['a refusal', '/api/permissions'],
    ['an unknown API path', '/api/nothing-here'],
  ])('are on %s', async (_what, url) => {
    const response = await get(ctx, url);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain("frame-ancestors 'none'");
    // Nothing is framed (PDFs are drawn by pdf.js); WebAssembly compiles, JavaScript eval does not.
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pin https (HSTS) only for a request that came over https', async () => {
    expect((await get(ctx, '/api/configuration')).headers['strict-transport-security']).toBeUndefined();
    // Without a trusted proxy, a client's claim of https is not believed.
    const claimed = await get(ctx, '/api/configuration', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await get(behindProxy, '/api/configuration', { 'x-forwarded-proto': 'https' });
    expect(proxied.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('cover the API reference page, whose scripts are all files', async () => {
    const docs = await get(ctx, '/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(String(docs.headers['content-security-policy'])).toContain(
      "script-src 'self' 'wasm-unsafe-eval';",
    );
    expect(docs.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('caching of API answers', () => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, headers, payload });

  it('no cache keeps a session token, personal data or a refusal', async () => {
    const signedIn = await post('/api/signIn', {
      username: 'mia.employee',
      password: DEMO_PASSWORD,
      appType: 'web',
    });
    expect(signedIn.statusCode).toBe(200);
    const answers = [
      signedIn,
      await get(ctx, '/api/permissions', { authtoken: ethan }),
      await post(
        '/api/formSubmissionDetails',
        { formSubmissionId: demoId('nw:submission:1001') },
        { authtoken: ethan },
      ),
      await get(ctx, '/api/permissions'),
      await get(ctx, '/api/nothing-here'),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });

  it('nor an answer sent from the answer cache, compressed or not', async () => {
    const encodings = new Set<unknown>();
    // The first call of each loads and keeps the answer; the others send the kept bytes.
    for (const encoding of ['br', 'identity', 'br']) {
      const headers = { authtoken: ethan, 'accept-encoding': encoding };
      for (const [url, payload] of [
        ['/api/formTemplateList', {}],
        ['/api/dashboardList', { localTimeZone: 'Australia/Sydney' }],
      ] as const) {
        const answer = await post(url, payload, headers);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.headers['cache-control'], url).toBe('no-store');
        encodings.add(answer.headers['content-encoding']);
      }
    }
    expect(encodings).toEqual(new Set([undefined, 'br']));
  });

  it("a private file is the caller's only, and an organisation's logo stays cacheable", async () => {
    const submission = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id: demoId('nw:submission:1001') },
    });
    const storage = new LocalFileStorage(storageDir);
    const attachment = await ctx.db.attachment.create({
      data: {
        companyId: submission.companyId,
        ownerType: 'submission',
        ownerId: submission.id,
        name: 'report.pdf',
        storageKey: await storage.put(Buffer.from('%PDF-1.4'), 'pdf'),
        mimeType: 'application/pdf',
        size: 8,
      },
    });
    const file = await get(ctx, `/api/files/${attachment.id}`, { authtoken: ethan });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');

    await ctx.db.company.update({
      where: { id: submission.companyId },
      data: { logoKey: await storage.put(Buffer.from('not really a PNG'), 'png') },
    });
    const logo = await get(ctx, `/api/organisationLogo/${submission.companyId}`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('private, max-age=86400');
  });
});

describe('downloads', () => {
  /** A stored file on submission FS 1001 (Ethan coordinates it), uploaded with the given claims. */
  async function storedFile(name: string, mimeType: string, content: string) {
    const submission = await ctx.db.formSubmission.findUniqueOrThrow({
      where: { id: demoId('nw:submission:1001') },
    });
    const storageKey = await new LocalFileStorage(storageDir).put(Buffer.from(content), 'bin');
    const row = await ctx.db.attachment.create({
      data: {
        companyId: submission.companyId,
        ownerType: 'submission',
        ownerId: submission.id,
        name,
        storageKey,
        mimeType,
        size: content.length,
      },
    });
    return row.id;
  }

  it.each([
    ['an SVG with a script', 'drawing.svg', 'image/svg+xml', 'image/svg+xml'],
    ['an HTML page claimed as text', 'notes.txt', 'text/html', 'text/plain; charset=utf-8'],
    ['a file of an unknown kind', 'page.html', 'text/html', 'application/octet-stream'],
  ])('save %s, typed by its name, sandboxed and never sniffed', async (_what, name, claimed, served) => {
    const id = await storedFile(
      name,
      claimed,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const response = await get(ctx, `/api/files/${id}`, { authtoken: ethan });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(served);
    expect(response.headers['content-disposition']).toMatch(/^attachment; /);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('name the file for every browser, with a plain-ASCII fallback beside the UTF-8 name', () => {
    const headers = fileHeaders({ fileName: 'Prüfbericht "März".pdf', contentType: 'application/pdf' });
    expect(headers['content-disposition']).toBe(
      `attachment; filename="Pr_fbericht _M_rz_.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20%22M%C3%A4rz%22.pdf`,
    );
    expect(contentTypeOf('PHOTO.JPG')).toBe('image/jpeg');
    expect(contentTypeOf('no-extension')).toBe('application/octet-stream');
  });
});

describe('compressed answers', () => {
  it('sends a large answer brotli- or gzip-compressed to a client that accepts it, a small one plain', async () => {
    const ask = (encoding?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/formSubmissionRelatedLists',
        headers: {
          authtoken: ethan,
          'content-type': 'application/json',
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
        payload: {},
      });
    const plain = await ask();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const brotli = await ask('gzip, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // Below the threshold the work is not worth it.
    const small = await get(ctx, '/api/configuration', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer of tens of KB in one piece, sent with its length', async () => {
    // A stream per answer, written in chunks, halved the calls per second (ANSWER_COMPRESSION).
    const app = Fastify();
    await app.register(fastifyCompress, ANSWER_COMPRESSION);
    const rows = Array.from({ length: 600 }, (_, index) => ({ _id: index, name: `Asset ${index}` }));
    app.get('/rows', async () => ({ rows }));
    const answer = await app.inject({ method: 'GET', url: '/rows', headers: { 'accept-encoding': 'br' } });
    await app.close();
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(16 * 1024);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual({ rows });
  });
});
