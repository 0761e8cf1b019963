import {
  deleteAttachmentCall,
  messages,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_AUDIENCES,
  NOTICE_PRIORITIES,
  noticeAttachmentUploadCall,
  noticeSaveCall,
  uploadProblem,
  type NoticeAudience,
  type TNoticeAdminDetails,
  type TNoticeAudienceOptions,
} from '@compass/shared';
import { Paperclip, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useCall } from '../../api/useCall';
import { CheckboxList } from '../../components/CheckboxList';
import { Button } from '../../components/Button';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { InputField, TextAreaField } from '../../components/FormField';
import { Spinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { NOTICE_CHANGES, useAudienceOptions, useNoticeDetails } from './api';
import { PRIORITY_LABELS } from './Notice';

const today = () => new Date().toLocaleDateString('en-CA');

/** Create or edit a notice: text, priority, dates, audience, publishing and files. */
export function NoticeEditDialog({ noticeId, onClose }: { noticeId?: string; onClose: () => void }) {
  const details = useNoticeDetails(noticeId);
  const options = useAudienceOptions();
  const ready = options.data && (!noticeId || details.data);
  return (
    <Dialog title={noticeId ? 'Edit notice' : 'New notice'} onClose={onClose} wide>
      {ready ? (
        <NoticeForm notice={details.data ?? null} options={options.data!} onClose={onClose} />
      ) : (
        <div className="list-state">
          <Spinner /> Loading…
        </div>
      )}
    </Dialog>
  );
}

type NoticeValues = ReturnType<typeof useNoticeForm>['values'];

/** The notice being written: its values and their problems, the files to add, and the save. */
function useNoticeForm(notice: TNoticeAdminDetails | null, onClose: () => void) {
  const [values, setValues] = useState({
    title: notice?.title ?? '',
    content: notice?.content ?? '',
    priority: notice?.priority ?? 'none',
    startDate: notice?.startDate ?? today(),
    expireDate: notice?.expireDate ?? '',
    audience: notice?.audience ?? ('everyone' as NoticeAudience),
    audienceIds: notice?.audienceIds ?? [],
    isPublished: notice?.isPublished ?? true,
  });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useCall(noticeAttachmentUploadCall, { invalidate: NOTICE_CHANGES });
  const save = useCall(noticeSaveCall, {
    invalidate: NOTICE_CHANGES,
    onSuccess: async ({ _id }) => {
      if (files.length > 0) {
        const form = new FormData();
        form.append('_id', _id);
        for (const file of files) form.append('files', file, file.name);
        await upload.mutateAsync({ form });
      }
      onClose();
    },
  });
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };
  const addFiles = (chosen: File[]) => setFiles((current) => [...current, ...chosen]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!values.title.trim()) problems.title = 'Please enter a title.';
    if (!values.content.trim()) problems.content = 'Please enter the notice text.';
    if (values.expireDate && values.expireDate < values.startDate)
      problems.expireDate = 'The expiry date cannot be before the start date.';
    if (values.audience !== 'everyone' && values.audienceIds.length === 0)
      problems.audienceIds = 'Choose at least one for this audience.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    save.mutate({ body: { _id: notice?._id, ...values, expireDate: values.expireDate || null } });
  };

  return { values, set, errors, files, addFiles, submit, pending: save.isPending || upload.isPending };
}

const NOTICE_TABS = [
  { value: 'notice', label: 'Notice' },
  { value: 'history', label: 'History' },
] as const;

function NoticeForm({
  notice,
  options,
  onClose,
}: {
  notice: TNoticeAdminDetails | null;
  options: TNoticeAudienceOptions;
  onClose: () => void;
}) {
  const { values, set, errors, files, addFiles, submit, pending } = useNoticeForm(notice, onClose);
  const [tab, setTab] = useState<'notice' | 'history'>('notice');

  return (
    <form className="stack notice-form" onSubmit={submit} noValidate>
      {notice && <Tabs label="Notice" options={NOTICE_TABS} current={tab} onChange={setTab} />}
      {tab === 'history' && notice ? (
        <ChangeLogPanel entityType="notice" entityId={notice._id} />
      ) : (
        <>
          <InputField
            label="Title"
            value={values.title}
            error={errors.title}
            maxLength={200}
            autoFocus
            onValueChange={(value) => set('title', value)}
          />
          <TextAreaField
            label="Text"
            rows={6}
            maxLength={20_000}
            value={values.content}
            error={errors.content}
            onValueChange={(value) => set('content', value)}
          />
          <ScheduleFields values={values} expireError={errors.expireDate} set={set} />
          <AudienceField
            options={options}
            audience={values.audience}
            chosen={values.audienceIds}
            error={errors.audienceIds}
            onAudience={(audience) => {
              set('audience', audience);
              set('audienceIds', []);
            }}
            onChosen={(chosen) => set('audienceIds', chosen)}
          />
          <FilesField notice={notice} files={files} onAdd={addFiles} />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={values.isPublished}
              onChange={(event) => set('isPublished', event.target.checked)}
            />
            Published (unticked: a draft only administrators see)
          </label>
        </>
      )}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="primary" loading={pending}>
          Save notice
        </Button>
      </div>
    </form>
  );
}

