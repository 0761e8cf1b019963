import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/prisma';
import { describeError } from '../../errors';
import type { FileStorage } from '../../plugins/storage';

const BATCH = 500;

/**
 * Removes stored files that no row names. A request stores its files before the transaction that
 * records them and removes them again when that transaction fails; a process that dies in between
 * (kill -9, a crash, a lost database) leaves them behind. Files younger than the grace period are
 * left alone: their transaction may still be running.
 */
export class FileSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly options: { graceMinutes: number; intervalMinutes: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One sweep now, then one every interval (main.ts); a sweep still running is not started twice. */
  start(): void {
    if (this.timer) return;
    const sweep = () => {
      this.running ??= this.sweep()
        .catch((error: unknown) => {
          this.log.warn({ err: describeError(error) }, 'file sweep failed');
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
    };
    sweep();
    this.timer = setInterval(sweep, this.options.intervalMinutes * 60_000).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Removes the unreferenced files older than the grace period; returns how many. */
  async sweep(): Promise<number> {
    const before = new Date(Date.now() - this.options.graceMinutes * 60_000);
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      const kept = await this.referenced(batch);
      for (const key of batch.filter((candidate) => !kept.has(candidate))) {
        await this.storage.remove(key);
        this.log.info({ storageKey: key }, 'removed a stored file no row refers to');
        removed++;
      }
      batch = [];
    };
    for await (const key of this.storage.listOlderThan(before)) {
      batch.push(key);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    return removed;
  }

  /** The keys of `keys` that some row names: every column that holds a storage key, and unsent mail. */
  private async referenced(keys: string[]): Promise<Set<string>> {
    const rows = await this.db.$queryRaw<{ key: string }[]>`
      SELECT "storageKey" AS key FROM "Attachment" WHERE "storageKey" = ANY(${keys}::text[])
      UNION SELECT "logoKey" FROM "Company" WHERE "logoKey" = ANY(${keys}::text[])
      UNION SELECT "logoKey" FROM "SupplierCompany" WHERE "logoKey" = ANY(${keys}::text[])
      UNION SELECT "profileImageKey" FROM "Employee" WHERE "profileImageKey" = ANY(${keys}::text[])
      UNION SELECT file->>'storageKey' FROM "MailMessage", jsonb_array_elements("attachments") AS file
        WHERE status <> 'sent' AND file->>'storageKey' = ANY(${keys}::text[])`;
    return new Set(rows.map((row) => row.key));
  }
}
