import { timesheetEntryCorrectCall, timesheetMessages as say, type TTimesheetEntry } from '@compass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { describeError } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { TIMESHEET_WRITES } from './api';
import { instantOfWallTime, wallTimeOf } from './week';

/** The contract requires the clock-in time without a message of its own (the form always fills it). */
const SIGN_IN_REQUIRED = 'Please enter the clock-in time.';

/**
 * "Correct entry": new clock-in and clock-out times, typed on the organisation's wall clock (the
 * days of the timesheet are its), and the reason the change log keeps. The server's refusals (an
 * overlap, a time in the future, an approved week) are shown here, by the fields.
 */
export function CorrectDialog({
  entry,
  timeZone,
  onClose,
}: {
  entry: TTimesheetEntry;
  timeZone: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [initialSignIn] = useState(() => wallTimeOf(entry.SigninTime, timeZone));
  const [initialSignOut] = useState(() => (entry.SignoutTime ? wallTimeOf(entry.SignoutTime, timeZone) : ''));
  const [signIn, setSignIn] = useState(initialSignIn);
  const [signOut, setSignOut] = useState(initialSignOut);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const correct = useMutation({
    mutationFn: (body: { SigninTime: string; SignoutTime: string }) =>
      sendCall(timesheetEntryCorrectCall, { body: { _id: entry._id, ...body, reason: reason.trim() } }),
    onSuccess: async (result) => {
      toast.success(result.message);
      await Promise.all(TIMESHEET_WRITES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onClose();
    },
    onError: (error) => setProblem(describeError(error).message),
    // The dialog shows the failure itself.
    meta: { silent: true },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A field left as it was sends the original instant: the box shows minutes only, and re-reading it
    // would drop the seconds of a time the user never meant to change.
    const SigninTime = signIn === initialSignIn ? entry.SigninTime : instantOfWallTime(signIn, timeZone);
    const SignoutTime =
      entry.SignoutTime && signOut === initialSignOut
        ? entry.SignoutTime
        : instantOfWallTime(signOut, timeZone);
    const first =
      (!SigninTime && SIGN_IN_REQUIRED) ||
      (!SignoutTime && say.signOutRequired) ||
      (SigninTime && SignoutTime && SignoutTime <= SigninTime && say.signOutBeforeSignIn) ||
      (!reason.trim() && say.reasonRequired) ||
      null;
    setProblem(first);
    if (!first && SigninTime && SignoutTime) correct.mutate({ SigninTime, SignoutTime });
  };
  return (
    <Dialog
      title="Correct entry"
      description={`Times are in the organisation's time zone (${timeZone}).`}
      onClose={onClose}
      dismissable={!correct.isPending}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Clock-in time"
          type="datetime-local"
          required
          value={signIn}
          onValueChange={setSignIn}
        />
        <InputField
          label="Clock-out time"
          type="datetime-local"
          required
          value={signOut}
          onValueChange={setSignOut}
        />
        <TextAreaField
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          onValueChange={setReason}
        />
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <DialogFormActions submitLabel="Save correction" pending={correct.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
