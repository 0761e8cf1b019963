import {
  hazardousReviewCalls,
  rateRisk,
  riskReviewCalls,
  type AccessKey,
  type CallAccess,
  type FrequencyUnit,
  type ReviewItemType,
  type TRatingShown,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { badRequest } from '../../errors';
import type { AttachmentOwner } from '../../generated/prisma/client';

export type Tx = Prisma.TransactionClient;

/** The two registers whose items are kept by the kit whole (risks, hazardous substances). */
export type RegisterKind = 'risk' | 'hazardous';

interface RegisterTraits {
  accessKey: AccessKey;
  reviewType: ReviewItemType;
  /** The call that opens an item's review: whom it serves may be picked as reviewer. */
  reviewCall: { access: CallAccess };
  /** The attachments of the item itself. */
  owner: AttachmentOwner;
  /** The item's change-log entity (changeLogList reads it). */
  entity: 'risk' | 'hazardousSubstance';
  /** The Action column that links an action to the item. */
  actionLink: 'riskId' | 'hazardousSubstanceId';
  /** The item as a sentence names it ("an action on the risk …"). */
  noun: string;
}

export const REGISTERS: Record<RegisterKind, RegisterTraits> = {
  risk: {
    accessKey: 'risk',
    reviewType: 'riskRegister',
    reviewCall: riskReviewCalls.details,
    owner: 'risk',
    entity: 'risk',
    actionLink: 'riskId',
    noun: 'risk',
  },
  hazardous: {
    accessKey: 'hazardous',
    reviewType: 'hazardousRegister',
    reviewCall: hazardousReviewCalls.details,
    owner: 'hazardousSubstance',
    entity: 'hazardousSubstance',
    actionLink: 'hazardousSubstanceId',
    noun: 'hazardous substance',
  },
};

/** A stored rating as the screens show it; null for an item that was never rated. */
export function ratingShown(likelihood: number | null, consequence: number | null): TRatingShown | null {
  if (likelihood === null || consequence === null) return null;
  return { likelihood, consequence, ...rateRisk({ likelihood, consequence }) };
}

/** A rating as the change log shows it: '3 × 4 = 12 (high)'. */
export function ratingText(rating: TRatingShown | null): string | null {
  return rating && `${rating.likelihood} × ${rating.consequence} = ${rating.score} (${rating.level})`;
}

/** The columns an item keeps for its owner, workplace and review schedule. */
export interface Stewardship {
  ownerEmployeeId: string | null;
  workplaceId: string | null;
  reviewFrequency: FrequencyUnit | null;
  reviewerEmployeeId: string | null;
  coReviewerEmployeeId: string | null;
  nextReviewDate: Date | null;
}

/** A save's field problem: the answer names the field. */
export const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);
