import { z } from 'zod';
import { FREQUENCY_KEYS } from '../rules/frequency';
import type { AccessKey } from '../rules/access';
import { TASK_DUE_TYPES } from '../rules/taskDueType';
import { defineCall } from './call';

/**
 * The scheduled review of a register item (a document, a risk, a hazardous substance, an
 * obligation): the specification shows only the dashboard's side (000 §2.2 and §4), so what the
 * reviewer records and what follows is this product's design (docs/registers.md, "Reviews").
 */
export const reviewMessages = {
  notYours: 'This review is not open for you: it was completed, or it is assigned to someone else.',
  outcomeRequired: 'Choose the outcome of the review.',
  commentsRequired: 'Please say what was changed.',
  waitingForCoReviewer: 'The co-reviewer has not reviewed this yet: the review can be completed after them.',
  reviewed: 'Review completed.',
  coReviewed: 'Co-review recorded: the reviewer can now complete the review.',
} as const;

export const REVIEW_ITEM_TYPES = ['document', 'riskRegister', 'hazardousRegister', 'obligation'] as const;
export type ReviewItemType = (typeof REVIEW_ITEM_TYPES)[number];

/** Who is reviewing: the reviewer, or the co-reviewer who reviews first (the `{x}` of the links). */
export const REVIEW_ACTION_TYPES = ['review', 'coReview'] as const;
export type ReviewActionType = (typeof REVIEW_ACTION_TYPES)[number];

export const REVIEW_OUTCOMES = ['noChange', 'updated', 'retired'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
export const REVIEW_OUTCOME_LABELS: Record<ReviewOutcome, string> = {
  noChange: 'Still current: no change needed',
  updated: 'Updated: changes were made',
  retired: 'Retired: no longer needed (no next review)',
};

export const ZReviewOpen = z.object({
  itemId: z.uuid(),
  actionType: z.enum(REVIEW_ACTION_TYPES),
});
export type TReviewOpen = z.input<typeof ZReviewOpen>;

/**
 * Completing one's part: the co-reviewer's comments, or the reviewer's outcome with comments
 * (required when something was changed, so the history says what). It names the review that was
 * opened (`_id` of its details), so a second tab or a repeated call cannot complete the next one
 * that the first completion scheduled.
 */
export const ZReviewComplete = ZReviewOpen.extend({
  reviewId: z.uuid(),
  outcome: z.enum(REVIEW_OUTCOMES).optional(),
  comments: z.string().trim().max(4000).default(''),
}).superRefine((input, ctx) => {
  if (input.actionType !== 'review') return;
  if (!input.outcome)
    ctx.addIssue({ code: 'custom', path: ['outcome'], message: reviewMessages.outcomeRequired });
  else if (input.outcome === 'updated' && !input.comments)
    ctx.addIssue({ code: 'custom', path: ['comments'], message: reviewMessages.commentsRequired });
});
export type TReviewComplete = z.input<typeof ZReviewComplete>;
export type TReviewCompleteParsed = z.output<typeof ZReviewComplete>;

const ZPerson = z.object({ _id: z.uuid(), name: z.string() });

/** A completed review of the item, newest first in the history. */
export const ZReviewHistoryEntry = z.object({
  _id: z.uuid(),
  dueDate: z.string(),
  completedAt: z.string(),
  completedBy: z.string().nullable(),
  outcome: z.enum(REVIEW_OUTCOMES),
  comments: z.string().nullable(),
  coReviewer: z.string().nullable(),
  coReviewComments: z.string().nullable(),
});
export type TReviewHistoryEntry = z.output<typeof ZReviewHistoryEntry>;

export const ZReviewDetails = z.object({
  _id: z.uuid(),
  name: z.string(),
  itemId: z.uuid(),
  actionType: z.enum(REVIEW_ACTION_TYPES),
  reviewer: ZPerson,
  coReviewer: ZPerson.nullable(),
  isCoReviewed: z.boolean(),
  coReviewComments: z.string().nullable(),
  frequency: z.enum(FREQUENCY_KEYS).nullable(),
  dueDate: z.string(),
  taskDueDateType: z.enum(TASK_DUE_TYPES),
  /** The reviewer waits for the co-reviewer (the 'Pending For Review by co-Reviewer' badge). */
  waitingForCoReviewer: z.boolean(),
  history: z.array(ZReviewHistoryEntry),
});
export type TReviewDetails = z.output<typeof ZReviewDetails>;

export const ZReviewCompleted = z.object({
  /** The day the next review is due, or null when the item was retired or has no frequency. */
  nextDueDate: z.string().nullable(),
});
export type TReviewCompleted = z.output<typeof ZReviewCompleted>;

/**
 * The two review calls of a register, `/{prefix}ReviewDetails` and `/{prefix}ReviewComplete`,
 * under the register's access key. A register whose review records more (a risk re-rated) passes
 * its own completion body, an extension of ZReviewComplete.
 */
export function reviewCalls<const Prefix extends string, Body extends z.ZodType = typeof ZReviewComplete>(
  prefix: Prefix,
  { tag, accessKey, completeBody }: { tag: string; accessKey: AccessKey; completeBody?: Body },
) {
  const access = { callers: ['employee'], accessKeys: [accessKey] } as const;
  return {
    details: defineCall({
      method: 'POST',
      path: `/${prefix}ReviewDetails`,
      tags: [tag],
      summary: 'The caller’s open review of an item (as reviewer or co-reviewer) with its past reviews',
      access,
      body: ZReviewOpen,
      response: ZReviewDetails,
    }),
    complete: defineCall({
      method: 'POST',
      path: `/${prefix}ReviewComplete`,
      tags: [tag],
      summary: 'Complete the caller’s part of a review; the next review is scheduled from the frequency',
      access,
      body: (completeBody ?? ZReviewComplete) as Body,
      response: ZReviewCompleted,
    }),
  };
}
