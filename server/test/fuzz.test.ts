import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, signIn, type TestContext } from './helpers';

/**
 * Every /api route driven with generated hostile input, shaped by the route's own contract (its
 * OpenAPI schemas, generated from the shared zod schemas): each value is either one the schema
 * describes (real ids of the demo organisations, so calls reach the services and the database) or
 * a hostile one (NUL, unpaired surrogates, impossible days, integers beyond the columns, huge and
 * deep values, prototype keys). Whatever comes, the answer is the envelope and never a 5xx.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxItems?: number;
};
interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const RUNS_PER_ROUTE = 30;
const MULTIPART_RUNS_PER_ROUTE = 5;
/** Session-ending calls would leave the other routes signed out: they run last, once. */
const LAST = new Set(['POST /api/logout']);

const hostileText = fc.constantFrom(
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '0000-01-01',
  '9999-12-31',
  '2026-02-30',
  '24:61',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '__proto__',
  'constructor',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  'x'.repeat(70_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
);
const hostileNumber = fc.constantFrom(
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_VALUE,
  1e-300,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}),
  fc.constant({ ['__proto__']: { polluted: true }, constructor: { prototype: { polluted: true } } }),
  fc.array(hostileText, { maxLength: 3 }),
  fc.constant(Array.from({ length: 3000 }, (_, index) => index)),
  fc.constant(JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`) as unknown),
);

let ctx: TestContext;
let token: string;
let paths: Record<string, Record<string, Operation>>;
let realIds: string[];

beforeAll(async () => {
  ctx = await setupTestApp({ RATE_LIMIT_PER_ACCOUNT: '100000', RATE_LIMIT_PER_ADDRESS: '100000' });
  token = await signIn(ctx.app, 'olivia.admin');
  paths = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
  // Ids of both organisations: calls reach real rows, and rows of the organisation not signed in.
  const ids = await ctx.db.$queryRaw<Array<{ id: string }>>`
    (SELECT id::text FROM "FormSubmission" LIMIT 15) UNION ALL (SELECT id::text FROM "FormTemplate" LIMIT 10)
    UNION ALL (SELECT id::text FROM "Employee" LIMIT 10) UNION ALL (SELECT id::text FROM "Action" LIMIT 10)
    UNION ALL (SELECT id::text FROM "TemplateField" LIMIT 20) UNION ALL (SELECT id::text FROM "Workplace" LIMIT 5)
    UNION ALL (SELECT id::text FROM "Attachment" LIMIT 5) UNION ALL (SELECT id::text FROM "Notice" LIMIT 5)`;
  realIds = ids.map((row) => row.id);
});

/** A value the schema describes, or (one time in four at every level) a hostile one. */
function valueOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: describedBy(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function describedBy(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => describedBy(option, depth)));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, child]) => [key, valueOf(child, depth + 1)]),
        ),
        { requiredKeys: [] },
      );
    }
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 50 }), hostileNumber);
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), hostileNumber);
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...realIds), fc.uuid());
      if (schema.format === 'date')
        return fc.oneof(fc.constantFrom('2026-11-24', '2024-02-29', '1970-01-01'), hostileText);
      return fc.oneof(fc.string({ maxLength: 40 }), hostileText);
    default:
      return hostileValue;
  }
}

const render = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One request of the route built from generated parts. */
function requestOf(method: string, url: string, operation: Operation | undefined) {
  const pathParams = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const queryParams = (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const body = operation?.requestBody?.content['application/json']?.schema;
  return fc
    .record({
      params: fc.tuple(...pathParams.map((parameter) => valueOf(parameter.schema))),
      query: fc.tuple(...queryParams.map((parameter) => valueOf(parameter.schema))),
      body: method === 'POST' ? valueOf(body ?? { type: 'object' }) : fc.constant(undefined),
    })
    .map(({ params, query, body }) => {
      let path = url;
      pathParams.forEach((parameter, index) => {
        path = path.replace(`:${parameter.name}`, encodeURIComponent(render(params[index])));
      });
      const search = new URLSearchParams();
      queryParams.forEach((parameter, index) => {
        if (query[index] !== undefined) search.set(parameter.name, render(query[index]));
      });
      return { url: search.size ? `${path}?${search}` : path, body };
    });
}

const hostileMultipart = fc.record({
  fields: fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), hostileText), hostileText, { maxKeys: 5 }),
  fileName: fc.oneof(fc.constantFrom('photo.jpg', 'a.svg', 'x.exe', '..\\..\\boot.ini'), hostileText),
});

function multipartBody(fields: Record<string, string>, fileName: string) {
  const boundary = '----compassfuzz';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\nnot really a file\r\n',
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function checkAnswer(
  label: string,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
    const envelope = JSON.parse(response.body) as { response_code: number; response_message: string };
    expect(envelope.response_code, label).toBe(response.statusCode);
    expect(typeof envelope.response_message, label).toBe('string');
  }
}

describe('every route under generated hostile input', () => {
  it('never answers 5xx, and always answers errors in the envelope', { timeout: 600_000 }, async () => {
    const routes = [...ctx.app.declaredRoutes].sort(
      (a, b) => Number(LAST.has(`${a.method} ${a.url}`)) - Number(LAST.has(`${b.method} ${b.url}`)),
    );
    let calls = 0;
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const operation = paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const runs = LAST.has(label) ? 1 : RUNS_PER_ROUTE;
      await fc.assert(
        fc.asyncProperty(requestOf(route.method, route.url, operation), async ({ url, body }) => {
          calls += 1;
          const response = await ctx.app.inject({
            method: route.method as 'GET' | 'POST',
            url,
            headers: { authtoken: token },
            ...(body === undefined
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: { authtoken: token, 'content-type': 'application/json' },
                }),
          });
          checkAnswer(`${label} ${url} ${JSON.stringify(body)?.slice(0, 200)}`, response);
        }),
        { numRuns: runs, seed: 20261124, endOnFailure: true },
      );
      if (route.method !== 'POST' || LAST.has(label)) continue;
      await fc.assert(
        fc.asyncProperty(hostileMultipart, async ({ fields, fileName }) => {
          calls += 1;
          const { payload, contentType } = multipartBody(fields, fileName);
          const response = await ctx.app.inject({
            method: 'POST',
            url: route.url.replace(/:([A-Za-z]+)/g, realIds[0]!),
            headers: { authtoken: token, 'content-type': contentType },
            payload,
          });
          checkAnswer(
            `${label} multipart ${JSON.stringify(fields).slice(0, 200)} ${fileName.slice(0, 40)}`,
            response,
          );
        }),
        { numRuns: MULTIPART_RUNS_PER_ROUTE, seed: 20261124, endOnFailure: true },
      );
    }
    // The figure docs/security.md quotes.
    console.warn(`fuzz: ${routes.length} routes, ${calls} calls`);
    expect(calls).toBeGreaterThan(routes.length * RUNS_PER_ROUTE);
  });
});
