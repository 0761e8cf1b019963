import {
  nextDueDay,
  reviewMessages as say,
  taskDueType,
  type FrequencyUnit,
  type ReviewActionType,
  type ReviewItemType,
  type TReviewCompleted,
  type TReviewCompleteParsed,
  type TReviewDetails,
} from '@compass/shared';
import type { Db, Prisma, Review } from '../../db/prisma';
import { conflict, forbidden } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { callerToday } from '../../plugins/organisationDay';
import { employeeNames } from '../employees';
import { dateOf, dayOf } from '../../db/days';

type Tx = Prisma.TransactionClient;

/** What a register tells the schedule about one of its items. */
export interface ReviewedItem {
  companyId: string;
  itemType: ReviewItemType;
  itemId: string;
  /** The item's name as the dashboard's Scheduled Reviews shows it. */
  name: string;
  reviewerEmployeeId: string;
  coReviewerEmployeeId: string | null;
  frequency: FrequencyUnit | null;
  /** yyyy-MM-dd */
  dueDate: string;
}

/** The caller's part of a review: the reviewer's, or the co-reviewer's until they have co-reviewed. */
function whoseTurn(auth: AuthContext, actionType: ReviewActionType): Prisma.ReviewWhereInput {
  const me = auth.employeeId ?? '';
  return actionType === 'review'
    ? { reviewerEmployeeId: me }
    : { coReviewerEmployeeId: me, isCoReviewed: false };
}

/**
 * The scheduled reviews of register items (the Review table, which the dashboard's Scheduled
 * Reviews lists): each item has at most one open review; completing it keeps it as history and
 * schedules the next one a frequency later. The registers call this with their own access key
 * (see reviewCalls in shared); the organisation scopes every read and write.
 */
export class ReviewService {
  constructor(private readonly db: Db) {}

  /** Creates the item's open review, or moves it to the item's current reviewers, name and date. */
  async schedule(tx: Tx, item: ReviewedItem): Promise<void> {
    const open = await tx.review.findFirst({
      where: { companyId: item.companyId, itemType: item.itemType, itemId: item.itemId, completedAt: null },
      select: { id: true, coReviewerEmployeeId: true },
    });
    const fields = {
      name: item.name,
      reviewerEmployeeId: item.reviewerEmployeeId,
      coReviewerEmployeeId: item.coReviewerEmployeeId,
      frequency: item.frequency,
      dueDate: dateOf(item.dueDate),
    };
    if (!open) {
      await tx.review.create({
        data: { ...fields, companyId: item.companyId, itemType: item.itemType, itemId: item.itemId },
      });
      return;
    }
    // A new co-reviewer has not reviewed anything yet.
    const coReviewerChanged = open.coReviewerEmployeeId !== item.coReviewerEmployeeId;
    await tx.review.update({
      where: { id: open.id },
      data: coReviewerChanged
        ? { ...fields, isCoReviewed: false, coReviewedAt: null, coReviewComments: null }
        : fields,
    });
  }

  /** An item that is deleted or retired leaves the schedule (its completed reviews stay). */
  async cancel(tx: Tx, companyId: string, itemType: ReviewItemType, itemId: string): Promise<void> {
    await tx.review.deleteMany({ where: { companyId, itemType, itemId, completedAt: null } });
  }

  /** The caller's open review of an item, with the item's completed reviews, newest first. */
  async open(
    auth: AuthContext,
    itemType: ReviewItemType,
    itemId: string,
    actionType: ReviewActionType,
  ): Promise<TReviewDetails> {
    const review = await this.db.review.findFirst({
      where: {
        companyId: auth.companyId,
        itemType,
        itemId,
        completedAt: null,
        ...whoseTurn(auth, actionType),
      },
    });
    if (!review) throw forbidden(say.notYours);
    const [people, history, today] = await Promise.all([
      this.names(auth.companyId, [review.reviewerEmployeeId, review.coReviewerEmployeeId]),
      this.history(auth.companyId, itemType, itemId),
      callerToday(auth),
    ]);
    const person = (id: string) => ({ _id: id, name: people.get(id) ?? '' });
    const dueDate = dayOf(review.dueDate);
    return {
      _id: review.id,
      name: review.name,
      itemId,
      actionType,
      reviewer: person(review.reviewerEmployeeId),
      coReviewer: review.coReviewerEmployeeId ? person(review.coReviewerEmployeeId) : null,
      isCoReviewed: review.isCoReviewed,
      coReviewComments: review.coReviewComments,
      frequency: review.frequency,
      dueDate,
      taskDueDateType: taskDueType(dueDate, today),
      waitingForCoReviewer:
        actionType === 'review' && review.coReviewerEmployeeId !== null && !review.isCoReviewed,
      history,
    };
  }

