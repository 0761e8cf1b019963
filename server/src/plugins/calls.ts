import { envelopeOf, type Call, type CallData, type CallParsed, type Envelope } from '@compass/shared';
import type { CallerServed } from './callers';
import { operationOf } from './openapiDocument';
import { REPLICA_CALLS } from './replicaCalls';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';

/** The request a call's handler reads: body, query and params parsed by the call's schemas. */
export type CallRequest<C extends Call> = FastifyRequest<CallParsed<C>>;

/** What a handler answers: the envelope of the call's data, or the reply it sent itself (files, cache). */
type CallAnswer<C extends Call> = Envelope<CallData<C>> | FastifyReply;

export interface CallRoute<C extends Call> {
  /**
   * `caller` is the request's caller, typed by the call's declared access: a call served to
   * signed-in callers only gets one with its session (`caller.auth`), a call that serves links gets
   * either, and the auth plugin has ruled on it before the handler runs.
   */
  handler: (
    request: CallRequest<C>,
    reply: FastifyReply,
    caller: CallerServed<C['access']>,
  ) => Promise<CallAnswer<C>>;
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  bodyLimit?: number;
}

/**
 * Registers a call's route from its shared definition: path, method, access, schemas and the
 * OpenAPI entry all come from the definition, so the route cannot drift from what the web sends.
 */
export function registerCall<C extends Call>(app: FastifyInstance, call: C, route: CallRoute<C>): void {
  const schema: NonNullable<RouteShorthandOptions['schema']> = {
    tags: [...call.tags],
    summary: call.summary,
    // Every preHandler a call is given is its abuse limit (plugins/rateLimit.ts).
    ...operationOf(call, { rateLimited: Boolean(route.preHandler) }),
    ...(call.body && { body: call.body }),
    ...(call.query && { querystring: call.query }),
    ...(call.params && { params: call.params }),
    ...(typeof call.response === 'object' && { response: { 200: envelopeOf(call.response) } }),
    ...(call.multipart && { consumes: ['multipart/form-data'] }),
    ...(call.hidden && { hide: true }),
  };
  // A call that tolerates a replica reads there when the version check allows (db/replica.ts).
  const routing = REPLICA_CALLS.has(call) ? app.replicaRouting : undefined;
  app.route({
    method: call.method,
    url: call.path,
    config: { access: call.access },
    schema,
    ...(route.bodyLimit && { bodyLimit: route.bodyLimit }),
    ...(route.preHandler && { preHandler: route.preHandler }),
    handler: (request: FastifyRequest, reply: FastifyReply) => {
      const answer = () =>
        route.handler(request as CallRequest<C>, reply, request.caller as CallerServed<C['access']>);
      return routing ? routing.run(request, answer) : answer();
    },
  });
}
