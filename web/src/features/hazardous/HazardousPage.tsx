import {
  displayDay,
  hazardousCalls,
  hazardousDeleteCall,
  hazardousDetailsCall,
  hazardousEditPath,
  hazardousMessages as say,
  hazardousSdsUploadCall,
  HAZARDOUS_REGISTER_PATH,
  SDS_MAX_AGE_YEARS,
  SDS_STATUS_LABELS,
  uploadProblem,
  type THazardousDetails,
} from '@compass/shared';
import { ArrowLeft, Download, Pencil, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi, downloadFile } from '../../api/client';
import { fieldErrorsOf, notifyError } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { DeleteButton } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { RatingBadge, RatingLegend, RiskMatrix } from '../../components/RiskRating';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import {
  ActionsCard,
  AttachmentsCard,
  browserToday,
  Fact,
  ItemState,
  ScheduleCard,
  useItemDetails,
} from '../registerParts';
import { ReviewHistory } from '../reviews';
import { HAZARD_CLASS_LABELS, hazardousKeys, SDS_BADGES } from './HazardousRegisterPage';

/** /hazardous/register/:id: one substance, its safety data sheet, rating, schedule, actions and history. */
export function HazardousPage() {
  const { id = '' } = useParams();
  const details = useItemDetails(hazardousKeys.all, id, (_id) =>
    callApi(hazardousDetailsCall, { body: { _id } }),
  );
  usePageTitle(details.data?.name ?? 'Hazardous substance');
  if (!details.data) {
    return (
      <ItemState
        query={details}
        noun="substance"
        back={{ to: HAZARDOUS_REGISTER_PATH, label: 'Back to the register' }}
      />
    );
  }
  return <Substance substance={details.data} />;
}

function Substance({ substance }: { substance: THazardousDetails }) {
  const navigate = useNavigate();
  const remove = useCall(hazardousDeleteCall, {
    invalidate: [hazardousKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate(HAZARDOUS_REGISTER_PATH),
  });
  return (
    <div className="admin-page stack-lg">
      <Link to={HAZARDOUS_REGISTER_PATH} className="back-link">
        <ArrowLeft size={16} aria-hidden="true" /> Hazardous Substances
      </Link>
      <div className="page-header">
        <div>
          <h1>{substance.name}</h1>
          <p className="row wrap">
            {!substance.isActive && <span className="badge badge-neutral">Retired</span>}
            <RatingBadge rating={substance.rating} />
            <span className={`badge ${SDS_BADGES[substance.sds.status]}`}>
              {SDS_STATUS_LABELS[substance.sds.status]}
            </span>
          </p>
        </div>
        <div className="row wrap">
          <Link className="btn btn-secondary" to={hazardousEditPath(substance._id)}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </Link>
          <DeleteButton
            title="Delete this substance?"
            confirmLabel="Delete substance"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ body: { _id: substance._id } })}
          >
            <p>
              {substance.name} leaves the register with its safety data sheets, actions, files and open
              review. This cannot be undone.
            </p>
          </DeleteButton>
        </div>
      </div>
      <div className="register-columns">
        <div className="stack-lg">
          <section className="card" aria-labelledby="substance-title">
            <div className="card-header">
              <h2 id="substance-title">Product</h2>
            </div>
            <div className="card-body">
              <dl className="facts">
                <Fact label="Supplier">{substance.supplierName || '—'}</Fact>
                <Fact label="Location">
                  {substance.workplace?.name ?? '—'}
                  {substance.storageLocation && ` · ${substance.storageLocation}`}
                </Fact>
                <Fact label="Quantity">
                  {substance.quantity === null
                    ? '—'
                    : `${substance.quantity} ${substance.quantityUnit ?? ''}`}
                </Fact>
                <Fact label="Hazard classes (GHS)">
                  {substance.hazardClasses.length === 0 ? (
                    '—'
                  ) : (
                    <span className="chip-list">
                      {substance.hazardClasses.map((key) => (
                        <span key={key} className="badge badge-warning">
                          {HAZARD_CLASS_LABELS.get(key) ?? key}
                        </span>
                      ))}
                    </span>
                  )}
                </Fact>
                <Fact label="Risk rating">
                  <RatingBadge rating={substance.rating} />
                </Fact>
              </dl>
            </div>
          </section>
          <SdsCard substance={substance} />
          {substance.rating && (
            <section className="card" aria-labelledby="matrix-title">
              <div className="card-header">
                <h2 id="matrix-title">Rating on the matrix</h2>
              </div>
              <div className="card-body stack">
                <RiskMatrix
                  caption="The substance's risk rating"
                  marks={[{ ...substance.rating, label: 'Rated' }]}
                />
                <RatingLegend />
              </div>
            </section>
          )}
          <ActionsCard
            itemId={substance._id}
            actions={substance.actions}
            calls={hazardousCalls}
            queryKey={hazardousKeys.all}
          />
          <ReviewHistory history={substance.reviews} />
        </div>
        <div className="stack-lg">
          <ScheduleCard base="hazardous" itemId={substance._id} item={substance} />
          <AttachmentsCard
            itemId={substance._id}
            attachments={substance.attachments}
            ownerType="hazardousSubstance"
            calls={hazardousCalls}
            queryKey={hazardousKeys.all}
          />
          <section className="card" aria-labelledby="history-title">
            <div className="card-header">
              <h2 id="history-title">History</h2>
            </div>
            <ChangeLogPanel entityType="hazardousSubstance" entityId={substance._id} />
          </section>
        </div>
      </div>
    </div>
  );
}

/** The current safety data sheet with its dates, the earlier ones, and Upload a new one. */
function SdsCard({ substance }: { substance: THazardousDetails }) {
  const [uploading, setUploading] = useState(false);
  const { sds } = substance;
  const open = (file: { path: string; name: string }) =>
    void downloadFile(file.path, file.name).catch(notifyError);
  return (
    <section className="card" aria-labelledby="sds-title">
      <div className="card-header row">
        <h2 id="sds-title">Safety data sheet</h2>
        <Button size="sm" icon={<Upload size={16} aria-hidden="true" />} onClick={() => setUploading(true)}>
          Upload new SDS
        </Button>
      </div>
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
              <button type="button" className="attachment-link" onClick={() => open(sds.file!)}>
                <Download size={14} aria-hidden="true" /> {sds.file.name}
              </button>
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
                <li key={file._id}>
                  <button type="button" className="attachment-link" onClick={() => open(file)}>
                    <Download size={14} aria-hidden="true" /> {file.name}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      {uploading && <SdsUploadDialog substanceId={substance._id} onClose={() => setUploading(false)} />}
    </section>
  );
}

function SdsUploadDialog({ substanceId, onClose }: { substanceId: string; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [issueDate, setIssueDate] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useCall(hazardousSdsUploadCall, {
    invalidate: [hazardousKeys.all, ['changeLog']],
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
