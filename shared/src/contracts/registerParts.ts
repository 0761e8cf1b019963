import { z } from 'zod';
import { RISK_COLOURS } from '../constants';
import { FREQUENCY_KEYS } from '../rules/frequency';
import { RISK_LEVELS, ratingMessages } from '../rules/riskRating';
import type { AccessKey } from '../rules/access';
import { ZAttachment } from './attachments';
import { defineCall } from './call';
import { ZReviewHistoryEntry } from './reviews';
import { ZDay, ZPage } from './envelope';

/**
 * What the risk register and the hazardous substances register have in common: the rating on the
 * shared matrix, who owns and reviews an item and how often, the actions raised from it, and the
 * calls that serve those parts (`registerCalls`, made once per register under its access key).
 * Neither register is drawn by the specification; docs/registers.md describes the design.
 */
export const registerMessages = {
  frequencyUnknown: 'Choose a review frequency from the list.',
  nextReviewRequired: 'Please enter the next review date.',
  nextReviewPast: 'The next review date cannot be before today.',
  ownerRequired: 'Choose the owner.',
  reviewerRequired: 'Choose the reviewer.',
  coReviewerSame: 'The co-reviewer must be someone other than the reviewer.',
  personMissing: 'A chosen person is not an active employee of the organisation.',
  reviewerWithoutAccess:
    'The reviewer must be an employee who signs in and whose role opens this register, or they could not open the review.',
  workplaceMissing: 'The chosen workplace does not exist.',
  instructionRequired: 'Please enter what has to be done.',
  assigneeRequired: 'Choose who does the action.',
  dueRequired: 'Please enter the due date.',
  dueBeforeToday: 'The due date cannot be before today.',
  actionAdded: 'Action raised: it is on the assignee’s dashboard.',
  filesAdded: 'Files added.',
  filesRequired: 'Choose at least one file.',
} as const;

/** One side of the matrix (likelihood or consequence): a whole number from 1 to 5. */
export const ZRatingStep = z
  .number({ message: ratingMessages.outsideMatrix })
  .int(ratingMessages.outsideMatrix)
  .min(1, ratingMessages.outsideMatrix)
  .max(5, ratingMessages.outsideMatrix);

export const ZRating = z.object({ likelihood: ZRatingStep, consequence: ZRatingStep });
export type TRating = z.output<typeof ZRating>;

/** A rating as the screens show it: its two sides and what the matrix makes of them. */
export const ZRatingShown = ZRating.extend({
  score: z.number().int(),
  level: z.enum(RISK_LEVELS),
  colour: z.enum(RISK_COLOURS),
});
export type TRatingShown = z.output<typeof ZRatingShown>;

export const ZPersonRef = z.object({ _id: z.uuid(), name: z.string() });
export type TPersonRef = z.output<typeof ZPersonRef>;

/** Owner, workplace and the review schedule of an item, as a save sends them. */
export const ZRegisterStewardship = z.object({
  ownerId: z.uuid(registerMessages.ownerRequired),
  workplaceId: z.uuid().nullable().default(null),
  reviewFrequency: z.enum(FREQUENCY_KEYS, { message: registerMessages.frequencyUnknown }),
  reviewerId: z.uuid(registerMessages.reviewerRequired),
  coReviewerId: z.uuid().nullable().default(null),
  nextReviewDate: ZDay,
});

/** The reviewer and co-reviewer are two people; used by each register's save schema. */
export function checkReviewers(
  input: { reviewerId: string; coReviewerId: string | null },
  ctx: z.RefinementCtx,
): void {
  if (input.coReviewerId && input.coReviewerId === input.reviewerId)
    ctx.addIssue({ code: 'custom', path: ['coReviewerId'], message: registerMessages.coReviewerSame });
}

/** The paging, search and filters both register lists take. */
export const ZRegisterListBase = z.object({
  page: ZPage.default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  workplaceId: z.uuid().optional(),
  colour: z.enum(RISK_COLOURS).optional(),
  ownerId: z.uuid().optional(),
  /** 'yes': only items whose next review is today or past. */
  due: z.enum(['yes']).optional(),
});

