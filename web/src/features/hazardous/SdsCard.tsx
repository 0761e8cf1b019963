import {
  displayDay,
  hazardousMessages as say,
  hazardousSdsUploadCall,
  SDS_MAX_AGE_YEARS,
  uploadProblem,
  type THazardousDetails,
} from '@compass/shared';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { changeLogKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { StoredFile } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { browserToday } from '../../lib/timeZone';
import { Card } from '../../components/Card';
import { Fact } from '../registerParts';
import { hazardousKeys } from './api';

/** The current safety data sheet with its dates, the earlier ones, and Upload a new one. */
export function SdsCard({ substance }: { substance: THazardousDetails }) {
  const [uploading, setUploading] = useState(false);
  const { sds } = substance;
  return (
    <Card
      title="Safety data sheet"
      bare
      actions={
        <Button size="sm" icon={<Upload size={16} aria-hidden="true" />} onClick={() => setUploading(true)}>
          Upload new SDS
        </Button>
      }
    >
      <div className="card-body stack">
        {sds.status === 'due' && (
          <p className="alert alert-warning" role="status">
            This safety data sheet is due: it was issued more than {SDS_MAX_AGE_YEARS} years ago or has
            expired. Ask the supplier for the current one.
          </p>
        )}
        <dl className="facts">
          <Fact label="Issued">{sds.issueDate ? displayDay(sds.issueDate) : '—'}</Fact>
          <Fact label="Expires">{sds.expiryDate ? displayDay(sds.expiryDate) : '—'}</Fact>
          <Fact label="File">
            {sds.file ? (
              <span className="row">
                <StoredFile file={sds.file} />
              </span>
            ) : (
              'None uploaded'
            )}
          </Fact>
        </dl>
        {sds.sheets.length > 0 && (
          <details>
            <summary>Earlier sheets ({sds.sheets.length})</summary>
            <ul className="attachment-list">
              {sds.sheets.map((file) => (
                <li key={file._id} className="row">
                  <StoredFile file={file} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {uploading && <SdsUploadDialog substanceId={substance._id} onClose={() => setUploading(false)} />}
    </Card>
  );
}

function SdsUploadDialog({ substanceId, onClose }: { substanceId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [issueDate, setIssueDate] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useCall(hazardousSdsUploadCall, {
    invalidate: [hazardousKeys.all, changeLogKeys.all],
    onSuccess: onClose,
  });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!file) found.file = say.sdsFileRequired;
    else if (!/\.pdf$/i.test(file.name)) found.file = say.sdsFileType;
    else {
      const problem = uploadProblem({ name: file.name, size: file.size });
      if (problem) found.file = problem;
    }
    if (!issueDate) found.issueDate = say.sdsIssueRequired;
    else if (issueDate > browserToday()) found.issueDate = say.sdsIssueFuture;
    if (expiryDate && issueDate && expiryDate < issueDate) found.expiryDate = say.sdsExpiryBeforeIssue;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const form = new FormData();
    form.append('_id', substanceId);
    form.append('issueDate', issueDate);
    form.append('expiryDate', expiryDate);
    form.append('files', file!, file!.name);
    upload.mutate({ form }, { onError: (error) => setErrors(fieldErrorsOf(error)) });
  };
  return (
    <Dialog
      title="Upload a safety data sheet"
      description={`A PDF from the supplier. A sheet issued more than ${SDS_MAX_AGE_YEARS} years ago shows as due.`}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={upload.isPending} onClick={submit}>
            Upload
          </Button>
        </>
      }
    >
      <div className="stack">
        <div className="field">
          <label className="field-label" htmlFor="sds-file">
            Safety data sheet (PDF)
          </label>
          <input
            id="sds-file"
            className="input"
            type="file"
            accept=".pdf,application/pdf"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={errors.file ? 'sds-file-error' : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <FieldError id="sds-file-error" message={errors.file} />
        </div>
        <InputField
          label="Issue date"
          type="date"
          max={browserToday()}
          value={issueDate}
          error={errors.issueDate}
          onValueChange={setIssueDate}
        />
        <InputField
          label="Expiry date (optional)"
          type="date"
          min={issueDate || undefined}
          value={expiryDate}
          error={errors.expiryDate}
          onValueChange={setExpiryDate}
        />
      </div>
    </Dialog>
  );
}
