import { visitSignOutCall } from '@compass/shared';
import { format, isToday, parseISO } from 'date-fns';
import { useCall } from '../../api/useCall';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { displayInstant } from '../../lib/display';
import { VISITOR_WRITES } from './api';

/** The time of an instant alone, HH:mm ("Updated"). */
export const displayTime = (instant: string) => format(parseISO(instant), 'HH:mm');

/**
 * A roll call's sign-in: HH:mm today, with its day otherwise (an employee whose clock-out was
 * missed days ago must not read as arrived this morning).
 */
export const displaySignIn = (instant: string) =>
  isToday(parseISO(instant)) ? displayTime(instant) : displayInstant(instant);

/** A visit's hours to 2 decimals once signed out; '—' while on site. */
export const displayHours = (hours: number | null) => (hours === null ? '—' : hours.toFixed(2));

/**
 * Asks before signing a visitor or contractor out from the register (one who left without signing
 * out at the kiosk): the register, the visit and who is on site are read again.
 */
export function SignOutDialog({
  visit,
  onClose,
}: {
  visit: { _id: string; fullName: string };
  onClose: () => void;
}) {
  const signOut = useCall(visitSignOutCall, { invalidate: VISITOR_WRITES, onSuccess: onClose });
  return (
    <ConfirmDialog
      title="Sign out visitor"
      confirmLabel="Sign out"
      pending={signOut.isPending}
      onConfirm={() => signOut.mutate({ body: { _id: visit._id } })}
      onClose={onClose}
    >
      <p>{visit.fullName} will be recorded as signed out now.</p>
    </ConfirmDialog>
  );
}
