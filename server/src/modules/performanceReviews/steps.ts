import {
  performanceReviewMessages as say,
  type PerformanceReviewStatus,
  type TPerformanceReviewSaved,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { badRequest, conflict } from '../../errors';
import type { PerformanceReview } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';

type Tx = Prisma.TransactionClient;

/** An agreed action as the review keeps it until completion (then an Action row, numbered from 1). */
export interface StoredAction {
  instruction: string;
  assigneeEmployeeId: string;
  /** yyyy-MM-dd */
  dueDate: string;
}

const OPEN: ReadonlySet<PerformanceReviewStatus> = new Set([
  'selfAssessment',
  'managerAssessment',
  'signOff',
]);

/** Still going: not completed, not cancelled. */
export const isOpen = (status: PerformanceReviewStatus): boolean => OPEN.has(status);

/** Refuses the request with `message` on `field` unless `holds`. */
export function check(holds: boolean, field: string, message: string): void {
  if (!holds) throw badRequest(message, [{ field, message }]);
}

/** Records a step of a review in its change log (its history). */
export function recordStep(
  tx: Tx,
  auth: AuthContext,
  id: string,
  action: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
) {
  return recordChange(tx, {
    companyId: auth.companyId,
    userId: auth.userId,
    entityType: 'performanceReview',
    entityId: id,
    action,
    before,
    after,
  });
}

/** A review read before another change committed: reload it. */
export const stale = () => conflict(say.stale, 'stale_version');

/** A step asked of a review at another step: `message`, or that it is finished. */
export const wrongStep = (review: Pick<PerformanceReview, 'status'>, message: string) =>
  conflict(isOpen(review.status) ? message : say.finished);

/**
 * Moves the review on from the version the caller read, with `data`: another change since is a 409
 * (`stale_version`). Claimed before the step's other writes, so of two saves of one version the
 * later waits for the first and is refused.
 */
export async function claimVersion(
  tx: Tx,
  review: PerformanceReview,
  version: number,
  data: Omit<Prisma.PerformanceReviewUpdateManyMutationInput, 'status' | 'version'> & {
    status?: PerformanceReviewStatus;
  },
): Promise<TPerformanceReviewSaved> {
  if (review.version !== version) throw stale();
  const updated = await tx.performanceReview.updateMany({
    where: { id: review.id, companyId: review.companyId, version },
    data: { ...data, version: { increment: 1 } },
  });
  if (updated.count !== 1) throw stale();
  return { version: version + 1, status: data.status ?? review.status };
}

/** The agreed actions the review keeps (its JSON column, as the reviewer's save wrote it). */
export function storedActions(review: { agreedActions: unknown }): StoredAction[] {
  return Array.isArray(review.agreedActions) ? (review.agreedActions as StoredAction[]) : [];
}