/** How prominent the notice is and when it shows: its priority, first day and optional last day. */
function ScheduleFields({
  values,
  expireError,
  set,
}: {
  values: NoticeValues;
  expireError?: string;
  set: ReturnType<typeof useNoticeForm>['set'];
}) {
  return (
    <div className="form-grid">
      <div className="field">
        <label className="field-label" htmlFor="notice-priority">
          Priority
        </label>
        <select
          id="notice-priority"
          className="input"
          value={values.priority}
          onChange={(event) => set('priority', event.target.value as NoticeValues['priority'])}
        >
          {NOTICE_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
      </div>
      <InputField
        label="Show from"
        type="date"
        value={values.startDate}
        onValueChange={(value) => set('startDate', value)}
      />
      <InputField
        label="Until (optional)"
        type="date"
        value={values.expireDate}
        error={expireError}
        onValueChange={(value) => set('expireDate', value)}
      />
    </div>
  );
}

/** Who sees the notice: everyone, or the workplaces, roles or suppliers chosen. */
function AudienceField({
  options,
  audience,
  chosen,
  error,
  onAudience,
  onChosen,
}: {
  options: TNoticeAudienceOptions;
  audience: NoticeAudience;
  chosen: string[];
  error?: string;
  onAudience: (audience: NoticeAudience) => void;
  onChosen: (chosen: string[]) => void;
}) {
  const choices = {
    workplaces: options.workplaces,
    roles: options.roles,
    suppliers: options.suppliers,
    everyone: [],
  }[audience];
  return (
    <fieldset className="field">
      <legend className="field-label">Who sees it</legend>
      <div className="row wrap">
        {NOTICE_AUDIENCES.map((option) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name="notice-audience"
              checked={audience === option}
              onChange={() => onAudience(option)}
            />
            {NOTICE_AUDIENCE_LABELS[option]}
          </label>
        ))}
      </div>
      {audience !== 'everyone' && (
        <div className="audience-choices" role="group" aria-label={NOTICE_AUDIENCE_LABELS[audience]}>
          {choices.length === 0 && <p className="text-secondary">Nothing to choose from.</p>}
          <CheckboxList choices={choices} chosen={chosen} onChange={onChosen} />
        </div>
      )}
      <FieldError id="notice-audience-error" message={error} />
    </fieldset>
  );
}

/** The notice's saved files (each deleted at once) and the new ones, uploaded when the notice is saved. */
function FilesField({
  notice,
  files,
  onAdd,
}: {
  notice: TNoticeAdminDetails | null;
  files: File[];
  onAdd: (chosen: File[]) => void;
}) {
  const removeFile = useCall(deleteAttachmentCall, { invalidate: NOTICE_CHANGES });
  return (
    <div className="field">
      <span className="field-label">Files</span>
      <ul className="attachment-list">
        {notice?.attachments.map((file) => (
          <li key={file._id} className="row">
            <Paperclip size={14} aria-hidden="true" /> {file.name}
            <Button
              size="sm"
              variant="ghost"
              icon={<Trash2 size={14} aria-hidden="true" />}
              aria-label={`Delete ${file.name}`}
              onClick={() => {
                if (window.confirm(messages.common.deleteFileConfirm))
                  removeFile.mutate({
                    body: { fileType: 'notice', fileId: file._id, _id: notice._id },
                  });
              }}
            />
          </li>
        ))}
        {files.map((file) => (
          <li key={file.name} className="row">
            <Paperclip size={14} aria-hidden="true" /> {file.name}{' '}
            <span className="text-sm text-secondary">(added on save)</span>
          </li>
        ))}
      </ul>
      <input
        type="file"
        multiple
        aria-label="Add files"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          const problem = chosen
            .map((file) => uploadProblem({ name: file.name, size: file.size }))
            .find(Boolean);
          if (problem) toast.error(problem);
          else onAdd(chosen);
          event.target.value = '';
        }}
      />
    </div>
  );
}
