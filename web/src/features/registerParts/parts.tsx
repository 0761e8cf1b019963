import {
  ALLOWED_UPLOAD_EXTENSIONS,
  deleteAttachmentCall,
  displayDay,
  FREQUENCY_KEYS,
  frequencyLabel,
  localDateOf,
  ratingMessages,
  registerMessages as say,
  taskDueType,
  uploadProblem,
  type FrequencyUnit,
  type RiskColour,
  type registerCalls,
  type TAttachment,
  type TPersonRef,
  type TRegisterAction,
  type ZRegisterItemParts,
} from '@compass/shared';
import { useQuery } from '@tanstack/react-query';
import { Plus, Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { usePermissions } from '../../api/auth';
import { callApi, downloadFile } from '../../api/client';
import { fieldErrorsOf, notifyError } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { ActionAttachmentList } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { DueMarker } from '../../components/DueMarker';
import { FieldError } from '../../components/FieldError';
import { InputField, TextAreaField } from '../../components/FormField';
import { PersonField } from '../../components/PersonField';
import type { PickerPage } from '../../components/SearchPicker';
import { RATING_COLOUR_OPTIONS } from '../../components/RiskRating';
import { optionsOf, SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { dashboardKeys } from '../../api/queryKeys';
import { browserTimeZone } from '../../lib/timeZone';

/**
 * What the risk register and the hazardous substances register share on their pages: the people
 * and workplace pickers, the schedule, actions, attachments and history panels. Each register
 * passes its own calls (registerCalls in shared) and its query key.
 */
export type RegisterCalls = ReturnType<typeof registerCalls<string>>;
type ItemParts = z.output<typeof ZRegisterItemParts>;

/** Today in the browser's time zone (the server checks against the organisation's). */
export const browserToday = () => localDateOf(new Date(), browserTimeZone());

/**
 * The register's active employees by name, for a SearchChoice; as `reviewer`, only those who can
 * open the item's review.
 */
export function peopleSearch(calls: Pick<RegisterCalls, 'people'>, role: 'anyone' | 'reviewer' = 'anyone') {
  return (text: string, page: number): Promise<PickerPage> =>
    callApi(calls.people, { body: { search: text, page, role } }).then((result) => ({
      options: result.options.map((person) => ({ value: person._id, label: person.name })),
      hasMore: result.hasMore,
    }));
}

export function useWorkplaces(calls: RegisterCalls, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey: [...queryKey, 'workplaces'],
    queryFn: () => callApi(calls.workplaces, {}),
    staleTime: 5 * 60_000,
  });
}

/** Owner, workplace and the review schedule as an edit form holds them. */
export interface Stewardship {
  owner: TPersonRef | null;
  workplaceId: string;
  reviewFrequency: FrequencyUnit | '';
  reviewer: TPersonRef | null;
  coReviewer: TPersonRef | null;
  nextReviewDate: string;
}

export function stewardshipOf(item: ItemParts | null): Stewardship {
  return {
    owner: item?.owner ?? null,
    workplaceId: item?.workplace?._id ?? '',
    reviewFrequency: item?.reviewFrequency ?? '',
    reviewer: item?.reviewer ?? null,
    coReviewer: item?.coReviewer ?? null,
    nextReviewDate: item?.nextReviewDate ?? '',
  };
}

/** The part of a save's body that stewardship fills (the server checks it again). */
export function stewardshipBody(value: Stewardship) {
  return {
    ownerId: value.owner?._id ?? '',
    workplaceId: value.workplaceId || null,
    reviewFrequency: value.reviewFrequency as FrequencyUnit,
    reviewerId: value.reviewer?._id ?? '',
    coReviewerId: value.coReviewer?._id ?? null,
    nextReviewDate: value.nextReviewDate,
  };
}

/** The checks the browser makes before sending (the same messages the server gives). */
export function stewardshipErrors(value: Stewardship): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!value.owner) errors.ownerId = say.ownerRequired;
  if (!value.reviewFrequency) errors.reviewFrequency = say.frequencyUnknown;
  if (!value.reviewer) errors.reviewerId = say.reviewerRequired;
  if (value.coReviewer && value.coReviewer._id === value.reviewer?._id)
    errors.coReviewerId = say.coReviewerSame;
  if (!value.nextReviewDate) errors.nextReviewDate = say.nextReviewRequired;
  else if (value.nextReviewDate < browserToday()) errors.nextReviewDate = say.nextReviewPast;
  return errors;
}

