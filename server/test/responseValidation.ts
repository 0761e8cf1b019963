import zlib from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Checks every answer the app gives in a test against its OpenAPI document (the API document is the
 * contract, issue 47): the status is documented for the operation, the content type is one it
 * documents, and a JSON body validates against the documented schema. Each answer that does not is
 * kept as a mismatch; the harness fails the test file when there is any (helpers.ts).
 */

interface MediaType {
  schema?: object;
}
interface Response {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, Response> } | undefined>>;
  components: { responses: Record<string, Response> };
}

/** A JSON pointer into the document, as a URI fragment (path names hold `/`, `{` and `}`). */
const pointer = (...segments: string[]) =>
  segments
    .map((segment) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1')))
    .join('/');

/** Whether an answer carries a body: any stream, or text or bytes that are not empty. */
const hasBody = (payload: unknown) =>
  typeof payload === 'string' || Buffer.isBuffer(payload)
    ? payload.length > 0
    : payload !== null && payload !== undefined;

/**
 * The body as text, decompressed when it is stored compressed (the answer cache's copies); null for
 * a stream. @fastify/compress compresses in an onSend hook of each route, which runs after this
 * app-level one, so an answer it compresses is still text here.
 */
function bodyText(payload: unknown, encoding: string | undefined): string | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  if (!encoding || encoding === 'identity') return payload.toString();
  const bytes = Buffer.from(payload);
  return (encoding === 'br' ? zlib.brotliDecompressSync(bytes) : zlib.gunzipSync(bytes)).toString();
}

/** The documented media type an answer's content type falls under (`*\/*` takes any). */
function mediaTypeOf(content: Record<string, MediaType>, contentType: string | undefined) {
  const base = (contentType ?? '').split(';')[0]!.trim();
  const name = base in content ? base : '*/*' in content ? '*/*' : undefined;
  return name === undefined ? undefined : { name, media: content[name]! };
}

/** Adds each answer of `app` its document does not describe to `mismatches`. */
export function validateResponses(app: FastifyInstance, mismatches: string[]): void {
  let document: Document | undefined;
  // OpenAPI 3.0 schemas: `nullable`, and formats the document names that JSON Schema does not.
  const ajv = new Ajv({ allErrors: true, nullable: true, unknownFormats: 'ignore', validateSchema: false });
  const validators = new Map<string, ValidateFunction>();

  const check = (request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null => {
    const route = request.routeOptions;
    // Answers of no route (an unknown address) and of hidden routes (the web app, the docs page).
    if (!route.url || route.schema?.hide || request.method === 'HEAD') return null;
    if (!document) {
      document = app.swagger() as unknown as Document;
      ajv.addSchema(document, 'openapi');
    }
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const method = request.method.toLowerCase();
    const operation = document.paths[path]?.[method];
    if (!operation) return 'the operation is not in the document';
    const status = String(reply.statusCode);
    const declared = operation.responses[status];
    if (!declared) return 'the status is not documented';
    // A shared answer (components/responses) is validated where it is declared, once for all.
    const shared = declared.$ref?.split('/').pop();
    const response = shared ? document.components.responses[shared]! : declared;
    if (!response.content) return hasBody(payload) ? 'a body is sent where the document says none' : null;
    const found = mediaTypeOf(response.content, reply.getHeader('content-type') as string | undefined);
    if (!found) return `the content type ${String(reply.getHeader('content-type'))} is not documented`;
    if (!found.name.endsWith('json') || !found.media.schema) return null;
    const text = bodyText(payload, reply.getHeader('content-encoding') as string | undefined);
    // A JSON answer that cannot be read is not passed unchecked.
    if (text === null) return 'the JSON body cannot be read to be checked (a stream)';
    const at = shared
      ? pointer('components', 'responses', shared, 'content', found.name, 'schema')
      : pointer('paths', path, method, 'responses', status, 'content', found.name, 'schema');
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${at}` });
      validators.set(at, validate);
    }
    if (validate(JSON.parse(text))) return null;
    return ajv.errorsText(validate.errors, { dataVar: 'body' });
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const problem = check(request, reply, payload);
    if (problem)
      mismatches.push(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode}: ${problem}`);
    return payload;
  });
}
