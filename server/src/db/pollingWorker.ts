import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../errors';

export interface PollingWorkerOptions {
  /** Claims and handles one batch of due rows; answers how many it claimed. */
  runBatch: (signal: AbortSignal) => Promise<number>;
  /** A full batch means more may be due: the next one is claimed at once. */
  batchSize: number;
  pollSeconds: number;
  log: FastifyBaseLogger;
  /** Logged when a batch throws (the database is away, say); the worker looks again at the next poll. */
  failureMessage: string;
}

/**
 * The loop of an outbox worker (the mail outbox, webhook deliveries): batch after batch while rows
 * are due, idle a look every `pollSeconds`. Stopping waits for the batch in hand, so nothing is cut
 * off half-written.
 */
export class PollingWorker {
  private running: Promise<void> | null = null;
  private stopping: AbortController | null = null;

  constructor(private readonly options: PollingWorkerOptions) {}

  start(): void {
    if (this.running) return;
    const stopping = new AbortController();
    this.stopping = stopping;
    this.running = this.work(stopping.signal);
  }

  /** Stops once the batch being handled is done. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.stopping?.abort();
    await this.running;
    this.running = null;
  }

  private async work(signal: AbortSignal): Promise<void> {
    const { runBatch, batchSize, pollSeconds, log, failureMessage } = this.options;
    while (!signal.aborted) {
      let claimed = 0;
      try {
        claimed = await runBatch(signal);
      } catch (error) {
        log.warn({ err: describeError(error) }, failureMessage);
      }
      if (claimed < batchSize) await sleep(pollSeconds * 1000, undefined, { signal }).catch(() => undefined);
    }
  }
}
