import type pg from 'pg';

/**
 * How long the API waits on its database at most. A database whose processes are stopped keeps its
 * TCP connections open and answers nothing; without these bounds every call waited until the
 * operating system gave the connection up (75 s and more). A wait that runs out fails the call with
 * 503 (db/errors.ts). Long work names its own, longer bound: the exports (`export` reads of the
 * Reader), the transactions that pass their own `timeout`; the migrations, the seeds and the
 * command-line tools open their own connections without these bounds.
 */
export interface DatabaseWaits {
  /** Waiting for a connection of a pool, opened if need be. */
  acquireMs: number;
  /** One statement: PostgreSQL cancels it after this (`statement_timeout`). */
  statementMs: number;
  /** An interactive Prisma transaction that names no timeout of its own. */
  transactionMs: number;
}

/**
 * How much longer than a statement's bound the client waits for its answer: a server that runs
 * cancels the statement itself first (a 503 "busy"); only a server that does not answer at all
 * (stopped, or cut off) reaches the client's bound.
 */
const NO_ANSWER_MARGIN_MS = 1_000;

/** The client-side bound of a statement allowed `statementMs`. */
export const noAnswerAfter = (statementMs: number) => statementMs + NO_ANSWER_MARGIN_MS;

/** The pg pool settings that bound a pool's waits. */
export function boundedPoolConfig(
  waits: DatabaseWaits,
): Pick<pg.PoolConfig, 'connectionTimeoutMillis' | 'statement_timeout' | 'query_timeout'> {
  return {
    connectionTimeoutMillis: waits.acquireMs,
    statement_timeout: waits.statementMs,
    query_timeout: noAnswerAfter(waits.statementMs),
  };
}