export function StewardshipFields({
  value,
  onChange,
  errors,
  calls,
  queryKey,
  workplaceLabel = 'Workplace',
}: {
  value: Stewardship;
  onChange: (value: Stewardship) => void;
  errors: Record<string, string>;
  calls: RegisterCalls;
  queryKey: readonly unknown[];
  workplaceLabel?: string;
}) {
  const workplaces = useWorkplaces(calls, queryKey);
  const set = <K extends keyof Stewardship>(key: K, next: Stewardship[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <div className="form-grid">
      <PersonField
        label="Owner"
        value={value.owner}
        onChange={(person) => set('owner', person)}
        search={peopleSearch(calls)}
        queryKey={[...queryKey, 'people']}
        error={errors.ownerId}
      />
      <SelectField
        label={workplaceLabel}
        value={value.workplaceId}
        none="No workplace"
        options={optionsOf(workplaces.data?.workplaces)}
        error={errors.workplaceId}
        onChange={(next) => set('workplaceId', next)}
      />
      <SelectField
        label="Review frequency"
        value={value.reviewFrequency}
        none="Choose"
        options={FREQUENCY_KEYS.map((key) => ({ value: key, label: frequencyLabel(key) }))}
        error={errors.reviewFrequency}
        onChange={(next) => set('reviewFrequency', next as FrequencyUnit | '')}
      />
      <InputField
        label="Next review"
        type="date"
        value={value.nextReviewDate}
        min={browserToday()}
        error={errors.nextReviewDate}
        onValueChange={(next) => set('nextReviewDate', next)}
      />
      <PersonField
        label="Reviewer"
        value={value.reviewer}
        onChange={(person) => set('reviewer', person)}
        search={peopleSearch(calls, 'reviewer')}
        queryKey={[...queryKey, 'reviewers']}
        error={errors.reviewerId}
      />
      <PersonField
        label="Co-reviewer (optional)"
        value={value.coReviewer}
        onChange={(person) => set('coReviewer', person)}
        search={peopleSearch(calls, 'reviewer')}
        queryKey={[...queryKey, 'reviewers']}
        error={errors.coReviewerId}
        optional
      />
    </div>
  );
}

/** One label and value of a card's facts. */
export function Fact({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** The path of the caller's part of the item's open review, if they have one. */
export function reviewLinkOf(
  base: 'risk' | 'hazardous',
  itemId: string,
  review: ItemParts['openReview'],
  employeeId: string | null | undefined,
): string | null {
  if (!review || !employeeId) return null;
  const flag = review.isCoReviewed ? 'yes' : 'no';
  if (review.reviewerId === employeeId) return `/${base}/register-review/${itemId}/review/${flag}`;
  if (review.coReviewerId === employeeId && !review.isCoReviewed)
    return `/${base}/register-review/${itemId}/coReview/${flag}`;
  return null;
}

/** Owner, workplace and the review schedule of an item, with the caller's review if any. */
export function ScheduleCard({
  base,
  itemId,
  item,
}: {
  base: 'risk' | 'hazardous';
  itemId: string;
  item: ItemParts;
}) {
  const permissions = usePermissions();
  const reviewLink = reviewLinkOf(base, itemId, item.openReview, permissions.data?.employeeId);
  const today = browserToday();
  return (
    <section className="card" aria-labelledby="schedule-title">
      <div className="card-header">
        <h2 id="schedule-title">Owner and review</h2>
      </div>
      <div className="card-body stack">
        <dl className="facts">
          <Fact label="Owner">{item.owner?.name ?? '—'}</Fact>
          <Fact label="Workplace">{item.workplace?.name ?? '—'}</Fact>
          <Fact label="Review frequency">
            {item.reviewFrequency ? frequencyLabel(item.reviewFrequency) : '—'}
          </Fact>
          <Fact label="Reviewer">{item.reviewer?.name ?? '—'}</Fact>
          <Fact label="Co-reviewer">{item.coReviewer?.name ?? 'None'}</Fact>
          <Fact label="Next review">
            {item.nextReviewDate ? (
              <>
                {displayDay(item.nextReviewDate)} <DueMarker type={taskDueType(item.nextReviewDate, today)} />
              </>
            ) : (
              'Not scheduled'
            )}
          </Fact>
        </dl>
        {item.openReview && (
          <p className="row wrap">
            <span className="badge badge-warning">{item.openReview.badge}</span>
            {reviewLink && (
              <Link className="btn btn-primary btn-sm" to={reviewLink}>
                Open my review
              </Link>
            )}
          </p>
        )}
      </div>
    </section>
  );
}

/** The actions raised from the item, and Raise action. */
export function ActionsCard({
  itemId,
  actions,
  calls,
  queryKey,
}: {
  itemId: string;
  actions: TRegisterAction[];
  calls: RegisterCalls;
  queryKey: readonly unknown[];
}) {
  const [raising, setRaising] = useState(false);
  const today = browserToday();
  return (
    <section className="card" aria-labelledby="actions-title">
      <div className="card-header row">
        <h2 id="actions-title">Actions</h2>
        <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setRaising(true)}>
          Raise action
        </Button>
      </div>
      {actions.length === 0 ? (
        <p className="card-body text-secondary">No actions raised yet.</p>
      ) : (
        <DataTable columns={['#', 'Action', 'Assigned to', 'Due', 'Status']}>
          {actions.map((action) => (
            <tr key={action._id}>
              <td>{action.taskNumber}</td>
              <td className="pre-line">
                {action.instruction}
                {action.response && <div className="text-sm text-secondary">{action.response}</div>}
              </td>
              <td>{action.assignee?.name ?? '—'}</td>
              <td>
                {displayDay(action.dueDate)}{' '}
                {!action.isComplete && <DueMarker type={taskDueType(action.dueDate, today)} />}
              </td>
              <td>
                <span className={`badge ${action.isComplete ? 'badge-success' : 'badge-warning'}`}>
                  {action.isComplete
                    ? `Completed ${action.completedOn ? displayDay(action.completedOn) : ''}`
                    : 'Open'}
                </span>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {raising && (
        <RaiseActionDialog
          itemId={itemId}
          calls={calls}
          queryKey={queryKey}
          onClose={() => setRaising(false)}
        />
      )}
    </section>
  );
}

function RaiseActionDialog({
  itemId,
  calls,
  queryKey,
  onClose,
}: {
  itemId: string;
  calls: RegisterCalls;
  queryKey: readonly unknown[];
  onClose: () => void;
}) {
  const [instruction, setInstruction] = useState('');
  const [assignee, setAssignee] = useState<TPersonRef | null>(null);
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const raise = useCall(calls.actionAdd, { invalidate: [queryKey, dashboardKeys.all], onSuccess: onClose });
  const submit = () => {
    const found: Record<string, string> = {};
    if (!instruction.trim()) found.instruction = say.instructionRequired;
    if (!assignee) found.assigneeId = say.assigneeRequired;
    if (!dueDate) found.dueDate = say.dueRequired;
    else if (dueDate < browserToday()) found.dueDate = say.dueBeforeToday;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    raise.mutate(
      { body: { itemId, instruction, assigneeId: assignee!._id, dueDate } },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <Dialog
      title="Raise action"
      description="The action goes to the assignee’s dashboard (Assigned Actions)."
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" loading={raise.isPending} onClick={submit}>
            Raise action
          </Button>
        </>
      }
    >
      <div className="stack">
        <TextAreaField
          label="What has to be done"
          rows={3}
          maxLength={2000}
          value={instruction}
          error={errors.instruction}
          onValueChange={setInstruction}
        />
        <PersonField
          label="Assigned to"
          value={assignee}
          onChange={setAssignee}
          search={peopleSearch(calls)}
          queryKey={[...queryKey, 'people']}
          error={errors.assigneeId}
        />
        <InputField
          label="Due"
          type="date"
          min={browserToday()}
          value={dueDate}
          error={errors.dueDate}
          onValueChange={setDueDate}
        />
      </div>
    </Dialog>
  );
}

const ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The item's files: download, delete, add (checked in the browser, then by the server). */
export function AttachmentsCard({
  itemId,
  attachments,
  ownerType,
  calls,
  queryKey,
}: {
  itemId: string;
  attachments: TAttachment[];
  ownerType: 'risk' | 'hazardousSubstance';
  calls: RegisterCalls;
  queryKey: readonly unknown[];
}) {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useCall(calls.filesAdd, { invalidate: [queryKey, ['changeLog']] });
  const remove = useCall(deleteAttachmentCall, { invalidate: [queryKey, ['changeLog']] });
  const choose = (files: File[]) => {
    const problem = files.map((file) => uploadProblem({ name: file.name, size: file.size })).find(Boolean);
    setError(problem ?? null);
    if (problem || files.length === 0) return;
    const form = new FormData();
    form.append('_id', itemId);
    for (const file of files) form.append('files', file, file.name);
    add.mutate({ form }, { onError: (failure) => setError(fieldErrorsOf(failure).files ?? null) });
  };
  return (
    <section className="card" aria-labelledby="files-title">
      <div className="card-header row">
        <h2 id="files-title">Attachments</h2>
        <Button
          size="sm"
          icon={<Upload size={16} aria-hidden="true" />}
          loading={add.isPending}
          onClick={() => input.current?.click()}
        >
          Add files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          aria-label="Files to attach"
          onChange={(event) => {
            choose([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      <div className="card-body stack">
        <FieldError id={`${itemId}-files-error`} message={error} />
        {attachments.length === 0 ? (
          <p className="text-secondary">No files attached.</p>
        ) : (
          <ActionAttachmentList
            stored={attachments}
            pending={[]}
            onDownload={(file) => void downloadFile(file.path, file.name).catch(notifyError)}
            onDelete={(file) =>
              remove.mutate({ body: { fileType: ownerType, fileId: file._id, _id: itemId } })
            }
            deleteDisabled={remove.isPending}
          />
        )}
      </div>
    </section>
  );
}

/** A rating not chosen in full: the matrix's message, under `${name}` as the server names it. */
export function ratingErrors(name: string, value: Partial<{ likelihood: number; consequence: number }>) {
  return value.likelihood === undefined || value.consequence === undefined
    ? { [name]: ratingMessages.outsideMatrix }
    : {};
}

/** An item's details for its pages (detail, edit, review): none is fetched for a new item. */
export function useItemDetails<T>(
  queryKey: readonly unknown[],
  id: string | undefined,
  fetch: (id: string) => Promise<T>,
) {
  return useQuery({
    queryKey: [...queryKey, 'details', id],
    queryFn: () => fetch(id!),
    enabled: !!id,
    retry: false,
  });
}

/** An item's page before its details are there: the spinner, or why it cannot be opened. */
export function ItemState({
  query,
  noun,
  back,
}: {
  query: { isError: boolean };
  noun: string;
  back: { to: string; label: string };
}) {
  if (!query.isError) return <PageSpinner />;
  return (
    <div className="admin-page stack-lg">
      <p className="alert alert-danger" role="alert">
        This {noun} cannot be opened: it was deleted, or it belongs to another organisation.
      </p>
      <Link to={back.to}>{back.label}</Link>
    </div>
  );
}

/** The filters both register lists have: workplace, rating colour, owner (the caller) and review due. */
export interface RegisterListFilters {
  workplaceId: string;
  colour: RiskColour | '';
  ownerId: string;
  due: 'yes' | '';
}

export function RegisterFilters<F extends RegisterListFilters>({
  list,
  calls,
  queryKey,
  workplaceLabel,
  ratingLabel,
}: {
  list: { filters: F; setFilter: <K extends keyof F>(name: K, value: F[K]) => void };
  calls: RegisterCalls;
  queryKey: readonly unknown[];
  workplaceLabel: string;
  ratingLabel: string;
}) {
  const permissions = usePermissions();
  const me = permissions.data?.employeeId ?? '';
  const workplaces = useWorkplaces(calls, queryKey);
  return (
    <>
      <SelectField
        label={workplaceLabel}
        value={list.filters.workplaceId}
        none="Any workplace"
        options={optionsOf(workplaces.data?.workplaces)}
        onChange={(value) => list.setFilter('workplaceId', value as F['workplaceId'])}
      />
      <SelectField
        label={ratingLabel}
        value={list.filters.colour}
        none="Any rating"
        options={RATING_COLOUR_OPTIONS}
        onChange={(value) => list.setFilter('colour', value as F['colour'])}
      />
      <SelectField
        label="Owner"
        value={list.filters.ownerId}
        none="Anyone"
        options={me ? [{ value: me, label: 'Me' }] : []}
        onChange={(value) => list.setFilter('ownerId', value as F['ownerId'])}
      />
      <SelectField
        label="Review"
        value={list.filters.due}
        none="Any"
        options={[{ value: 'yes', label: 'Due for review' }]}
        onChange={(value) => list.setFilter('due', value as F['due'])}
      />
    </>
  );
}

/** The errors left once the fields named (and their parts: 'inherent' takes 'inherent.likelihood') change. */
export function withoutErrors(errors: Record<string, string>, ...fields: string[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([key]) => !fields.some((field) => key === field || key.startsWith(`${field}.`)),
    ),
  );
}

/** The error keys of the owner and review fields (cleared together when any of them changes). */
export const STEWARDSHIP_FIELDS = [
  'ownerId',
  'workplaceId',
  'reviewFrequency',
  'reviewerId',
  'coReviewerId',
  'nextReviewDate',
];
