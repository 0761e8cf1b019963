import { Lock, SearchX } from 'lucide-react';
import { ApiError } from '../../api/errors';
import { HomeLink, StatePanel } from '../../components/StatePanel';

type Refusal = { missing: boolean; message: string };

/** Why a review (or an employee's reviews) cannot be shown: not found, or not the caller's to see. */
export function unavailableReason(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || ![403, 404].includes(error.status)) return null;
  return { missing: error.status === 404, message: error.message };
}

/** The page of a review the caller may not open, or one that is not there, with the way home. */
export function ReviewUnavailable({ reason, what }: { reason: Refusal; what: string }) {
  return (
    <StatePanel
      icon={reason.missing ? SearchX : Lock}
      tone="warning"
      title={reason.missing ? `${what} cannot be found` : `${what} cannot be opened`}
      message={
        reason.missing
          ? 'It may have been removed, or belong to another organisation.'
          : `${reason.message} A review is seen by its employee, their reviewer and HR.`
      }
      actions={<HomeLink />}
    />
  );
}
