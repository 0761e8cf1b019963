import {
  addDays,
  timesheetExportCall,
  timesheetMessages as say,
  TIMESHEET_EXPORT_MAX_DAYS,
  ZDay,
  type TTimesheetExportQuery,
} from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { API_BASE, callUrl, downloadFile } from '../../api/client';
import { describeError } from '../../api/errors';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { DateField } from '../../components/DateField';

type ExportFormat = NonNullable<TTimesheetExportQuery['format']>;

/** Why a period cannot be exported, before asking: the contract's own rules. */
function periodProblem(from: string, to: string): string | null {
  const first = ZDay.safeParse(from).error ?? ZDay.safeParse(to).error;
  if (first) return first.issues[0]!.message;
  if (to < from) return say.periodReversed;
  if (addDays(from, TIMESHEET_EXPORT_MAX_DAYS - 1) < to) return say.periodTooLong;
  return null;
}

/**
 * Payroll's "Export approved hours": the approved weeks that start in the period, as CSV or XLSX,
 * downloaded with the session like every export. The period starts as the week on screen.
 */
export function ExportDialog({
  exportFormat,
  weekStart,
  onClose,
}: {
  exportFormat: ExportFormat;
  weekStart: string;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(weekStart);
  const [to, setTo] = useState(() => addDays(weekStart, 6));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = periodProblem(from, to);
    setProblem(found);
    if (found) return;
    setPending(true);
    const query = { from, to, format: exportFormat };
    downloadFile(
      `${API_BASE}${callUrl(timesheetExportCall, { query })}`,
      `timesheets-${from}-${to}.${exportFormat}`,
    )
      .then(onClose)
      .catch((error: unknown) => setProblem(describeError(error).message))
      .finally(() => setPending(false));
  };
  return (
    <Dialog
      title="Export approved hours"
      description={`The approved weeks that start between these days, as ${exportFormat.toUpperCase()}.`}
      onClose={onClose}
      dismissable={!pending}
    >
      <form className="stack" onSubmit={submit} noValidate>
        <DateField label="From" required value={from} onValueChange={setFrom} />
        <DateField label="To" required value={to} onValueChange={setTo} />
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <DialogFormActions submitLabel="Export" pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
