import {
  displayDay,
  formatBytes,
  REQUIREMENT_STATE_LABELS,
  TRAINING_ASSIGNMENT_STATUS_LABELS,
  type RequirementState,
  type TaskDueType,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { DueMarker } from '../../components/DueMarker';
import { TextAreaField } from '../../components/FormField';
import { PreviewableFile } from '../../components/PreviewableFile';
import { linkPath } from '../links';
import { Fact } from '../registerParts';

const STATE_BADGES: Record<RequirementState, string> = {
  toProvide: 'badge-warning',
  rejected: 'badge-danger',
  awaitingReview: 'badge-primary',
  valid: 'badge-success',
  expiringSoon: 'badge-warning',
  expired: 'badge-danger',
};

/** The states in which the document is still the supplier's to send (its due date counts). */
export const toProvide = (state: RequirementState) => state === 'toProvide' || state === 'rejected';

export function RequirementStateBadge({ state }: { state: RequirementState }) {
  return <span className={`badge ${STATE_BADGES[state]}`}>{REQUIREMENT_STATE_LABELS[state]}</span>;
}

/** Who was asked: the person and their company, or the company. */
export const partyName = (row: { personnelName: string | null; supplierName: string }) =>
  row.personnelName ? `${row.personnelName}, ${row.supplierName}` : row.supplierName;

/** The company, the person, the reviewer and the due date of a register's row. */
export function PartyCells({
  row,
  due,
}: {
  row: {
    supplierId: string;
    supplierName: string;
    personnelName: string | null;
    reviewerName: string | null;
    dueDate: string;
    taskDueDateType: TaskDueType;
  };
  /** The row is still the supplier's to do: its due date is marked. */
  due: boolean;
}) {
  return (
    <>
      <td>
        <Link to={`/external-parties/companies/${row.supplierId}`}>{row.supplierName}</Link>
      </td>
      <td>{row.personnelName ?? <span className="text-secondary">The company</span>}</td>
      <td>{row.reviewerName ?? '—'}</td>
      <td>
        {displayDay(row.dueDate)} {due && <DueMarker type={row.taskDueDateType} />}
      </td>
    </>
  );
}

/** What a requirement asks and where it stands, on the reviewer's and the provider's pages. */
export function RequirementFacts({ requirement }: { requirement: TSupplierRequirementDetails }) {
  return (
    <dl className="facts">
      <Fact label="State">
        <RequirementStateBadge state={requirement.state} />
      </Fact>
      <Fact label="Company">{requirement.supplierName}</Fact>
      {requirement.personnelName && <Fact label="Person">{requirement.personnelName}</Fact>}
      <Fact label="Due">
        {displayDay(requirement.dueDate)}{' '}
        {toProvide(requirement.state) && <DueMarker type={requirement.taskDueDateType} />}
      </Fact>
      {(requirement.expires || requirement.expiryDate) && (
        <Fact label="Expires">{requirement.expiryDate ? displayDay(requirement.expiryDate) : '—'}</Fact>
      )}
      <Fact label="Reviewer">{requirement.reviewerName ?? '—'}</Fact>
      {requirement.message && <Fact label="Message">{requirement.message}</Fact>}
      {requirement.note && (
        <Fact label={requirement.training ? 'Note' : 'Note from the supplier'}>{requirement.note}</Fact>
      )}
    </dl>
  );
}

/**
 * A requirement met by an online course, instead of its documents: the course and where its
 * person stands in it; `action` for the person (the way to the course).
 */
export function CourseStanding({
  training,
  action,
}: {
  training: NonNullable<TSupplierRequirementDetails['training']>;
  action?: ReactNode;
}) {
  return (
    <div className="stack" role="group" aria-label="Online course">
      <p>{`Met by passing the online course ${training.courseName}.`}</p>
      <dl className="facts">
        <Fact label="Course">
          {training.status ? TRAINING_ASSIGNMENT_STATUS_LABELS[training.status] : 'Not assigned yet'}
        </Fact>
        {training.status === 'passed' && training.score !== null && (
          <Fact label="Score">{training.score}%</Fact>
        )}
        {training.status === 'passed' && training.passedAt && (
          <Fact label="Passed on">{displayDay(training.passedAt.slice(0, 10))}</Fact>
        )}
      </dl>
      {action}
    </div>
  );
}

/** The documents sent, newest first: the first is current, the rest history. `authtoken` for a link holder. */
export function RequirementDocuments({
  requirement,
  authtoken = null,
}: {
  requirement: TSupplierRequirementDetails;
  authtoken?: string | null;
}) {
  if (requirement.documents.length === 0)
    return <p className="text-secondary">No document has been sent yet.</p>;
  return (
    <ul className="requirement-documents" aria-label="Documents sent">
      {requirement.documents.map((document, index) => {
        const url = linkPath(document.path, authtoken);
        return (
          <li key={document._id} className={index === 0 ? 'is-current' : undefined}>
            <PreviewableFile
              file={{ name: document.name, url }}
              onDownload={() => void downloadFile(url, document.name).catch(notifyError)}
            />
            <span className="text-secondary text-sm">
              {formatBytes(document.size)} · sent {displayDay(document.uploadedAt.slice(0, 10))}
              {index === 0 ? '' : ' · earlier'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** An optional free text sent with a request, a document or a type (a message, a note, a description). */
export function OptionalText({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <TextAreaField label={label} rows={3} maxLength={2000} value={value} onValueChange={onChange} />;
}

/** Sends a request's mail again (the invitation to a form, the request for a document). */
export function SendAgainButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={onClick} aria-label={label}>
      Send again
    </Button>
  );
}
