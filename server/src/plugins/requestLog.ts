/**
 * The request log as a process writes it to stdout (issue 48, "Speed left over"). With Fastify's
 * defaults, logging took a signed-in call from about half of bare Fastify's speed to a tenth: two
 * lines per request, each handed to its own write of stdout. Here a request has one line, written
 * when it is answered, and lines go out in batches; the error lines Fastify writes stay as they are.
 */
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Fastify's request lines, one per request: "request completed" (or "request errored" when the
 * answer could not be sent) carries the request (method, url, host, remoteAddress), the answer's
 * statusCode, responseTime and reqId, which is all the former "incoming request" line said.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {
    // Said by the one line of requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Bytes gathered before a write: about a dozen request lines. */
const BATCH_BYTES = 4096;
/** The longest a line waits in memory on a quiet server. */
const FLUSH_MS = 250;
/** pino's number of the `error` level: lines at it and above are written at once. */
const ERROR_LEVEL = 50;

/**
 * stdout written in batches, for the logger's `stream`. What is gathered is written after FLUSH_MS
 * at most, at once for an error line, and synchronously when the process exits (pino flushes its
 * destinations on `exit`, which process.exit and an uncaught exception both emit; server.ts waits
 * for the last write before it exits on SIGTERM). Only a SIGKILL can lose the last FLUSH_MS.
 */
export function batchedStdout(): {
  stream: pino.DestinationStream;
  hooks: pino.LoggerOptions['hooks'];
} {
  const destination = pino.destination({ dest: 1, minLength: BATCH_BYTES, sync: false });
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  return {
    stream: destination,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= ERROR_LEVEL) destination.flush();
      },
    },
  };
}

/** Resolves once every gathered line is written (a logger without batching resolves at once). */
export function flushLog(log: FastifyBaseLogger): Promise<void> {
  const { flush } = log as Partial<pino.Logger>;
  if (typeof flush !== 'function') return Promise.resolve();
  return new Promise((resolve) => flush.call(log, () => resolve()));
}
