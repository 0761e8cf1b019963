import {
  competencyDefaultExpiry,
  competencyMessages,
  competencyRecordFileDeleteCall,
  ZCompetencyRecordSave,
  type TAttachment,
  type TCompetencyRecord,
  type TCompetencyRecordSave,
  type TCompetencyRef,
} from '@compass/shared';
import { Paperclip } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList, downloadAttachment } from '../../components/ActionParts';
import { FilePickerButton } from '../../components/AddFilesButton';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { DateField } from '../../components/DateField';
import { InputField, TextAreaField } from '../../components/FormField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { browserToday } from '../../lib/timeZone';
import { competencyKeys, useSaveRecord } from './api';

/** What the dialog does: a first record (any competency), a renewal of one, or a change to a record. */
export type RecordDialogMode =
  | { kind: 'new'; competencies: TCompetencyRef[] }
  | { kind: 'renew'; competency: TCompetencyRef; latest: TCompetencyRecord | null }
  | { kind: 'edit'; record: TCompetencyRecord };

const day = (value: string | null | undefined) => value?.slice(0, 10) ?? '';

/** The form's first values: a renewal starts today with the latest record's issuer and reference. */
function startOf(mode: RecordDialogMode) {
  const today = browserToday();
  if (mode.kind === 'edit') {
    const { record } = mode;
    return {
      competencyId: record.competency._id,
      achievedOn: day(record.achievedOn),
      expiresOn: day(record.expiresOn),
      reference: record.reference ?? '',
      issuer: record.issuer ?? '',
      notes: record.notes ?? '',
    };
  }
  const competency = mode.kind === 'renew' ? mode.competency : undefined;
  const latest = mode.kind === 'renew' ? mode.latest : null;
  return {
    competencyId: competency?._id ?? '',
    achievedOn: today,
    expiresOn: competency?.validForMonths ? competencyDefaultExpiry(today, competency.validForMonths) : '',
    reference: latest?.reference ?? '',
    issuer: latest?.issuer ?? '',
    notes: '',
  };
}

const TITLES = { new: 'Add competency record', edit: 'Edit record' } as const;

/**
 * A competency record of an employee: the competency, when it was achieved and expires (filled in
 * from how long it lasts until changed by hand), its reference and issuer, and the evidence files
 * (uploaded once the record is saved).
 */
