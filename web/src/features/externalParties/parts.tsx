import {
  addDays,
  displayDay,
  externalPartiesMessages,
  formatBytes,
  localDateOf,
  REQUIREMENT_STATE_LABELS,
  supplierAssignmentOptionsCall,
  supplierReviewerSearchCall,
  type RequirementState,
  type TaskDueType,
  type TSupplierRequirementDetails,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../api/client';
import { fieldErrorsOf } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { DueMarker } from '../../components/DueMarker';
import { InputField, TextAreaField } from '../../components/FormField';
import { ListState } from '../../components/ListParts';
import { SearchPicker } from '../../components/SearchPicker';
import { optionsOf, SelectField } from '../../components/SelectField';
import { browserTimeZone } from '../../lib/timeZone';
import { linkPath } from '../links';

export const assignmentKeys = { all: ['supplierAssignments'] as const };
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
          search={async (text) => ({
            options: (await callApi(supplierReviewerSearchCall, { body: { search: text } })).map((row) => ({
              value: row._id,
              label: row.name,
            })),
            hasMore: false,
          })}
          onPick={onChange}
        />
      )}
    </div>
  );
}

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

/**
 * What assigning a form and requesting a document both ask: the company (and one of its people),
 * the reviewer, the due date (two weeks from today to start with) and a message.
 */
export function usePartyRequest() {
  const options = useQuery({
    queryKey: [...assignmentKeys.all, 'options'],
    queryFn: () => callApi(supplierAssignmentOptionsCall, {}),
  });
  const [supplierId, setSupplierId] = useState('');
  const [personnelId, setPersonnelId] = useState('');
  const [reviewer, setReviewer] = useState<Picked | null>(null);
  const [dueDate, setDueDate] = useState(() => addDays(localDateOf(new Date(), browserTimeZone()), 14));
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    options,
    supplierId,
    personnelId,
    reviewer,
    dueDate,
    message,
    errors,
    setSupplierId: (value: string) => {
      setSupplierId(value);
      setPersonnelId('');
    },
    setPersonnelId,
    setReviewer,
    setDueDate,
    setMessage,
    /** Shows what is missing (the page's own checks, a message where one fails); true when nothing is. */
    check(own: Record<string, string | false>): boolean {
      const missing = Object.entries<string | false>({
        ...own,
        supplierId: !supplierId && externalPartiesMessages.supplierUnknown,
        reviewerEmployeeId: !reviewer && externalPartiesMessages.reviewerUnknown,
      }).filter((entry): entry is [string, string] => entry[1] !== false);
      setErrors(Object.fromEntries(missing));
      return missing.length === 0;
    },
    /** The part of the request common to both, once `check` passed. */
    body: () => ({
      supplierId,
      reviewerEmployeeId: reviewer?.value ?? '',
      dueDate,
      message: message.trim() || undefined,
    }),
    /** The server's refusal, by field. */
    onError: (error: unknown) => setErrors(fieldErrorsOf(error)),
  };
}

type PartyRequest = ReturnType<typeof usePartyRequest>;
type Loading = Parameters<typeof ListState>[0]['query'] & { data?: unknown };

/** The dialog of a party request: the page's own fields (children) first, then the party's. */
export function PartyRequestDialog({
  title,
  description,
  request,
  loading = [],
  person,
  submitLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  description: string;
  request: PartyRequest;
  /** Further queries the form needs before it shows. */
  loading?: readonly Loading[];
  /** The person field's empty choice, or null for no person field. */
  person: string | null;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const waiting = [request.options, ...loading].find((query) => query.data === undefined);
  const suppliers = request.options.data?.suppliers ?? [];
  const supplier = suppliers.find((row) => row._id === request.supplierId);
  const { errors } = request;
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      {waiting ? (
        <ListState query={waiting} count={1} empty="" />
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <SelectField
            label="Company"
            value={request.supplierId}
            none="Choose a company"
            options={optionsOf(suppliers)}
            error={errors.supplierId}
            onChange={request.setSupplierId}
          />
          {person !== null && (
            <SelectField
              label="Person"
              value={request.personnelId}
              none={person}
              options={optionsOf(supplier?.personnel)}
              error={errors.personnelId}
              onChange={request.setPersonnelId}
            />
          )}
          <ReviewerField
            reviewer={request.reviewer}
            error={errors.reviewerEmployeeId}
            onChange={request.setReviewer}
          />
          <InputField
            label="Due date"
            type="date"
            value={request.dueDate}
            error={errors.dueDate}
            onValueChange={request.setDueDate}
          />
          <TextAreaField
            label="Message (optional)"
            rows={3}
            maxLength={2000}
            value={request.message}
            onValueChange={request.setMessage}
          />
          <DialogFormActions submitLabel={submitLabel} pending={pending} onCancel={onClose} />
        </form>
      )}
    </Dialog>
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