/** An action raised from a register item (the Action table of the forms' actions). */
export const ZRegisterAction = z.object({
  _id: z.uuid(),
  taskNumber: z.number().int(),
  instruction: z.string(),
  assignee: ZPersonRef.nullable(),
  dueDate: z.string(),
  isComplete: z.boolean(),
  completedOn: z.string().nullable(),
  response: z.string().nullable(),
});
export type TRegisterAction = z.output<typeof ZRegisterAction>;

export const ZRegisterActionAdd = z.object({
  itemId: z.uuid(),
  instruction: z.string().trim().min(1, registerMessages.instructionRequired).max(2000),
  assigneeId: z.uuid(registerMessages.assigneeRequired),
  dueDate: ZDay,
});
export type TRegisterActionAdd = z.input<typeof ZRegisterActionAdd>;

export const ZRegisterPeopleSearch = z.object({
  search: z.string().trim().max(100).default(''),
  page: ZPage.default(1),
  /** `reviewer`: only those who can open the item's review (they sign in, their role opens the register). */
  role: z.enum(['anyone', 'reviewer']).default('anyone'),
});
export type TRegisterPeopleSearch = z.input<typeof ZRegisterPeopleSearch>;
export const REGISTER_PEOPLE_PAGE = 20;

export const ZRegisterFilesAdd = z.object({ _id: z.uuid() });

/** The parts of an item's page both registers show. */
export const ZRegisterItemParts = z.object({
  isActive: z.boolean(),
  owner: ZPersonRef.nullable(),
  workplace: z.object({ _id: z.uuid(), name: z.string() }).nullable(),
  reviewFrequency: z.enum(FREQUENCY_KEYS).nullable(),
  reviewer: ZPersonRef.nullable(),
  coReviewer: ZPersonRef.nullable(),
  nextReviewDate: z.string().nullable(),
  /** The open review: who has it and whether it waits for the co-reviewer (the dashboard's badge). */
  openReview: z
    .object({
      dueDate: z.string(),
      badge: z.enum(['Pending For Review', 'Pending For Review by co-Reviewer']),
      reviewerId: z.uuid(),
      coReviewerId: z.uuid().nullable(),
      isCoReviewed: z.boolean(),
    })
    .nullable(),
  /** The completed reviews, newest first. */
  reviews: z.array(ZReviewHistoryEntry),
  actions: z.array(ZRegisterAction),
  attachments: z.array(ZAttachment),
  updatedAt: z.string(),
});

/** The calls every register has for its parts, under its access key: `/{prefix}People` etc. */
export function registerCalls<const Prefix extends string>(
  prefix: Prefix,
  { tag, accessKey, itemName }: { tag: string; accessKey: AccessKey; itemName: string },
) {
  const access = { callers: ['employee'], accessKeys: [accessKey] } as const;
  return {
    people: defineCall({
      method: 'POST',
      path: `/${prefix}People`,
      tags: [tag],
      summary: `Active employees who may own, review or act on a ${itemName}, by name, a page at a time`,
      access,
      body: ZRegisterPeopleSearch,
      response: z.object({ options: z.array(ZPersonRef), hasMore: z.boolean() }),
    }),
    workplaces: defineCall({
      method: 'POST',
      path: `/${prefix}Workplaces`,
      tags: [tag],
      summary: `The organisation's active workplaces, for a ${itemName}'s workplace and the list's filter`,
      access,
      response: z.object({ workplaces: z.array(z.object({ _id: z.uuid(), name: z.string() })) }),
    }),
    actionAdd: defineCall({
      method: 'POST',
      path: `/${prefix}ActionAdd`,
      tags: [tag],
      summary: `Raise an action from a ${itemName}: it appears on the assignee's dashboard (Assigned Actions)`,
      access,
      body: ZRegisterActionAdd,
      response: z.object({ _id: z.uuid() }),
    }),
    filesAdd: defineCall({
      method: 'POST',
      path: `/${prefix}FilesAdd`,
      tags: [tag],
      summary: `Attach files to a ${itemName} (multipart: _id and files); removed with deleteAttachment`,
      access,
      multipart: ZRegisterFilesAdd,
      response: z.null(),
    }),
  };
}
