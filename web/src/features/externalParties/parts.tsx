import {
  displayDay,
  formatBytes,
  REQUIREMENT_STATE_LABELS,
  supplierReviewerSearchCall,
  type RequirementState,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import { FileText } from 'lucide-react';
import { useId } from 'react';
import { callApi } from '../../api/client';
import { Button } from '../../components/Button';
import { DueMarker } from '../../components/DueMarker';
import { SearchPicker } from '../../components/SearchPicker';
import { linkPath } from '../links/api';

export const requirementKeys = { all: ['supplierRequirements'] as const };

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

export interface Picked {
  value: string;
  label: string;
}

/** The reviewer of a supplier form or document: an active employee who signs in, found by name. */
export function ReviewerField({
  reviewer,
  error,
  onChange,
}: {
  reviewer: Picked | null;
  error?: string;
  onChange: (reviewer: Picked | null) => void;
}) {
  const labelId = useId();
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        Reviewer
      </span>
      {reviewer ? (
        <p className="text-secondary">
          <strong>{reviewer.label}</strong>{' '}
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            Change
          </Button>
        </p>
      ) : (
        <SearchPicker
          labelledBy={labelId}
          error={error}
          queryKey={['supplierReviewers']}
          empty="No active employee with an account matches."
          search={async (text) =>
            (await callApi(supplierReviewerSearchCall, { body: { search: text } })).map((row) => ({
              value: row._id,
              label: row.name,
            }))
          }
          onPick={onChange}
        />
      )}
    </div>
  );
}

/** What a requirement asks and where it stands, on the reviewer's and the provider's pages. */
export function RequirementFacts({ requirement }: { requirement: TSupplierRequirementDetails }) {
  return (
    <dl className="facts">
      <div>
        <dt>State</dt>
        <dd>
          <RequirementStateBadge state={requirement.state} />
        </dd>
      </div>
      <div>
        <dt>Company</dt>
        <dd>{requirement.supplierName}</dd>
      </div>
      {requirement.personnelName && (
        <div>
          <dt>Person</dt>
          <dd>{requirement.personnelName}</dd>
        </div>
      )}
      <div>
        <dt>Due</dt>
        <dd>
          {displayDay(requirement.dueDate)}{' '}
          {toProvide(requirement.state) && <DueMarker type={requirement.taskDueDateType} />}
        </dd>
      </div>
      {requirement.expires && (
        <div>
          <dt>Expires</dt>
          <dd>{requirement.expiryDate ? displayDay(requirement.expiryDate) : '—'}</dd>
        </div>
      )}
      <div>
        <dt>Reviewer</dt>
        <dd>{requirement.reviewerName ?? '—'}</dd>
      </div>
      {requirement.message && (
        <div>
          <dt>Message</dt>
          <dd>{requirement.message}</dd>
        </div>
      )}
      {requirement.note && (
        <div>
          <dt>Note from the supplier</dt>
          <dd>{requirement.note}</dd>
        </div>
      )}
    </dl>
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
      {requirement.documents.map((document, index) => (
        <li key={document._id} className={index === 0 ? 'is-current' : undefined}>
          <FileText size={18} aria-hidden="true" />
          <a href={linkPath(document.path, authtoken)} target="_blank" rel="noreferrer">
            {document.name}
          </a>
          <span className="text-secondary text-sm">
            {formatBytes(document.size)} · sent {displayDay(document.uploadedAt.slice(0, 10))}
            {index === 0 ? '' : ' · earlier'}
          </span>
        </li>
      ))}
    </ul>
  );
}
