import { displayDay, messages, type TFormSubmission, type TNamedOption } from '@compass/shared';
import { useId, type CSSProperties } from 'react';
import { FieldError } from '../../components/FieldError';
import { FieldLabel } from '../../components/FormField';
import { SearchChoice } from '../../components/SearchPicker';
import { DateInput, type References } from '../../fields';
import { HEADER_MESSAGE_FIELD, type EditorState, type FormShape, type HeaderField } from './editorState';
import type { GuestMode } from './editorModes';

interface InitialDetailsProps {
  shape: FormShape;
  submission: TFormSubmission | null;
  header: EditorState['header'];
  onHeader: (change: Partial<EditorState['header']>) => void;
  onWorkplace: (workplace: string) => void;
  onCoordinator: (userId: string) => void;
  /** The header problem the last save found (001 section 5), shown under its input. */
  headerError: string | null;
  readOnly: boolean;
  isDraft: boolean;
  hidden?: boolean;
  references: References;
  workplaces: TNamedOption[];
  branches: TNamedOption[];
  /** The workplace has no branches: the branch is shown as not applicable, not asked for. */
  branchNotApplicable: boolean;
  /** The organisation gives coordinator, workplace and branch (a supplier's form): shown, not asked. */
  givenByOrganisation: boolean;
  viewer: { name: string };
  guest?: GuestMode;
}

