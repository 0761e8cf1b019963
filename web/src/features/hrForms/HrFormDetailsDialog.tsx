import { hrFormCancelCall, hrFormPagePath, type THrFormDetails } from '@compass/shared';
import { Ban, ClipboardCheck, FileText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { EventHistory } from '../../components/ChangeLogPanel';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Dialog, DialogQueryState } from '../../components/Dialog';
import { recordPath } from '../submissions';
import { hrFormKeys, useHrFormDetails } from './api';
import { HR_FORM_EVENT_LABELS, HrFormFacts } from './parts';

/**
 * One assigned HR form from the register: who, by when and where it stands, its history, and
 * what the caller may do (review it, open its form, withdraw it while still to be filled in).
 * Withdrawing asks first, in place of this dialog.
 */
export function HrFormDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const details = useHrFormDetails(id);
  const [withdrawing, setWithdrawing] = useState(false);
  const cancel = useCall(hrFormCancelCall, {
    invalidate: [hrFormKeys.all, dashboardKeys.all],
    onSuccess: () => setWithdrawing(false),
  });
  const form = details.data;
  if (form && withdrawing)
    return (
      <ConfirmDialog
        title={`Withdraw ${form.formName}?`}
        confirmLabel="Withdraw"
        danger
        pending={cancel.isPending}
        onClose={() => setWithdrawing(false)}
        onConfirm={() => cancel.mutate({ body: { _id: id } })}
      >
        <p>
          {form.employeeName} no longer has it to fill in
          {form.repeat ? ', and it is not assigned again' : ''}. The register keeps it as cancelled.
        </p>
      </ConfirmDialog>
    );
  return (
    <Dialog
      title={form?.formName ?? 'HR form'}
      description={form && `For ${form.employeeName}`}
      onClose={onClose}
      wide
    >
      {!form ? (
        <DialogQueryState query={details} failure="This HR form could not be loaded." />
      ) : (
        <div className="stack">
          <HrFormFacts form={form} />
          <FormActions form={form} onWithdraw={() => setWithdrawing(true)} />
          <h3 className="card-title">Status history</h3>
          <EventHistory events={form.history} labels={HR_FORM_EVENT_LABELS} label="Status history" />
        </div>
      )}
    </Dialog>
  );
}

/** Review, open the form (for those who may read its answers), withdraw. */
function FormActions({ form, onWithdraw }: { form: THrFormDetails; onWithdraw: () => void }) {
  const permissions = usePermissions();
  // The answers are the employee's, the reviewer's, and else only hrEmployeePrivateInfo's to read.
  const readsAnswers = form.side !== 'hr' || permissions.data?.access.hrEmployeePrivateInfo === 'yes';
  const target = { _id: form._id, employeeId: form.employeeId, formTemplateId: form.formTemplateId };
  if (!form.canReview && !form.canCancel && !(form.submissionId && readsAnswers)) return null;
  return (
    <div className="row wrap">
      {form.canReview && (
        <Link className="btn btn-primary" to={hrFormPagePath('review', target)}>
          <ClipboardCheck size={16} aria-hidden="true" /> Review
        </Link>
      )}
      {form.submissionId && readsAnswers && (
        <Link className="btn btn-secondary" to={recordPath(form.submissionId)}>
          <FileText size={16} aria-hidden="true" /> Open the form
        </Link>
      )}
      {form.canCancel && (
        <Button variant="danger" icon={<Ban size={16} aria-hidden="true" />} onClick={onWithdraw}>
          Withdraw
        </Button>
      )}
    </div>
  );
}