export function RecordDialog({
  employeeId,
  mode,
  onClose,
}: {
  employeeId: string;
  mode: RecordDialogMode;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => startOf(mode));
  // The expiry follows the day achieved until it is typed in (or the record already had one).
  const [expiryTouched, setExpiryTouched] = useState(mode.kind === 'edit');
  const [stored, setStored] = useState<TAttachment[]>(mode.kind === 'edit' ? mode.record.attachments : []);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const savedId = useRef(mode.kind === 'edit' ? mode.record._id : undefined);
  const save = useSaveRecord(onClose);
  const removeFile = useCall(competencyRecordFileDeleteCall, { invalidate: [competencyKeys.all] });

  const competency =
    mode.kind === 'edit'
      ? mode.record.competency
      : mode.kind === 'renew'
        ? mode.competency
        : mode.competencies.find((one) => one._id === values.competencyId);
  const expiryFor = (achievedOn: string, chosen = competency) =>
    chosen?.expires && chosen.validForMonths && achievedOn
      ? competencyDefaultExpiry(achievedOn, chosen.validForMonths)
      : '';
  const change = (next: Partial<typeof values>) => setValues((current) => ({ ...current, ...next }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const record: TCompetencyRecordSave = {
      ...(savedId.current && { _id: savedId.current }),
      employeeId,
      competencyId: values.competencyId,
      achievedOn: values.achievedOn,
      expiresOn: competency?.expires && values.expiresOn ? values.expiresOn : null,
      reference: values.reference,
      issuer: values.issuer,
      notes: values.notes,
    };
    const problems = schemaProblems(ZCompetencyRecordSave, record);
    if (!values.competencyId) problems.competencyId = competencyMessages.competencyRequired;
    if (!values.achievedOn) problems.achievedOn = competencyMessages.achievedRequired;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { record, files, onRecord: (id) => (savedId.current = id) },
      { onError: (failure) => setErrors(fieldErrorsOf(failure)) },
    );
  };

  const title =
    mode.kind !== 'renew'
      ? TITLES[mode.kind]
      : mode.latest && mode.competency.expires
        ? `Renew ${mode.competency.name}`
        : `Add a record of ${mode.competency.name}`;
  return (
    <Dialog title={title} onClose={onClose} wide>
      <form className="stack" onSubmit={submit} noValidate>
        {mode.kind === 'new' ? (
          <SelectField
            label="Competency"
            value={values.competencyId}
            none="Choose…"
            options={optionsOf(mode.competencies)}
            error={errors.competencyId}
            onChange={(competencyId) => {
              const chosen = mode.competencies.find((one) => one._id === competencyId);
              change({
                competencyId,
                ...(!expiryTouched && { expiresOn: expiryFor(values.achievedOn, chosen) }),
              });
            }}
          />
        ) : (
          <p className="field-value">
            <strong>{competency?.name}</strong>
          </p>
        )}
        <div className="form-grid">
          <DateField
            label="Achieved on"
            value={values.achievedOn}
            error={errors.achievedOn}
            required
            onValueChange={(achievedOn) =>
              change({ achievedOn, ...(!expiryTouched && { expiresOn: expiryFor(achievedOn) }) })
            }
          />
          {competency?.expires && (
            <DateField
              label="Expires on"
              value={values.expiresOn}
              error={errors.expiresOn}
              onValueChange={(expiresOn) => {
                setExpiryTouched(true);
                change({ expiresOn });
              }}
            />
          )}
          <InputField
            label="Reference (licence or ticket number)"
            value={values.reference}
            maxLength={200}
            error={errors.reference}
            onValueChange={(reference) => change({ reference })}
          />
          <InputField
            label="Issuer"
            value={values.issuer}
            maxLength={200}
            error={errors.issuer}
            onValueChange={(issuer) => change({ issuer })}
          />
        </div>
        <TextAreaField
          label="Notes (optional)"
          value={values.notes}
          rows={2}
          maxLength={4000}
          error={errors.notes}
          onValueChange={(notes) => change({ notes })}
        />
        <EvidenceField
          stored={stored}
          files={files}
          onFiles={setFiles}
          deleting={removeFile.isPending}
          onDelete={(file) =>
            savedId.current &&
            removeFile.mutate(
              { body: { _id: savedId.current, fileId: file._id } },
              { onSuccess: () => setStored((current) => current.filter((one) => one._id !== file._id)) },
            )
          }
        />
        <DialogFormActions submitLabel="Save record" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/** The evidence: the record's files (download, delete) and the files chosen to upload with the save. */
function EvidenceField({
  stored,
  files,
  onFiles,
  deleting,
  onDelete,
}: {
  stored: TAttachment[];
  files: File[];
  onFiles: (files: File[]) => void;
  deleting: boolean;
  onDelete: (file: TAttachment) => void;
}) {
  return (
    <fieldset className="stack">
      <legend className="field-label">Evidence files</legend>
      <ActionAttachmentList
        stored={stored}
        pending={files}
        onDownload={downloadAttachment}
        onDelete={onDelete}
        deleteDisabled={deleting}
        onRemove={(index) => onFiles(files.filter((_, at) => at !== index))}
      />
      <FilePickerButton
        label="Choose files"
        inputLabel="Evidence files to add"
        size="sm"
        icon={<Paperclip size={14} aria-hidden="true" />}
        onChosen={(chosen) => onFiles([...files, ...chosen])}
      />
    </fieldset>
  );
}