/** The header problem the last save found, as the inputs of the card show it (001 section 5). */
interface HeaderErrors {
  id: string;
  messageFor: (field: HeaderField) => string | null;
  inputProps: (field: HeaderField) => { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}

function useHeaderErrors(headerError: string | null): HeaderErrors {
  const id = useId();
  const messageFor = (field: HeaderField) =>
    headerError && HEADER_MESSAGE_FIELD[headerError] === field ? headerError : null;
  const inputProps = (field: HeaderField) => {
    const invalid = messageFor(field) !== null;
    return {
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? id : undefined,
    };
  };
  return { id, messageFor, inputProps };
}

/** The initial-details card (001 section 2.2): form, number, recorder, description, date, places. */
export function InitialDetailsCard(props: InitialDetailsProps) {
  const {
    shape,
    submission,
    header,
    onHeader,
    headerError,
    readOnly,
    isDraft,
    hidden,
    references,
    viewer,
    guest,
  } = props;
  const ids = { description: useId(), date: useId() };
  const errors = useHeaderErrors(headerError);
  const coordinatorId = header.submissionUserId[0]?.userId ?? '';
  const coordinatorName = guest
    ? guest.coordinatorName
    : (references.employee.all.find((option) => option._id === coordinatorId)?.name ??
      submission?.submissionUserId.find((user) => user.userId === coordinatorId)?.name ??
      (coordinatorId ? 'Unavailable' : ''));
  const recordedBy = submission
    ? (submission.recordedBy[0]?.name ?? '')
    : shape.formType === 'qr'
      ? messages.submission.guestUser
      : viewer.name;

  return (
    <section className="card" aria-labelledby={`${errors.id}-title`} hidden={hidden}>
      <div className="card-header">
        <h2 className="card-title" id={`${errors.id}-title`}>
          Initial details
        </h2>
      </div>
      <div className="card-body">
        <div className="field-grid submission-header">
          <HeaderValue label="Type of Form" value={shape.formTemplateName} />
          <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
            <div className="field">
              <span className="field-label">Form Number</span>
              <p className="field-value" data-testid="form-number">
                {guest ? (
                  'Given when submitted'
                ) : isDraft ? (
                  <span className="badge badge-warning">Draft</span>
                ) : (
                  submission?.formatedNumber
                )}
              </p>
            </div>
          </div>
          <HeaderValue label="Recorded By" value={recordedBy} />
          <div className="field-cell" style={{ '--col-size': 8 } as CSSProperties}>
            <div className="field">
              <FieldLabel htmlFor={ids.description} required>
                Description
              </FieldLabel>
              <input
                id={ids.description}
                className="input"
                value={header.formDescription}
                readOnly={readOnly}
                aria-required
                maxLength={1000}
                {...errors.inputProps('formDescription')}
                onChange={(event) => onHeader({ formDescription: event.target.value })}
              />
              <HeaderMessage id={errors.id} message={errors.messageFor('formDescription')} />
            </div>
          </div>
          <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
            <div className="field">
              <FieldLabel htmlFor={ids.date} required>
                Date
              </FieldLabel>
              {readOnly ? (
                <DateView id={ids.date} value={header.formDate} />
              ) : (
                <DateInput
                  id={ids.date}
                  value={header.formDate}
                  required
                  invalid={errors.messageFor('formDate') !== null}
                  describedBy={errors.messageFor('formDate') ? errors.id : undefined}
                  onChange={(formDate) => onHeader({ formDate })}
                />
              )}
              <HeaderMessage id={errors.id} message={errors.messageFor('formDate')} />
            </div>
          </div>
          {props.givenByOrganisation ? (
            <>
              <HeaderValue label="Workplace" value={submission?.workplaceName ?? ''} />
              <HeaderValue label="Branch" value={submission?.branchName ?? ''} />
              <HeaderValue label="Coordinator" value={coordinatorName} />
            </>
          ) : (
            <ChosenPlaces {...props} coordinatorName={coordinatorName} errors={errors} />
          )}
        </div>
      </div>
    </section>
  );
}

/** Workplace, branch and coordinator as the organisation's own people choose them. */
function ChosenPlaces({
  submission,
  header,
  onHeader,
  onWorkplace,
  onCoordinator,
  readOnly,
  references,
  workplaces,
  branches,
  branchNotApplicable,
  guest,
  coordinatorName,
  errors,
}: InitialDetailsProps & { coordinatorName: string; errors: HeaderErrors }) {
  const ids = { workplace: useId(), branch: useId(), coordinator: useId() };
  const employees = references.employee;
  return (
    <>
      <HeaderSelect
        id={ids.workplace}
        label="Workplace"
        value={header.workplace}
        disabled={readOnly}
        options={withStored(workplaces, workplaces, header.workplace, submission?.workplaceName)}
        onChange={(workplace) => onWorkplace(workplace)}
        inputProps={errors.inputProps('workplace')}
        errorId={errors.id}
        message={errors.messageFor('workplace')}
      />
      {branchNotApplicable ? (
        <HeaderValue label="Branch" value={messages.submission.branchNotApplicable} />
      ) : (
        <HeaderSelect
          id={ids.branch}
          label="Branch"
          value={header.branch}
          disabled={readOnly || !header.workplace}
          options={withStored(branches, branches, header.branch, submission?.branchName)}
          onChange={(branch) => onHeader({ branch })}
          inputProps={errors.inputProps('branch')}
          errorId={errors.id}
          message={errors.messageFor('branch')}
        />
      )}
      <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
        <div className="field">
          <FieldLabel htmlFor={ids.coordinator} id={`${ids.coordinator}-label`} required>
            Coordinator
          </FieldLabel>
          <SearchChoice
            id={ids.coordinator}
            labelledBy={`${ids.coordinator}-label`}
            name={coordinatorName}
            // Employees are searched on the server (thousands in a large organisation).
            disabled={readOnly || !!guest || !employees.searched}
            invalid={errors.messageFor('coordinator') !== null}
            describedBy={errors.messageFor('coordinator') ? errors.id : undefined}
            queryKey={employees.searched?.key ?? []}
            search={(text, page) => employees.searched!.search(text, page)}
            empty="No active employee matches."
            onPick={(option) => {
              employees.searched?.remember({ _id: option.value, name: option.label });
              onCoordinator(option.value);
            }}
          />
          <HeaderMessage id={errors.id} message={errors.messageFor('coordinator')} />
        </div>
      </div>
    </>
  );
}

export function withStored(
  active: TNamedOption[],
  all: TNamedOption[],
  chosen: string,
  storedName?: string,
): TNamedOption[] {
  if (!chosen || active.some((option) => option._id === chosen)) return active;
  const known = all.find((option) => option._id === chosen);
  return [...active, known ?? { _id: chosen, name: storedName || 'Unavailable' }];
}

/** A required select of the initial-details card (workplace, branch, coordinator). */
function HeaderSelect(props: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  options: readonly { _id: string; name: string }[];
  onChange: (value: string) => void;
  inputProps: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
  errorId: string;
  message: string | null;
}) {
  return (
    <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
      <div className="field">
        <FieldLabel htmlFor={props.id} required>
          {props.label}
        </FieldLabel>
        <select
          id={props.id}
          className="input"
          value={props.value}
          disabled={props.disabled}
          aria-required
          {...props.inputProps}
          onChange={(event) => props.onChange(event.target.value)}
        >
          <option value="">Select One</option>
          {props.options.map((option) => (
            <option key={option._id} value={option._id}>
              {option.name}
            </option>
          ))}
        </select>
        <HeaderMessage id={props.errorId} message={props.message} />
      </div>
    </div>
  );
}

/** A header value shown, not asked for. */
function HeaderValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
      <div className="field">
        <span className="field-label">{label}</span>
        <p className="field-value">{value || '—'}</p>
      </div>
    </div>
  );
}

function HeaderMessage({ id, message }: { id: string; message: string | null }) {
  return <FieldError id={id} message={message} />;
}

function DateView({ id, value }: { id: string; value: string }) {
  return <input id={id} className="input" readOnly value={displayDay(value)} />;
}
