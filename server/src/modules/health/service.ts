import type { TReadiness } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { AppError } from '../../errors';
import type { FileStorage } from '../../plugins/storage';

export interface HealthOptions {
  /** How long each check waits for its answer before it calls the check failing. */
  timeoutMs: number;
  /** The migrations the server ships (prisma/migrations): readiness wants every one applied. */
  migrations: readonly string[];
}

/** A check that did not answer in time; the work itself is left to the pools' own bounds. */
class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/** `work`'s answer, or NoAnswer once `ms` have passed without it. */
async function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}

type Check = Exclude<keyof TReadiness, 'status'>;

interface Failure {
  check: Check;
  /** For the answer's message: what an operator looks at first. */
  reason: string;
  error: unknown;
}

/** How many names of unapplied migrations the message lists. */
const NAMES_SHOWN = 3;

/**
 * How long a file store that took the probe's file is taken to take files without another probe:
 * a balancer checks every 500 ms, and the database store's probe is a commit (with its WAL flush,
 * which a replica receives too). A failing probe is never reused, and a write the store refused
 * (its writesRefused) ends the reuse at once.
 */
const FILE_STORE_PASS_MS = 5000;

/**
 * The health checks: liveness needs none (the process answers), readiness asks the database, the
 * file store and the migrations, each bounded by `timeoutMs` so a hung database or file store is
 * reported as failing instead of hanging the probe.
 */
export class HealthService {
  /** When the file store last passed its probe (performance.now()), and its writesRefused then. */
  private fileStorePass = { at: -Infinity, writesRefused: 0 };

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly options: HealthOptions,
  ) {}

  private get seconds() {
    return `${this.options.timeoutMs / 1000} s`;
  }

  /** The database answers a statement in time; else 503 (GET /api/health, as before readiness). */
  async database(): Promise<{ status: 'ok'; database: 'ok' }> {
    const failure = await this.databaseFailure();
    if (failure) throw this.refusal('The database is not reachable.', [failure]);
    return { status: 'ok', database: 'ok' };
  }

  /** Every check passes; else 503 naming the failing checks, with the same object as data. */
  async readiness(): Promise<TReadiness> {
    const failures = (
      await Promise.all([this.databaseFailure(), this.fileStoreFailure(), this.migrationsFailure()])
    ).filter((failure): failure is Failure => failure !== null);
    const failing = new Set(failures.map((failure) => failure.check));
    const state = (check: Check) => (failing.has(check) ? 'failing' : 'ok');
    const readiness: TReadiness = {
      status: failures.length === 0 ? 'ready' : 'notReady',
      database: state('database'),
      fileStore: state('fileStore'),
      migrations: state('migrations'),
    };
    if (failures.length > 0) {
      const reasons = failures.map((failure) => failure.reason).join('; ');
      throw this.refusal(`Not ready: ${reasons}.`, failures, readiness);
    }
    return readiness;
  }

  private async databaseFailure(): Promise<Failure | null> {
    try {
      await within(this.options.timeoutMs, () => this.db.$queryRaw`SELECT 1`);
      return null;
    } catch (error) {
      const reason =
        error instanceof NoAnswer
          ? `the database does not answer within ${this.seconds}`
          : 'the database cannot be reached';
      return { check: 'database', reason, error };
    }
  }

  private async fileStoreFailure(): Promise<Failure | null> {
    const { writesRefused } = this.storage;
    const pass = this.fileStorePass;
    if (pass.writesRefused === writesRefused && performance.now() - pass.at < FILE_STORE_PASS_MS) return null;
    try {
      await within(this.options.timeoutMs, () => this.storage.probe());
      this.fileStorePass = { at: performance.now(), writesRefused };
      return null;
    } catch (error) {
      this.fileStorePass = { at: -Infinity, writesRefused };
      const code = (error as NodeJS.ErrnoException).code;
      const reason =
        error instanceof NoAnswer
          ? `the file store does not answer within ${this.seconds}`
          : `the file store cannot take files${code ? ` (${code})` : ''}`;
      return { check: 'fileStore', reason, error };
    }
  }

  private async migrationsFailure(): Promise<Failure | null> {
    let applied: Set<string>;
    try {
      const rows = await within(
        this.options.timeoutMs,
        () => this.db.$queryRaw<{ name: string }[]>`SELECT migration_name AS name FROM "_prisma_migrations"
          WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      );
      applied = new Set(rows.map((row) => row.name));
    } catch (error) {
      return { check: 'migrations', reason: 'the applied migrations cannot be read', error };
    }
    const missing = this.options.migrations.filter((name) => !applied.has(name));
    if (missing.length === 0) return null;
    const shown = missing.slice(0, NAMES_SHOWN).join(', ') + (missing.length > NAMES_SHOWN ? ', …' : '');
    const error = new Error(`Not applied: ${missing.join(', ')}`);
    const count = missing.length === 1 ? '1 migration is' : `${missing.length} migrations are`;
    return { check: 'migrations', reason: `${count} not applied (${shown})`, error };
  }

  /** 503 with the failures' errors as its cause, so the log says why. */
  private refusal(message: string, failures: Failure[], data: TReadiness | null = null): AppError {
    const refused = new AppError(503, message, data);
    refused.cause = new AggregateError(
      failures.map((failure) => failure.error),
      failures.map((failure) => failure.check).join(', '),
    );
    return refused;
  }
}
