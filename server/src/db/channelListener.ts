import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RETRY_FIRST_MS = 1_000;
const RETRY_MOST_MS = 30_000;

export interface ChannelListenerOptions {
  databaseUrl: string;
  /** A channel the database's triggers notify (a plain identifier). */
  channel: string;
  /** What listens, for the log: 'Session cache'. */
  name: string;
  log: FastifyBaseLogger;
  /** Each notification's payload. */
  onNotification: (payload: string) => void;
  /**
   * When listening starts or stops: what changed while nobody listened is not known, so a cache
   * forgets everything then.
   */
  onChange: () => void;
}

/**
 * A LISTEN on one channel of the app's database, on a connection of its own that is kept up:
 * when it drops it is opened again, after 1 s and then up to 30 s apart. A cache serves from memory
 * only while `listening`, since only then does it hear of other processes' changes.
 */
export class ChannelListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;

  constructor(private readonly options: ChannelListenerOptions) {
    void this.listen();
  }

  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    if (client) this.options.onChange();
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const { options } = this;
    const client = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        options.onChange();
      }
      void client.end().catch(() => undefined);
      if (this.closed) return;
      options.log.warn(
        { err: error },
        `${options.name}: not listening to the database; retrying in ${this.retryMs / 1000} s`,
      );
      this.retry = setTimeout(() => {
        this.retry = null;
        void this.listen();
      }, this.retryMs);
      // A retry alone keeps no process (a script, a test) running.
      this.retry.unref();
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MOST_MS);
    };
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => options.onNotification(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${options.channel}`);
    } catch (error) {
      lose(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // A loss has already ended the client and planned the retry.
    if (lost) return;
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_FIRST_MS;
    options.onChange();
  }
}
