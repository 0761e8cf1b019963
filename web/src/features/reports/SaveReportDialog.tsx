import {
  REPORT_SCHEDULE_LABELS,
  REPORT_SCHEDULES,
  savedReportPath,
  ZSavedReportSave,
  type ReportId,
  type ReportSchedule,
  type TReportFilters,
  type TSavedReport,
} from '@compass/shared';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, notifyFirstProblem, schemaProblems } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { useReportRoles, useSaveReport } from './savedApi';

const SCHEDULE_OPTIONS = REPORT_SCHEDULES.map((schedule) => ({
  value: schedule,
  label: REPORT_SCHEDULE_LABELS[schedule],
}));

interface SaveProps {
  report: ReportId;
  by: string;
  filters: TReportFilters;
  /** The saved report being changed (its owner's); left out: a new one. */
  saved?: TSavedReport;
}

/**
 * "Save report": the report's grouping and filters under a name, shared with a role and e-mailed
 * on a schedule. A new one opens at its own address; a saved one (`saved`) is changed in place.
 */
function SaveReportDialog({ report, by, filters, saved, onClose }: SaveProps & { onClose: () => void }) {
  const navigate = useNavigate();
  const roles = useReportRoles();
  const [name, setName] = useState(saved?.name ?? '');
  const [sharedRoleId, setSharedRoleId] = useState(saved?.sharedRoleId ?? '');
  const [schedule, setSchedule] = useState<ReportSchedule>(saved?.schedule ?? 'none');
  // The problems by field: the contract's own rules before sending, the server's (a name taken, a role gone) after.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveReport((result) => {
    onClose();
    if (!saved) void navigate(savedReportPath(result._id));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(saved && { _id: saved._id }),
      name,
      report,
      by,
      filters,
      sharedRoleId: sharedRoleId || null,
      schedule,
    };
    const problems = schemaProblems(ZSavedReportSave, body);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      // A problem of the report's filters has no field here: it is told as a notice.
      if (!problems.name && !problems.sharedRoleId) notifyFirstProblem(problems);
      return;
    }
    save.mutate({ body }, { onError: (failure) => setErrors(fieldErrorsOf(failure)) });
  };

  return (
    <Dialog title="Save report" onClose={onClose} dismissable={!save.isPending}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField label="Name" value={name} onValueChange={setName} maxLength={120} error={errors.name} />
        <SelectField
          label="Share with role"
          value={sharedRoleId}
          none="Nobody"
          options={optionsOf(roles.data)}
          error={errors.sharedRoleId}
          onChange={setSharedRoleId}
        />
        <SelectField
          label="E-mail it to me"
          value={schedule}
          options={SCHEDULE_OPTIONS}
          onChange={(value) => setSchedule(value as ReportSchedule)}
        />
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** The "Save report" button of a report (a new saved report) or of a saved one, for its owner. */
export function SaveReportButton(props: SaveProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<Save size={16} aria-hidden="true" />} onClick={() => setOpen(true)}>
        Save report
      </Button>
      {open && <SaveReportDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}
