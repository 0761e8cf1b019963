import { messages } from '@compass/shared';
import { AppError } from '../errors';

/**
 * Database errors that are the caller's doing (a value the column cannot hold, a duplicate, a
 * missing reference) or the database's state (unreachable, busy), turned into the envelope's 4xx
 * and 503 in one place. Anything else stays a 500 with its details in the log.
 *
 * Prisma reports its own codes (P2xxx); through the pg driver adapter and in the hand-written reads
 * on the pg pool, PostgreSQL's SQLSTATE arrives as `code` on the error or its cause.
 */
const PRISMA: Record<string, [number, string]> = {
  P2000: [400, messages.common.invalidValue],
  P2002: [409, messages.common.alreadyExists],
  P2003: [400, messages.common.referenceMissing],
  P2006: [400, messages.common.invalidValue],
  P2007: [400, messages.common.invalidValue],
  P2020: [400, messages.common.invalidValue],
  P2025: [404, messages.common.notFound],
  P2028: [503, messages.common.busy],
  P2034: [409, messages.common.changedMeanwhile],
  P1001: [503, messages.common.serviceUnavailable],
  P1002: [503, messages.common.serviceUnavailable],
  P1017: [503, messages.common.serviceUnavailable],
};

/** A write met a unique index (a name, a number, an open assignment taken by a racing write). */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === 'P2002';

function sqlStateAnswer(state: string): [number, string] | null {
  if (state === '23505') return [409, messages.common.alreadyExists];
  if (state === '23503') return [400, messages.common.referenceMissing];
  if (state.startsWith('22') || state === '23502' || state === '23514')
    return [400, messages.common.invalidValue];
  if (state === '40001' || state === '40P01') return [409, messages.common.changedMeanwhile];
  if (state === '57014' || state === '53300' || state === '55P03') return [503, messages.common.busy];
  if (state.startsWith('08') || state === '57P01' || state === '57P02' || state === '57P03')
    return [503, messages.common.serviceUnavailable];
  return null;
}

/** What Prisma's driver adapter calls the failures it recognises (meta.driverAdapterError.cause.kind). */
const ADAPTER_KINDS: Record<string, [number, string]> = {
  UniqueConstraintViolation: [409, messages.common.alreadyExists],
  ForeignKeyConstraintViolation: [400, messages.common.referenceMissing],
  NullConstraintViolation: [400, messages.common.invalidValue],
  ValueOutOfRange: [400, messages.common.invalidValue],
  InvalidInputValue: [400, messages.common.invalidValue],
  LengthMismatch: [400, messages.common.invalidValue],
  TransactionWriteConflict: [409, messages.common.changedMeanwhile],
  DatabaseNotReachable: [503, messages.common.serviceUnavailable],
  DatabaseDoesNotExist: [503, messages.common.serviceUnavailable],
  ConnectionClosed: [503, messages.common.serviceUnavailable],
  SocketTimeout: [503, messages.common.busy],
  TooManyConnections: [503, messages.common.busy],
};

/** Connection failures before PostgreSQL answers anything. */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/**
 * Lost or refused connections that arrive without a code: Prisma's "Can't reach database server"
 * (P1001 text), the pg driver's own messages for a connection the server closed or never gave, a
 * local socket that is not there (no database listens; only the message says it was a connect), and
 * a statement the server never answered (pg's query_timeout, db/waits.ts: its processes stopped).
 */
const UNREACHABLE =
  /Can't reach database server|connect ENOENT|Connection terminated|Server has closed the connection|Connection ended unexpectedly|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|the database system is (starting up|shutting down|in recovery mode)/i;

/** The messages of an error and its causes. */
function messagesOf(error: unknown): string[] {
  const found: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    found.push(current.message);
    current = current.cause;
  }
  return found;
}

/** The codes an error carries, itself and down its causes (Prisma wraps the driver's error). */
export function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, meta, cause, originalCode } = current as {
      code?: unknown;
      meta?: { code?: unknown; driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } };
      cause?: unknown;
      originalCode?: unknown;
    };
    const adapter = meta?.driverAdapterError?.cause;
    // The adapter's own kind first: Prisma's P2010 around it says only that the query failed.
    for (const candidate of [adapter?.kind, adapter?.originalCode, code, originalCode, meta?.code])
      if (typeof candidate === 'string') codes.push(candidate);
    current = cause;
  }
  return codes;
}

/** The envelope error for a database failure the caller can act on, or null for a real fault. */
export function databaseErrorOf(error: unknown): AppError | null {
  for (const code of codesOf(error)) {
    const answer =
      ADAPTER_KINDS[code] ?? PRISMA[code] ?? (/^[0-9A-Z]{5}$/.test(code) ? sqlStateAnswer(code) : null);
    if (answer) return new AppError(answer[0], answer[1]);
    if (NETWORK.has(code)) return new AppError(503, messages.common.serviceUnavailable);
  }
  if (messagesOf(error).some((message) => UNREACHABLE.test(message)))
    return new AppError(503, messages.common.serviceUnavailable);
  return null;
}
