import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { envelopeOf, type Call, type CallData, type CallParsed } from '@compass/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { VersionedCache, type CountLookup, type DataVersionLookup } from '../db/versionedCache';
import type { AuthContext } from './auth';
import type { SessionCaller } from './callers';
import { sessionKind } from './callers';
import { registerCall } from './calls';
import { answerEncoding, BROTLI_OPTIONS, COMPRESS_THRESHOLD, type AnswerEncoding } from './compression';
import { ok } from './envelope';
import { serializerCompiler } from './serializer';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The bytes sent for each encoding; identity is the UTF-8 (a string is encoded on every send). */
const ENCODE: Record<AnswerEncoding | 'identity', (body: string) => Promise<Buffer>> = {
  br: (body) => brotli(body, BROTLI_OPTIONS),
  gzip: (body) => gzip(body),
  identity: async (body) => Buffer.from(body),
};

interface Entry {
  body: string;
  /** The body's bytes, by encoding, made when first asked for (a 230 KB answer: 2–3 ms of brotli). */
  encoded: Partial<Record<AnswerEncoding | 'identity', Promise<Buffer>>>;
}

/**
 * An answer named before it is loaded. `key` holds everything the answer depends on besides the
 * organisation's data (the organisation itself; who asks, as far as the answer differs by it; the
 * input; the local day), so the route can keep what `load` returns under key + the organisation's
 * data version. `load` may read only tables with the version's trigger. The caller checks have run
 * when an answer exists.
 */
export interface CachedAnswer<T> {
  key: string;
  load: () => Promise<T>;
}

/**
 * Whom an answer of the organisation is the same for: all its employees, or one supplier company
 * account or person, whose answers hold only what it is asked for (a call's `load` decides).
 */
function audienceOf(auth: AuthContext): unknown[] {
  const kind = sessionKind(auth);
  return kind === 'employee' ? [kind] : [kind, auth.supplierId, auth.personnelId];
}

/**
 * An answer that is the same for everyone of the organisation who may make the call (for the same
 * `input`, when the answer depends on the request), within its audience: what was loaded for an
 * employee is never sent to a supplier user or person, nor one supplier's to another.
 */
export function organisationAnswer<T>(
  call: Pick<Call, 'path'>,
  auth: AuthContext,
  load: () => Promise<T>,
  input?: string | null,
): CachedAnswer<T> {
  const asker = [call.path, auth.companyId, ...audienceOf(auth)];
  return { key: JSON.stringify(input === undefined ? asker : [...asker, input]), load };
}

/**
 * The serialized answers of this process (the dashboard's, the noticeboard's, the administration's
 * option lists), each under its key and the organisation's data version when it was loaded (see
 * VersionedCache for why that is correct across API processes); at most `maxBytes` of answers.
 */
export class AnswerCache {
  private readonly answers: VersionedCache<Entry>;

  constructor(versionOf: DataVersionLookup, maxBytes: number, countLookup?: CountLookup) {
    this.answers = new VersionedCache<Entry>(versionOf, {
      maxSize: maxBytes,
      countLookup,
      // The string (UTF-16 code units) and its UTF-8 copy, near enough; the compressed copies are a
      // small fraction.
      sizeOf: (entry, key) => 3 * entry.body.length + 2 * key.length + 64,
    });
  }

  /** The answer's body: the cached one when the organisation's data has not changed, otherwise `load`'s. */
  async body(companyId: string, key: string, load: () => Promise<string>): Promise<string> {
    const entry = await this.answers.get(companyId, key, async () => ({ body: await load(), encoded: {} }));
    return entry.body;
  }

  /**
   * The bytes of `body` (an answer `body()` gave for `key`) in an encoding: the cached answer's are
   * made once and kept with it, so a cached answer is neither compressed nor encoded per call.
   */
  async encoded(key: string, body: string, encoding: AnswerEncoding | 'identity'): Promise<Buffer> {
    const entry = this.answers.cached(key);
    if (entry?.body !== body) return ENCODE[encoding](body);
    entry.encoded[encoding] ??= ENCODE[encoding](body);
    return entry.encoded[encoding];
  }
}

type CachedCall = Call & { method: 'POST'; response: z.ZodType };
/** A call whose every answer is cached serves signed-in callers only: the answer is an organisation's. */
type SessionCachedCall = CachedCall & { access: { callers: readonly SessionCaller['kind'][] } };

/**
 * Sends a call's answer from the cache: the cached body when the organisation's data has not changed,
 * otherwise `load`'s answer serialized (validated against the response schema, as Fastify would) and
 * kept for later calls. For a route whose answers are cached only in some cases (the others go
 * through `ok` as usual); `registerCachedCall` is the route whose every answer is.
 */
export function cachedAnswerSender<C extends CachedCall>(cache: AnswerCache, call: C) {
  const serializer = serializerCompiler({
    schema: envelopeOf(call.response),
    method: call.method,
    url: `/api${call.path}`,
    httpStatus: '200',
  });
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    auth: AuthContext,
    { key, load }: CachedAnswer<CallData<C>>,
  ) => {
    const body = await cache.body(auth.companyId, key, async () => serializer(ok(await load())));
    // The caller's permissions changed since read: the envelope must say so (the auth plugin adds
    // it to an answer Fastify serializes), and this answer is the caller's, not the cache's, to send.
    if (auth.permissionsChanged) return reply.send(JSON.parse(body));
    // Bytes with a JSON content type are sent as they are: Fastify does not serialize them again.
    reply.type('application/json; charset=utf-8');
    const encoding = answerEncoding(request.headers['accept-encoding']);
    if (!encoding || body.length < COMPRESS_THRESHOLD || request.headers['x-no-compression'] !== undefined)
      return reply.send(await cache.encoded(key, body, 'identity'));
    // Compressed once per cached answer; the compression plugin leaves an encoded reply alone.
    const vary = reply.getHeader('vary');
    return reply
      .header('content-encoding', encoding)
      .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
      .send(await cache.encoded(key, body, encoding));
  };
}

/**
 * Registers a call answered from the cache: the caller checks have run (the answer exists), the body
 * is the cached one or the answer loaded and serialized once for later calls.
 */
export function registerCachedCall<C extends SessionCachedCall>(
  app: FastifyInstance,
  cache: AnswerCache,
  call: C,
  answer: (auth: AuthContext, body: CallParsed<C>['Body']) => CachedAnswer<CallData<C>>,
): void {
  const send = cachedAnswerSender(cache, call);
  registerCall(app, call, {
    handler: async (request, reply, caller) => {
      // SessionCachedCall serves signed-in callers only, which a generic call's caller type cannot show.
      const { auth } = caller as SessionCaller;
      return send(request, reply, auth, answer(auth, request.body as CallParsed<C>['Body']));
    },
  });
}
