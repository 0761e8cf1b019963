import {
  documentCreateCall,
  documentFoldersCall,
  documentMessages as say,
  documentOptionsCall,
  documentUpdateCall,
  ZDocumentCreate,
  type FrequencyUnit,
  type TDocumentDetails,
  type TPersonRef,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, sendCall } from '../../api/client';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { PeopleField, PersonField } from '../../components/PersonField';
import { optionsOf, SelectField } from '../../components/SelectField';
import { browserToday } from '../../lib/timeZone';
import { ReviewScheduleFields, type ReviewSchedule } from '../registerParts';
import {
  documentKeys,
  documentPeople,
  documentAudiencePeople,
  documentReviewers,
  useDocumentChange,
} from './api';
import { VersionFields } from './parts';

const ids = (people: TPersonRef[]) => people.map((one) => one._id);

/**
 * Upload a document (its fields, the file and who approves version 1), or change an existing
 * one's fields (`document` given: no file, no approvers).
 */
export function DocumentFormDialog({
  document,
  onClose,
  onSaved,
}: {
  document?: TDocumentDetails;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const folders = useQuery({
    queryKey: [...documentKeys.all, 'folders'],
    queryFn: () => callApi(documentFoldersCall, {}),
  });
  const options = useQuery({
    queryKey: [...documentKeys.all, 'options'],
    queryFn: () => callApi(documentOptionsCall, {}),
  });
  const { values, change, errors, pickFile, save, submit } = useDocumentDraft(document, (id) => {
    onSaved?.(id);
    onClose();
  });
  return (
    <Dialog
      title={document ? `Edit ${document.name}` : 'Upload a document'}
      description={
        document
          ? 'Changes apply to the document; upload a new version for a new file.'
          : 'Version 1 is published at once, or when every approver named has approved it.'
      }
      onClose={onClose}
      wide
    >
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Name"
          value={values.name}
          error={errors.name}
          maxLength={200}
          onValueChange={change.name}
        />
        <TextAreaField
          label="Description (optional)"
          rows={2}
          maxLength={5000}
          value={values.description}
          onValueChange={change.description}
        />
        <SelectField
          label="Folder"
          value={values.folderId}
          none="No folder"
          options={optionsOf(folders.data)}
          error={errors.folderId}
          onChange={change.folderId}
        />
        <div className="form-grid">
          <PersonField
            {...documentPeople}
            label="Owner"
            value={values.owner}
            error={errors.ownerId}
            onChange={change.owner}
          />
          <ReviewScheduleFields
            value={values.schedule}
            onChange={change.schedule}
            errors={errors}
            reviewers={documentReviewers}
          />
        </div>
        <fieldset className="field">
          <legend className="field-label">Who must read it</legend>
          <p className="text-secondary text-sm">
            Everyone in these workplaces and roles, and the people named, is asked to acknowledge each
            published version.
          </p>
          <Choices
            label="Workplaces"
            options={options.data?.workplaces ?? []}
            chosen={values.workplaceIds}
            onChange={change.workplaceIds}
          />
          <Choices
            label="Roles"
            prefix="Role: "
            options={options.data?.roles ?? []}
            chosen={values.roleIds}
            onChange={change.roleIds}
          />
          {errors.audienceWorkplaceIds && <p className="field-error">{errors.audienceWorkplaceIds}</p>}
        </fieldset>
        <PeopleField
          label="People"
          people={values.readers}
          error={errors.audienceEmployeeIds}
          onChange={change.readers}
          {...documentAudiencePeople}
        />
        {!document && (
          <VersionFields
            file={values.file}
            approvers={values.approvers}
            note={values.note}
            errors={errors}
            onFile={pickFile}
            onApprovers={change.approvers}
            onNote={change.note}
          />
        )}
        <DialogFormActions
          submitLabel={document ? 'Save' : 'Upload'}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}

/**
 * The document's fields being edited (and, for an upload, version 1's file, note and approvers),
 * their problems, and the save that sends them.
 */
function useDocumentDraft(document: TDocumentDetails | undefined, onSaved: (id: string) => void) {
  const [name, setName] = useState(document?.name ?? '');
  const [description, setDescription] = useState(document?.description ?? '');
  const [folderId, setFolderId] = useState(document?.folder?._id ?? '');
  const [owner, setOwner] = useState<TPersonRef | null>(document?.owner ?? null);
  const [schedule, setSchedule] = useState<ReviewSchedule>({
    reviewFrequency: document?.reviewFrequency ?? 'years',
    nextReviewDate: document?.nextReviewDate ?? '',
    reviewer: document?.reviewer ?? null,
    coReviewer: document?.coReviewer ?? null,
  });
  const { reviewer, coReviewer, nextReviewDate } = schedule;
  const [workplaceIds, setWorkplaceIds] = useState(document?.audienceWorkplaces.map((row) => row._id) ?? []);
  const [roleIds, setRoleIds] = useState(document?.audienceRoles.map((row) => row._id) ?? []);
  const [readers, setReaders] = useState<TPersonRef[]>(document?.audienceEmployees ?? []);
  const [approvers, setApprovers] = useState<TPersonRef[]>([]);
  const [note, setNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const fields = {
    name,
    description,
    folderId: folderId || null,
    ownerId: owner?._id ?? '',
    reviewerId: reviewer?._id ?? '',
    coReviewerId: coReviewer?._id ?? null,
    reviewFrequency: schedule.reviewFrequency as FrequencyUnit,
    nextReviewDate,
    audienceWorkplaceIds: workplaceIds,
    audienceRoleIds: roleIds,
    audienceEmployeeIds: ids(readers),
  };
  const save = useDocumentChange(
    async () => {
      if (document) {
        const result = await sendCall(documentUpdateCall, { body: { ...fields, _id: document._id } });
        return { message: result.message, id: document._id };
      }
      const form = new FormData();
      form.append('details', JSON.stringify({ ...fields, note, approverIds: ids(approvers) }));
      form.append('files', file!, file!.name);
      const result = await sendCall(documentCreateCall, { form });
      return { message: result.message, id: result.data._id };
    },
    { onSuccess: ({ id }) => onSaved(id), setErrors },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema first, so the browser says what the server would.
    const parsed = ZDocumentCreate.safeParse({ ...fields, note, approverIds: ids(approvers) });
    const found: Record<string, string> = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!owner) found.ownerId = say.ownerRequired;
    if (!reviewer) found.reviewerId = say.reviewerRequired;
    const today = browserToday();
    if (nextReviewDate && nextReviewDate < today) found.nextReviewDate = say.nextReviewPast;
    if (!document && !file) found.file ??= say.fileRequired;
    setErrors((current) => (current.file && !document && !file ? { ...found, file: current.file } : found));
    if (Object.keys(found).length === 0) save.mutate(undefined);
  };

  const pickFile = (picked: File | null, problem: string | null) => {
    setFile(picked);
    setErrors((current) => {
      const { file: _, ...rest } = current;
      return problem ? { ...rest, file: problem } : rest;
    });
  };

  return {
    values: {
      name,
      description,
      folderId,
      owner,
      schedule,
      workplaceIds,
      roleIds,
      readers,
      approvers,
      note,
      file,
    },
    change: {
      name: setName,
      description: setDescription,
      folderId: setFolderId,
      owner: setOwner,
      schedule: <K extends keyof ReviewSchedule>(key: K, next: ReviewSchedule[K]) =>
        setSchedule((current) => ({ ...current, [key]: next })),
      workplaceIds: setWorkplaceIds,
      roleIds: setRoleIds,
      readers: setReaders,
      approvers: setApprovers,
      note: setNote,
    },
    errors,
    pickFile,
    save,
    submit,
  };
}

/** A group of checkboxes: the records chosen of `options`. */
function Choices({
  label,
  prefix = '',
  options,
  chosen,
  onChange,
}: {
  label: string;
  prefix?: string;
  options: { _id: string; name: string }[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  return (
    <div className="audience-choices" role="group" aria-label={label}>
      {options.map((row) => (
        <label key={row._id} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(row._id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, row._id] : chosen.filter((id) => id !== row._id))
            }
          />
          {prefix}
          {row.name}
        </label>
      ))}
    </div>
  );
}
