import type { Prisma } from '../db/prisma';

/** A record's values as the change log compares them: plain JSON values by attribute. */
export type Snapshot = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** { attribute: [from, to] } for every attribute whose value differs between two snapshots. */
export function changesBetween(
  before: Snapshot | null,
  after: Snapshot | null,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (!same(from, to)) changes[key] = [from, to];
  }
  return changes;
}

export interface ChangeEntry {
  companyId: string;
  /** The signed-in user who made the change; null for the organisation file and other tools. */
  userId: string | null;
  entityType: string;
  entityId: string;
  /** created, updated, deleted, invited, deactivated, … */
  action: string;
  before: Snapshot | null;
  after: Snapshot | null;
}

/**
 * Writes one ChangeLog row (who, when, before → after) in the caller's transaction; an update that
 * changes nothing writes nothing. Returns whether a row was written.
 */
export async function recordChange(tx: Prisma.TransactionClient, entry: ChangeEntry): Promise<boolean> {
  const changes = changesBetween(entry.before, entry.after);
  if (entry.action === 'updated' && Object.keys(changes).length === 0) return false;
  await tx.changeLog.create({
    data: {
      companyId: entry.companyId,
      entityType: entry.entityType,
      entityId: entry.entityId,
      userId: entry.userId,
      action: entry.action,
      changes: changes as Prisma.InputJsonValue,
    },
  });
  return true;
}

/** The caller whose change is recorded, and its organisation. */
interface ChangedBy {
  companyId: string;
  userId: string | null;
}

type Entity = { type: string; id: string };

function recordBy(
  tx: Prisma.TransactionClient,
  by: ChangedBy,
  entity: Entity,
  change: Pick<ChangeEntry, 'action' | 'before' | 'after'>,
): Promise<boolean> {
  return recordChange(tx, {
    companyId: by.companyId,
    userId: by.userId,
    entityType: entity.type,
    entityId: entity.id,
    ...change,
  });
}

/** The row of a save: `created` when there was nothing before, else `updated` (none when nothing changed). */
export function recordSave(
  tx: Prisma.TransactionClient,
  by: ChangedBy,
  entity: Entity,
  before: Snapshot | null,
  after: Snapshot,
): Promise<boolean> {
  return recordBy(tx, by, entity, { action: before ? 'updated' : 'created', before, after });
}

/** The row of a delete: what the record was. */
export function recordDelete(
  tx: Prisma.TransactionClient,
  by: ChangedBy,
  entity: Entity,
  before: Snapshot,
): Promise<boolean> {
  return recordBy(tx, by, entity, { action: 'deleted', before, after: null });
}
