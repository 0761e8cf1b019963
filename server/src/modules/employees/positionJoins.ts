import type { Prisma } from '../../db/prisma';

/**
 * Someone joins a position: created in it, moved into it, or reactivated in it. Areas that act on
 * it (online training's standing rules assign its courses) register a listener where they start;
 * the employees' writes call them inside their own transaction, so what the listeners write
 * commits with the change. Employees is a platform area and imports none of them.
 */

export interface PositionJoin {
  companyId: string;
  employeeId: string;
  positionId: string;
  /** Who made the change (null: an import or the system). */
  userId: string | null;
}

type Listener = (tx: Prisma.TransactionClient, join: PositionJoin) => Promise<void>;

// Keyed by the area's name: an app built again (the tests build several) replaces its listener.
const listeners = new Map<string, Listener>();

export function onPositionJoin(area: string, listener: Listener): void {
  listeners.set(area, listener);
}

/** The join of an employee now active in `positionId`, when they were not there (and active) before. */
export async function positionJoined(
  tx: Prisma.TransactionClient,
  before: { positionId: string | null; isActive: boolean } | null,
  after: { companyId: string; id: string; positionId: string | null; isActive: boolean },
  userId: string | null,
): Promise<void> {
  if (!after.positionId || !after.isActive) return;
  if (before && before.isActive && before.positionId === after.positionId) return;
  const join = { companyId: after.companyId, employeeId: after.id, positionId: after.positionId, userId };
  for (const listener of listeners.values()) await listener(tx, join);
}
