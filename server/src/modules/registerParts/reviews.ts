import {
  nextDueDay,
  type FrequencyUnit,
  type ReviewActionType,
  type ReviewItemType,
  type TReviewCompleted,
  type TReviewCompleteParsed,
  type TReviewDetails,
} from '@compass/shared';
import type { Review } from '../../db/prisma';
import { dayOf } from '../../db/days';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import type { ReviewService } from '../reviews';
import type { Tx } from './registers';

/** What a register keeps of an item's review schedule. */
export interface ScheduledItem {
  id: string;
  companyId: string;
  /** The name the dashboard's Scheduled Reviews shows. */
  name: string;
  reviewerEmployeeId: string | null;
  coReviewerEmployeeId: string | null;
  reviewFrequency: FrequencyUnit | null;
  nextReviewDate: Date | null;
}

/**
 * Moves the item's open review to its current name, reviewers, frequency and next review date;
 * an item with no reviewer or no next review leaves the schedule.
 */
export async function scheduleReview(
  reviews: ReviewService,
  tx: Tx,
  itemType: ReviewItemType,
  item: ScheduledItem,
): Promise<void> {
  if (!item.reviewerEmployeeId || !item.nextReviewDate) {
    await reviews.cancel(tx, item.companyId, itemType, item.id);
    return;
  }
  await reviews.schedule(tx, {
    companyId: item.companyId,
    itemType,
    itemId: item.id,
    name: item.name,
    reviewerEmployeeId: item.reviewerEmployeeId,
    coReviewerEmployeeId: item.coReviewerEmployeeId,
    frequency: item.reviewFrequency,
    dueDate: dayOf(item.nextReviewDate)!,
  });
}

/** The item's next review after the reviewer's completion: none when it is retired or unscheduled. */
export function nextReviewAfter(
  auth: AuthContext,
  outcome: TReviewCompleteParsed['outcome'],
  frequency: FrequencyUnit | null,
): string | null {
  return outcome === 'retired' || !frequency ? null : nextDueDay(callerToday(auth), frequency);
}

/** The caller's open review of an item, once `exists` found the item in their organisation. */
export async function openItemReview(
  reviews: ReviewService,
  auth: AuthContext,
  itemType: ReviewItemType,
  input: { itemId: string; actionType: ReviewActionType },
  exists: () => Promise<unknown>,
): Promise<TReviewDetails> {
  await exists();
  return reviews.open(auth, itemType, input.itemId, input.actionType);
}

/**
 * Completes the caller's part of an item's review (the item found by `exists`); with the
 * reviewer's completion `reviewed` records what the register keeps of it, in the same transaction.
 */
export async function completeItemReview(
  reviews: ReviewService,
  auth: AuthContext,
  itemType: ReviewItemType,
  input: TReviewCompleteParsed,
  exists: () => Promise<unknown>,
  reviewed: (tx: Tx, review: Review) => Promise<void>,
): Promise<TReviewCompleted> {
  await exists();
  return reviews.complete(auth, itemType, input, async (tx, review) => {
    if (input.actionType !== 'review') return;
    await reviewed(tx, review);
  });
}