  /**
   * Completes the caller's part. The co-reviewer reviews first; the reviewer's completion records
   * the outcome and schedules the next review one frequency after today, unless the item is
   * retired. `also` runs in the same transaction (a register's own changes, e.g. a new rating),
   * after the caller's turn is checked.
   */
  async complete(
    auth: AuthContext,
    itemType: ReviewItemType,
    input: TReviewCompleteParsed,
    also?: (tx: Tx, review: Review) => Promise<void>,
  ): Promise<TReviewCompleted> {
    return this.db.$transaction(async (tx) => {
      // The review the caller opened, locked so that two tabs (or reviewer and co-reviewer at once)
      // cannot both complete it; once completed it is no longer open for anyone.
      const [locked] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM "Review"
        WHERE id = ${input.reviewId}::uuid AND "companyId" = ${auth.companyId}::uuid
          AND "itemType" = ${itemType}::"ReviewItemType" AND "itemId" = ${input.itemId}::uuid
          AND "completedAt" IS NULL
        FOR UPDATE`;
      const review = locked
        ? await tx.review.findFirst({ where: { id: locked.id, ...whoseTurn(auth, input.actionType) } })
        : null;
      if (!review) throw forbidden(say.notYours);
      const now = new Date();
      if (input.actionType === 'coReview') {
        await tx.review.update({
          where: { id: review.id },
          data: { isCoReviewed: true, coReviewedAt: now, coReviewComments: input.comments || null },
        });
        await also?.(tx, review);
        return { nextDueDate: null };
      }
      if (review.coReviewerEmployeeId && !review.isCoReviewed) throw conflict(say.waitingForCoReviewer);
      await also?.(tx, review);
      await tx.review.update({
        where: { id: review.id },
        data: {
          completedAt: now,
          completedByEmployeeId: auth.employeeId,
          outcome: input.outcome,
          comments: input.comments || null,
        },
      });
      if (input.outcome === 'retired' || !review.frequency) return { nextDueDate: null };
      const nextDueDate = nextDueDay(callerToday(auth), review.frequency);
      await tx.review.create({
        data: {
          companyId: review.companyId,
          itemType: review.itemType,
          itemId: review.itemId,
          name: review.name,
          reviewerEmployeeId: review.reviewerEmployeeId,
          coReviewerEmployeeId: review.coReviewerEmployeeId,
          frequency: review.frequency,
          dueDate: dateOf(nextDueDate),
        },
      });
      return { nextDueDate };
    });
  }

  /** The item's completed reviews, newest first: the review history of its detail page. */
  async history(
    companyId: string,
    itemType: ReviewItemType,
    itemId: string,
  ): Promise<TReviewDetails['history']> {
    const done = await this.db.review.findMany({
      where: { companyId, itemType, itemId, completedAt: { not: null } },
      orderBy: { completedAt: 'desc' },
      take: 100,
    });
    const people = await this.names(
      companyId,
      done.flatMap((review) => [review.completedByEmployeeId, review.coReviewerEmployeeId]),
    );
    const name = (id: string | null) => (id ? (people.get(id) ?? null) : null);
    return done.map((review) => ({
      _id: review.id,
      dueDate: dayOf(review.dueDate),
      completedAt: review.completedAt!.toISOString(),
      completedBy: name(review.completedByEmployeeId),
      outcome: review.outcome ?? 'noChange',
      comments: review.comments,
      coReviewer: name(review.coReviewerEmployeeId),
      coReviewComments: review.coReviewComments,
    }));
  }

  private names(companyId: string, ids: (string | null)[]): Promise<Map<string, string>> {
    return employeeNames(this.db, companyId, ids);
  }
}
