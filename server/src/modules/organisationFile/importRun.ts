import type { Prisma } from '../../db/prisma';
import { changesBetween, recordChange, type Snapshot } from '../../plugins/changeLog';

export type Tx = Prisma.TransactionClient;
export type Outcome = 'created' | 'updated' | 'unchanged';
export type ImportCounts = Record<string, Record<Outcome, number>>;

export const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
export const lower = (value: string) => value.toLowerCase();

/**
 * One import's writes: each record brought to the file's values, counted by kind and outcome, and
 * the accounts to invite once every record is written.
 */
export class ImportRun {
  readonly counts: ImportCounts = {};
  readonly invitees: string[] = [];

  tally(kind: string, outcome: Outcome) {
    this.counts[kind] ??= { created: 0, updated: 0, unchanged: 0 };
    this.counts[kind][outcome] += 1;
  }

  /**
   * Brings one record to the file's values: creates it, updates what differs, or leaves it. An
   * administered record's change goes to the change log (no user: the file made it).
   */
  async sync<R extends { id: string }>(
    tx: Tx,
    companyId: string,
    kind: string,
    entityType: string | null,
    found: R | null,
    desired: Snapshot,
    snapshotOf: (record: R) => Snapshot,
    write: { create: () => Promise<R>; update: (record: R) => Promise<R> },
  ): Promise<R> {
    let record: R;
    let before: Snapshot | null = null;
    if (!found) {
      record = await write.create();
      this.tally(kind, 'created');
    } else {
      before = snapshotOf(found);
      if (Object.keys(changesBetween(before, desired)).length === 0) {
        this.tally(kind, 'unchanged');
        return found;
      }
      record = await write.update(found);
      this.tally(kind, 'updated');
    }
    if (entityType) {
      await recordChange(tx, {
        companyId,
        userId: null,
        entityType,
        entityId: record.id,
        action: found ? 'updated' : 'created',
        before,
        after: desired,
      });
    }
    return record;
  }
}
