/**
 * The request log as a process writes it to stdout (issue 48, "Speed left over"). With Fastify's
 * defaults, logging took a signed-in call from about half of bare Fastify's speed to a tenth: two
 * lines per request, each handed to its own write of stdout. Here a request has one line, written
 * when it is answered, and lines go out in batches; the error lines Fastify writes stay as they are.
 */
import os from 'node:os';
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
/**
 * The most that waits for a stdout that takes nothing (a stalled log collector): about 50,000
 * request lines. Lines past it are dropped and counted, so the process's memory stays bounded.
 */
const WAITING_BYTES = 16 * 1024 * 1024;
/** pino's numbers of the `warn` and `error` levels: lines at `error` and above are written at once. */
const WARN_LEVEL = 40;
const ERROR_LEVEL = 50;

/**
 * stdout written in batches, for the logger's `stream` and `hooks`. What is gathered is written
 * after FLUSH_MS at most, at once for an error line, and synchronously when the process exits (pino
 * flushes its destinations on `exit`, which process.exit and an uncaught exception both emit;
 * server.ts waits for the last write before it exits on SIGTERM). Only a SIGKILL can lose the last
 * FLUSH_MS. `stop` ends the FLUSH_MS timer when the app closes.
 */
export function batchedStdout(): {
  logger: { stream: pino.DestinationStream; hooks: pino.LoggerOptions['hooks'] };
  stop: () => void;
} {
  const destination = pino.destination({
    dest: 1,
    minLength: BATCH_BYTES,
    maxLength: WAITING_BYTES,
    sync: false,
  });
  let dropped = { lines: 0, bytes: 0 };
  destination.on('drop', (line: string | Buffer) => {
    dropped = { lines: dropped.lines + 1, bytes: dropped.bytes + Buffer.byteLength(line) };
  });
  /** The lines dropped when the last note of them was written. */
  let said = 0;

  /** A line saying how many lines stdout did not take, once it takes lines again. */
  function sayDropped() {
    if (dropped.lines === said) return;
    const counted = dropped;
    const note = JSON.stringify({
      level: WARN_LEVEL,
      time: Date.now(),
      pid: process.pid,
      hostname: os.hostname(),
      droppedLines: counted.lines,
      droppedBytes: counted.bytes,
      msg: `${counted.lines} log lines dropped since the start: stdout did not take them in time`,
    });
    destination.write(`${note}\n`);
    // A note dropped as well (stdout still takes nothing) is no line of the log: it is said later.
    if (dropped === counted) said = counted.lines;
    else dropped = counted;
  }

  const timer = setInterval(() => {
    destination.flush();
    sayDropped();
  }, FLUSH_MS).unref();
  return {
    logger: {
      stream: destination,
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= ERROR_LEVEL) destination.flush();
        },
      },
    },
    stop: () => clearInterval(timer),
  };
}

/** Resolves once every gathered line is written (a logger without batching resolves at once). */
export function flushLog(log: FastifyBaseLogger): Promise<void> {
  const { flush } = log as Partial<pino.Logger>;
  if (typeof flush !== 'function') return Promise.resolve();
  return new Promise((resolve) => flush.call(log, () => resolve()));
}
