import { messages } from '@compass/shared';
import argon2 from 'argon2';
import pLimit, { type LimitFunction } from 'p-limit';
import { AppError } from '../../errors';

const HASH_OPTIONS = { type: argon2.argon2id } as const;

export interface PasswordHashingLimits {
  /** argon2 computations at once (each takes ~64 MiB and a core for tens of milliseconds). */
  concurrency: number;
  /** Computations that may wait for a turn; beyond that a call is refused with 503 at once. */
  queue: number;
}

/**
 * Every argon2 hash and verification of the process, a bounded number at a time: a flood of
 * sign-ins (the rate limits count per address and account, not in total) waits or is refused
 * instead of taking every core from the other calls.
 */
export class PasswordHasher {
  private readonly limit: LimitFunction;
  /** Verified against for an unknown account, so it costs the same time as a known one. */
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly limits: PasswordHashingLimits) {
    this.limit = pLimit(limits.concurrency);
  }

  private run<T>(work: () => Promise<T>): Promise<T> {
    const full = this.limit.activeCount >= this.limits.concurrency;
    if (full && this.limit.pendingCount >= this.limits.queue) {
      return Promise.reject(new AppError(503, messages.common.busy));
    }
    return this.limit(work);
  }

  hash(password: string): Promise<string> {
    return this.run(() => argon2.hash(password, HASH_OPTIONS));
  }

  /** Checks a password; with no stored hash it does the same work and answers false. */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean> {
    return this.run(async () => {
      if (storedHash) return argon2.verify(storedHash, password);
      this.dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS);
      await argon2.verify(await this.dummyHash, password);
      return false;
    });
  }

  /** Computations running and waiting now (for tests and the health figures). */
  get load(): { active: number; pending: number } {
    return { active: this.limit.activeCount, pending: this.limit.pendingCount };
  }
}
