import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { healthLiveCall } from '@compass/shared';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCall } from '../src/plugins/calls';
import { openApiPlugin } from '../src/plugins/openapi';
import { serializerCompiler } from '../src/plugins/serializer';
import { setupTestApp, type TestContext } from './helpers';
import { validateResponses } from './responseValidation';

/**
 * The API document is the contract (issue 47, docs/integrations.md): every operation is named,
 * says its credentials and every answer it gives; the linters pass it; a client generated from it
 * compiles. That each answer of the API tests matches it, responseValidation.ts checks.
 */

const run = promisify(execFile);
const bin = (name: string) => path.resolve(import.meta.dirname, '../../node_modules/.bin', name);
const root = path.resolve(import.meta.dirname, '../..');

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: object;
  responses: Record<string, { $ref?: string; content?: Record<string, unknown>; headers?: object }>;
  'x-access-keys'?: string[];
}
let ctx: TestContext;
let document: {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> };
  tags: { name: string; description?: string }[];
};
let folder: string;
const operations = () =>
  Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${route}`, operation })),
  );
const operation = (route: string, method = 'post') => document.paths[`/api${route}`]![method]!;

beforeAll(async () => {
  ctx = await setupTestApp({ PUBLIC_URL: 'https://compass.test' });
  document = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'compass-openapi-'));
  await fs.writeFile(path.join(folder, 'openapi.json'), JSON.stringify(document));
});
afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it("names every operation once, by its call's name", () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(operation('/reportData').operationId).toBe('reportData');
    expect(operation('/files/{id}', 'get').operationId).toBe('file');
    // A register's call of a group is named by its path.
    expect(operation('/riskPeople').operationId).toBe('riskPeople');
  });

  it('says the credentials of every operation, or none', () => {
    expect(operations().filter(({ operation }) => !Array.isArray(operation.security))).toEqual([]);
    expect(operation('/signIn').security).toEqual([]);
    expect(operation('/reportData').security).toEqual([{ authtoken: [] }, { apiToken: [] }]);
    // A call that needs a person signed in refuses API tokens.
    expect(operation('/permissions', 'get').security).toEqual([{ authtoken: [] }]);
    expect(operation('/apiTokenList', 'get').security).toEqual([{ authtoken: [] }]);
    expect(operation('/trainingAssignmentOpen').security).toEqual([
      { authtoken: [] },
      { apiToken: [] },
      { linkToken: [] },
    ]);
    expect(operation('/visitorKiosk').security).toEqual([{ linkToken: [] }]);
    expect(operation('/apiTokenList', 'get')['x-access-keys']).toEqual(['system']);
  });

  it('documents the error answers each operation can give, in the envelope', () => {
    const statuses = (op: Operation) => Object.keys(op.responses);
    for (const { name, operation: op } of operations().filter(({ name }) => !name.endsWith('openapi.json')))
      expect(statuses(op), name).toContain('503');
    for (const { name, operation: op } of operations().filter(({ operation: op }) => op.requestBody))
      expect(statuses(op), name).toEqual(expect.arrayContaining(['400', '413']));
    for (const { name, operation: op } of operations().filter(({ operation: op }) => op.security?.length))
      expect(statuses(op), name).toEqual(expect.arrayContaining(['401', '403']));
    expect(operation('/signIn').responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(statuses(operation('/permissions', 'get'))).toEqual(['200', '401', '403', '503']);
    expect(document.components.responses.BadRequest!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
  });

  it('gives downloads and redirects their real answers', () => {
    expect(operation('/files/{id}', 'get').responses['200']!.content).toHaveProperty(['*/*']);
    const callback = operation('/sso/callback/{provider}', 'get').responses;
    expect(callback['200']).toBeUndefined();
    expect(callback['302']!.headers).toHaveProperty('Location');
  });

  it('describes every area it tags', () => {
    expect(document.tags.filter((tag) => !tag.description)).toEqual([]);
  });

  it('passes spectral and redocly with no errors', async () => {
    const file = path.join(folder, 'openapi.json');
    const spectral = run(
      bin('spectral'),
      ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'error'],
      { cwd: root },
    );
    await expect(spectral).resolves.toBeTruthy();
    const redocly = run(bin('redocly'), ['lint', file, '--config', path.join(root, 'redocly.yaml')], {
      cwd: root,
    });
    await expect(redocly).resolves.toBeTruthy();
  }, 120_000);

  it('generates a typed client that compiles', async () => {
    await run(bin('openapi-typescript'), [
      path.join(folder, 'openapi.json'),
      '-o',
      path.join(folder, 'api.d.ts'),
    ]);
    await fs.writeFile(path.join(folder, 'usage.ts'), CLIENT_USAGE);
    const compile = run(
      bin('tsc'),
      ['--noEmit', '--strict', '--target', 'es2022', '--lib', 'es2022,dom', '--module', 'esnext'].concat(
        '--moduleResolution',
        'bundler',
        path.join(folder, 'usage.ts'),
      ),
    );
    await expect(compile).resolves.toBeTruthy();
  }, 120_000);
});

describe('the response validator', () => {
  it('finds the answers the document does not describe', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin, { productName: 'Compass', helpCentreUrl: 'https://help.test/' });
    // Answers as the test asks, sent as text so that nothing checks them before the validator.
    registerCall(app, healthLiveCall, {
      handler: async (request, reply) =>
        reply
          .code(Number(request.headers['x-status']))
          .type(String(request.headers['x-type']))
          .send(String(request.headers['x-body'])),
    });
    const mismatches: string[] = [];
    validateResponses(app, mismatches);
    await app.ready();
    const answer = (status: number, body: object, type = 'application/json') =>
      app.inject({
        url: '/health/live',
        headers: { 'x-status': String(status), 'x-type': type, 'x-body': JSON.stringify(body) },
      });
    const unavailable = { response_code: 503, response_message: 'Down', response_data: null };
    await answer(200, { response_code: 200, response_message: 'OK', response_data: { status: 'ok' } });
    await answer(503, unavailable);
    expect(mismatches).toEqual([]);
    await answer(200, { response_code: 200, response_message: 'OK', response_data: { state: 'fine' } });
    await answer(503, { ...unavailable, error_code: 'no_such_code' });
    await answer(418, unavailable);
    await answer(503, unavailable, 'text/plain');
    expect(mismatches).toEqual([
      expect.stringMatching(/^GET \/health\/live 200: .*response_data/),
      expect.stringMatching(/^GET \/health\/live 503: .*error_code/),
      'GET /health/live 418: the status is not documented',
      expect.stringMatching(/^GET \/health\/live 503: the content type text\/plain.* is not documented$/),
    ]);
    await app.close();
  });
});

/** A tiny client over the generated `paths`: typed bodies and answers, wrong ones rejected. */
const CLIENT_USAGE = `
import type { components, paths } from './api';

type Post<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Answer<O> = O extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;

async function post<P extends keyof paths>(route: P, body: Body<Post<P>>, token?: string): Promise<Answer<Post<P>>> {
  const response = await fetch('https://compass.test' + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: 'Bearer ' + token }) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer<Post<P>>;
}

export async function example(): Promise<void> {
  const signedIn = await post('/api/signIn', { username: 'olivia.admin', password: 'secret' });
  const session: string = signedIn.response_data.authToken;
  const deleted = await post('/api/riskDelete', { _id: '00000000-0000-4000-8000-000000000000' }, session);
  const nothing: null = deleted.response_data;
  type Invalid = paths['/api/signIn']['post']['responses'][400]['content']['application/json'];
  const invalid: Invalid['validation_errors'] = [{ field: 'username', message: 'Required' }];
  const reason: components['schemas']['ErrorEnvelope']['error_code'] = 'session_required';
  // @ts-expect-error signIn's answer has no such field
  const wrong: string = signedIn.response_data.password;
  // @ts-expect-error a body of another call
  await post('/api/riskDelete', { username: 'olivia.admin' }, session);
  console.log(nothing, invalid, reason, wrong);
}
`;
