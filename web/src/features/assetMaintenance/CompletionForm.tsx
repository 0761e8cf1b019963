import {
  maintenanceMessages as say,
  ZMaintenanceComplete,
  type TMaintenanceComplete,
  type TMaintenanceDetails,
} from '@compass/shared';
import { CheckCircle2, ExternalLink, Paperclip } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { FilePickerButton } from '../../components/AddFilesButton';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { DateField } from '../../components/DateField';
import { InputField, TextAreaField } from '../../components/FormField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { browserToday } from '../../lib/timeZone';
import { newSubmissionPath } from '../submissions';
import { useCompleteMaintenance } from './api';

/** Where a template's new submission starts (the form-submission area's route /form-submission/new/:templateId). */

/** A cost as typed ("1250", "1 250.50"): a number, null when left empty, NaN when it is not one. */
function costOf(text: string): number | null {
  const plain = text.replace(/[\s,]/g, '');
  return plain === '' ? null : Number(plain);
}

/**
 * "Complete maintenance" of an open record: the day it was done (today unless changed), notes,
 * cost, a submission that chose the asset (employees: `chooseSubmission`) and files. The files go
 * up before the completion (api.ts), so nothing typed or chosen is lost when either fails. A plan's
 * checklist form is offered to fill in, in a new tab, to link it here afterwards.
 */
export function CompletionForm({
  record,
  chooseSubmission,
}: {
  record: TMaintenanceDetails;
  chooseSubmission: boolean;
}) {
  const [completedOn, setCompletedOn] = useState(browserToday());
  const [notes, setNotes] = useState('');
  const [cost, setCost] = useState('');
  const [submissionId, setSubmissionId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const complete = useCompleteMaintenance(() => setFiles([]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const completion: TMaintenanceComplete = {
      _id: record._id,
      completedOn,
      notes,
      cost: costOf(cost),
      formSubmissionId: submissionId || null,
    };
    const found = schemaProblems(ZMaintenanceComplete, completion);
    if (!found.completedOn && completedOn > browserToday()) found.completedOn = say.completedInFuture;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    complete.mutate(
      { completion, files, onUploaded: () => setFiles([]) },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };

  return (
    <Card title="Complete maintenance">
      <form className="stack" onSubmit={submit} noValidate>
        {record.formTemplate && chooseSubmission && (
          <p>
            <a href={newSubmissionPath(record.formTemplate._id)} target="_blank" rel="noopener noreferrer">
              Fill in {record.formTemplate.name}
              <ExternalLink size={14} aria-hidden="true" />
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <DateField
          label="Date done"
          value={completedOn}
          error={errors.completedOn}
          onValueChange={setCompletedOn}
        />
        <TextAreaField
          label="Notes"
          rows={4}
          maxLength={4000}
          value={notes}
          error={errors.notes}
          onValueChange={setNotes}
        />
        <InputField
          label="Cost"
          inputMode="decimal"
          value={cost}
          error={errors.cost}
          onValueChange={setCost}
        />
        {chooseSubmission && (
          <SelectField
            label="Form submission (optional)"
            value={submissionId}
            none={record.submissionOptions.length > 0 ? 'None' : 'No submission names this asset yet'}
            options={optionsOf(record.submissionOptions)}
            error={errors.formSubmissionId}
            onChange={setSubmissionId}
          />
        )}
        <div className="field">
          <span className="field-label" id={`files-${record._id}`}>
            Files
          </span>
          <ActionAttachmentList
            labelledBy={`files-${record._id}`}
            stored={record.attachments}
            pending={files}
            pendingNote=" (sent with Complete)"
            onDownload={downloadAttachment}
            onRemove={(index) => setFiles((current) => current.filter((_, at) => at !== index))}
            removeDisabled={complete.isPending}
          />
          <FilePickerButton
            label="Add files"
            icon={<Paperclip size={16} aria-hidden="true" />}
            size="sm"
            onChosen={(chosen) => setFiles((current) => [...current, ...chosen])}
          />
        </div>
        <div className="row">
          <Button
            type="submit"
            variant="primary"
            icon={<CheckCircle2 size={16} aria-hidden="true" />}
            loading={complete.isPending}
          >
            Complete
          </Button>
        </div>
      </form>
    </Card>
  );
}
