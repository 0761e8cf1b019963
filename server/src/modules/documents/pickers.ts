import {
  documentAcknowledgeCall,
  documentApprovalDecideCall,
  documentMessages as say,
  documentReviewCalls,
  type DocumentPickedAs,
} from '@compass/shared';
import type { Prisma } from '../../db/prisma';
import { servedBy } from '../employees';

type Acting = Exclude<DocumentPickedAs, 'anyone'>;

/** The call a picked person acts through, and what a save naming someone it does not serve says. */
const ACTING: Record<Acting, { call: Parameters<typeof servedBy>[0]; refusal: string }> = {
  reviewer: { call: documentReviewCalls.complete, refusal: say.reviewerWithoutAccess },
  approver: { call: documentApprovalDecideCall, refusal: say.approverWithoutAccess },
  reader: { call: documentAcknowledgeCall, refusal: say.readerWithoutAccess },
};

/** The employees a picker offers for `role`: those its call serves (every active one for `anyone`). */
export const pickable = (role: DocumentPickedAs): Prisma.EmployeeWhereInput =>
  role === 'anyone' ? {} : servedBy(ACTING[role].call);

/** Why a save naming someone who cannot act as `role` is refused. */
export const cannotActAs = (role: Acting): string => ACTING[role].refusal;
