import type { Db, Prisma } from '../../db/prisma';

export interface ThrottleLimit {
  /** Consecutive failed sign-ins that lock… */
  failures: number;
  /** …for this long. */
  minutes: number;
}

export interface SignInThrottleLimits {
  /** Failures of one account name from one client address (or IPv6 /64): locks that address out. */
  perAddress: ThrottleLimit;
  /** Failures of one account name from anywhere: NIST 800-63B 5.2.2 allows at most 100. */
  perAccount: ThrottleLimit;
}

interface Row {
  address: string;
  failures: number;
  lockedUntil: Date | null;
}

/** Rows untouched this long (and not locked) are forgotten. */
const FORGET_AFTER_MS = 24 * 3_600_000;

/**
 * Counts failed sign-ins per account name, per client address and in total, in the database so
 * every API process counts the same. An attempt is counted when it begins, before its password
 * is checked, under a row lock: N parallel guesses count N, and the ones beyond the limit are
 * refused without hashing. A lock per address keeps an attacker from locking the owner out from
 * elsewhere; the account-wide limit caps guesses from many addresses (see docs/decisions.md).
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly limits: SignInThrottleLimits,
  ) {}

  private limitOf(row: Row): ThrottleLimit {
    return row.address === '' ? this.limits.perAccount : this.limits.perAddress;
  }

  /** Locks the account's two rows (account-wide first, so parallel attempts take them in order). */
  private async lockedRows(tx: Prisma.TransactionClient, account: string, address: string) {
    await tx.signInThrottle.createMany({
      data: [
        { account, address: '' },
        { account, address },
      ],
      skipDuplicates: true,
    });
    return tx.$queryRaw<Row[]>`
      SELECT address, failures, "lockedUntil" FROM "SignInThrottle"
      WHERE account = ${account} AND address IN ('', ${address})
      ORDER BY address FOR UPDATE`;
  }

  /** Counts an attempt that is about to check a password; false when it must be refused unchecked. */
  async begin(account: string, address: string): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      const now = new Date();
      const rows = await this.lockedRows(tx, account, address);
      const counts = rows.map((row) => {
        const lockOver = row.lockedUntil !== null && row.lockedUntil <= now;
        return { row, failures: lockOver ? 0 : row.failures, locked: !lockOver && row.lockedUntil !== null };
      });
      // Attempts in flight hold their count, so the limit holds however many arrive at once.
      if (counts.some(({ row, failures, locked }) => locked || failures >= this.limitOf(row).failures)) {
        return false;
      }
      for (const { row, failures } of counts) {
        await tx.signInThrottle.update({
          where: { account_address: { account, address: row.address } },
          data: { failures: failures + 1, lockedUntil: null, updatedAt: now },
        });
      }
      return true;
    });
  }

  /** The attempt's password was wrong: a count that reached its limit becomes a lock. */
  async failed(account: string, address: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const now = new Date();
      for (const row of await this.lockedRows(tx, account, address)) {
        const limit = this.limitOf(row);
        if (row.lockedUntil === null && row.failures >= limit.failures) {
          await tx.signInThrottle.update({
            where: { account_address: { account, address: row.address } },
            data: { lockedUntil: new Date(now.getTime() + limit.minutes * 60_000), updatedAt: now },
          });
        }
      }
    });
  }

  /** The attempt was not decided (the server was too busy to check it): it does not count. */
  async undo(account: string, address: string): Promise<void> {
    await this.db.signInThrottle.updateMany({
      where: { account, address: { in: ['', address] }, failures: { gt: 0 } },
      data: { failures: { decrement: 1 } },
    });
  }

  /** A right password: the failures so far were not consecutive with anything that follows. */
  async succeeded(account: string, address: string): Promise<void> {
    await this.db.signInThrottle.deleteMany({ where: { account, address: { in: ['', address] } } });
  }

  /** A new password (reset by e-mail) lifts every lock of the account. */
  async forget(account: string): Promise<void> {
    await this.db.signInThrottle.deleteMany({ where: { account } });
  }

  /** Drops the rows of names nobody has tried for a day and that hold no lock. */
  async sweep(now = new Date()): Promise<number> {
    const { count } = await this.db.signInThrottle.deleteMany({
      where: {
        updatedAt: { lt: new Date(now.getTime() - FORGET_AFTER_MS) },
        OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
      },
    });
    return count;
  }
}

/** The throttle's name of an account: its user id when one exists, else the name typed. */
export const throttleAccountOf = (user: { id: string } | null, typed: string) =>
  user ? `user:${user.id}` : `name:${typed.trim().toLowerCase()}`;
