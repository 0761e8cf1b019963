import {
  formSubmissionCloseCall,
  formSubmissionReopenCall,
  messages,
  supplierFormCloseOffCall,
  type TFormSubmission,
  type TFormSubmissionSaveResult,
  type TNamedOption,
  type TSubmissionAttachment,
  type TTask,
} from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ChevronDown, History, Lock, Paperclip, RotateCw } from 'lucide-react';
import { useId, useRef, useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import {
  DateInput,
  displayDate,
  FieldRenderer,
  type FileFieldState,
  type References,
  type TaskFieldState,
} from '../../fields';
import { AssignActionDialog, type AssignActionMode } from './AssignActionDialog';
import { AttachmentsDialog } from './AttachmentsDialog';
import { browserTimeZone, fetchBranches, submissionKeys, useBranches } from './api';
import {
  applyTaskDraft,
  BUTTON_LABELS,
  editorButtons,
  HEADER_MESSAGE_FIELD,
  saveRequest,
  validate,
  visibleSections,
  type EditorButton,
  type EditorState,
  type FormShape,
  type HeaderField,
  type TaskDraft,
} from './editorState';
import { HistoryDialog } from './HistoryDialog';
import { MY_RECORDS_PATH, recordPath } from './paths';
import { hasUnsavedChanges, useUnsavedChangesGuard } from './UnsavedChanges';
import { sessionTransport, type EditorTransport } from './editorTransport';

/**
 * The editor opened through an e-mailed link (View and Update Form Submission, 001 sections 2.1
 * and 2.3): its calls carry the link's token; no History, Sign Off, Save and Close or Re-Open.
 */
export interface LinkMode {
  /** View Form Submission: read-only, with Back as the only button. */
  viewOnly: boolean;
  /** The initial-details card is left out (a supplier assessment on the View screen). */
  hideInitialDetails: boolean;
  /** Cancel / Back: leaves for the product's home site. */
  onLeave: () => void;
  /** After a successful save, instead of reading the form again (the screen's navigation rules). */
  onSaved?: (saved: TFormSubmissionSaveResult, asDraft: boolean) => Promise<void>;
}

/** What a link may press (it never closes or re-opens a form). */
const LINK_BUTTONS: EditorButton[] = ['saveDraft', 'submit', 'save'];

/** A guest of a template's QR poster (features/qrSubmissions): Submit only, the coordinator fixed. */
export interface GuestMode {
  coordinatorName: string;
  /** Sends the checked form; the page then shows its thank-you. */
  submit: (state: EditorState) => Promise<void>;
}

interface SubmissionEditorProps {
  shape: FormShape;
  /** The stored submission; null for a new one. */
  submission: TFormSubmission | null;
  initial: EditorState;
  references: References;
  workplaces: TNamedOption[];
  /** The signed-in user: their employee id and name ('Recorded By' of a new form). */
  viewer: { employeeId: string | null; name: string };
  /** Opened from an action link (my-action-edit/{id}/{taskId}). */
  openTaskId?: string;
  /** The calls the editor makes (editorTransport.ts): the signed-in user's unless a page passes its own. */
  transport?: EditorTransport;
  linkMode?: LinkMode;
  guest?: GuestMode;
}

type ActionDialogState = { mode: AssignActionMode; task: TTask | null; fieldId: string } | null;

/** Raised inside a save so the caller shows the messages next to the inputs, not only in a toast. */
class ClientValidation extends Error {}

/**
 * The editable submission screen (001 section 2.2): the initial-details card, the sections in the
 * 12-column grid, the banners, the buttons of section 4 and the Assign Action, attachment and
 * history dialogs. One instance per stored version: after a save the page remounts it.
 */
export function SubmissionEditor({
  shape,
  submission,
  initial,
  references,
  workplaces,
  viewer,
  openTaskId,
  transport = sessionTransport,
  linkMode,
  guest,
}: SubmissionEditorProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const ids = {
    description: useId(),
    date: useId(),
    workplace: useId(),
    branch: useId(),
    coordinator: useId(),
    headerError: useId(),
  };
  const [state, setState] = useState<EditorState>(initial);
  const [headerError, setHeaderError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<EditorButton | null>(null);
  const [conflict, setConflict] = useState(false);
  const [openTaskDialog, setOpenTaskDialog] = useState(false);
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  const [actionDialog, setActionDialog] = useState<ActionDialogState>(() => {
    const task = openTaskId ? initial.tasks.find((item) => item._id === openTaskId) : undefined;
    if (!task) return null;
    const editable = submission?.canEdit === 'yes' && !task.complete;
    return { mode: editable ? 'edit' : 'view', task, fieldId: task.relatedFormId ?? '' };
  });
  // A new form whose first save created it: later failures must not create a second one.
  const createdId = useRef<string | null>(null);

  const branchList = useBranches(state.header.workplace, transport.branches);
  const branches = branchList.data ?? [];
  const isNew = submission === null;
  const isDraft = isNew || submission.isDraft === 'yes';
  const isClosed = submission?.isClose === 'yes';
  // A draft's number already says it is one: '(Draft)', not '(Draft) · Draft'.
  const subtitle = isNew
    ? 'New submission'
    : isDraft
      ? submission.formatedNumber
      : `${submission.formatedNumber} · ${submission.status}`;
  const canEdit = isNew || submission.canEdit === 'yes';
  const isCoordinator = !!viewer.employeeId && state.header.submissionUserId[0]?.userId === viewer.employeeId;
  const readOnly = !canEdit;
  const attachments: TSubmissionAttachment[] = submission?.attachment ?? [];
  const sections = visibleSections(shape, isDraft);
  const buttons: { button: EditorButton; enabled: boolean }[] = guest
    ? [{ button: 'submit', enabled: true }]
    : editorButtons({ isNew, isDraft, isClosed, canEdit, isCoordinator }).filter(
        ({ button }) => !linkMode || (!linkMode.viewOnly && LINK_BUTTONS.includes(button)),
      );
  const unsaved = useUnsavedChangesGuard(canEdit && hasUnsavedChanges(initial, state));

  const setHeader = (change: Partial<EditorState['header']>) =>
    setState((previous) => ({ ...previous, header: { ...previous.header, ...change } }));

  const headerErrorFor = (field: HeaderField) =>
    headerError && HEADER_MESSAGE_FIELD[headerError] === field ? headerError : null;
  const headerInputProps = (field: HeaderField) => {
    const invalid = headerErrorFor(field) !== null;
    return {
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? ids.headerError : undefined,
    };
  };

  // Branch defaults (001 section 5): a workplace with exactly one branch preselects it.
  const chooseWorkplace = async (workplace: string) => {
    setHeader({ workplace, branch: '' });
    if (!workplace) return;
    try {
      const list = await fetchBranches(queryClient, workplace, transport.branches);
      if (list.length === 1) {
        setState((previous) =>
          previous.header.workplace === workplace && previous.header.branch === ''
            ? { ...previous, header: { ...previous.header, branch: list[0]!._id } }
            : previous,
        );
      }
    } catch (error) {
      notifyError(error);
    }
  };

  const chooseCoordinator = (userId: string) => {
    const others = state.header.submissionUserId.slice(1).filter((user) => user.userId !== userId);
    setHeader({ submissionUserId: userId ? [{ userId }, ...others] : others });
  };

  // ---------- Saving ----------

  const save = (body: ReturnType<typeof saveRequest>) => transport.save(body);

  /**
   * Save Draft / Submit / Save (001 section 4). Files go to a stored form, so a new form with
   * files is first saved as a draft, then the files are uploaded, then it is saved as chosen.
   */
  const persist = async (asDraft: boolean) => {
    const check = validate(shape, state, attachments, asDraft);
    setHeaderError(check.header);
    setFieldErrors(check.fields);
    if (check.first) throw new ClientValidation(check.first);
    if (guest) {
      await guest.submit(state);
      return null;
    }

    const timeZone = browserTimeZone();
    let stored = submission ? { _id: submission._id, version: submission.version } : null;
    const uploads = Object.entries(state.pending).filter(([, files]) => files.length > 0);
    if (!stored && uploads.length > 0) {
      // Without its actions: they are created once, by the save below, so each gets one number and
      // one mail (sent again without ids they would be replaced).
      const first = await save(saveRequest(shape, { ...state, tasks: [] }, true, null, timeZone));
      createdId.current = first.data._id;
      stored = { _id: first.data._id, version: first.data.version };
    }
    if (stored) {
      for (const [fieldId, files] of uploads) {
        const form = new FormData();
        // The server reads the text fields before the files.
        form.set('_id', stored._id);
        form.set('relatedFormId', fieldId);
        for (const file of files) form.append('files', file, file.name);
        const uploaded = await transport.uploadFiles(form);
        stored = { ...stored, version: uploaded.data.version };
      }
    }
    return save(saveRequest(shape, state, asDraft, stored, timeZone));
  };

  const isFieldId = (id: string) => shape.fieldList.some((field) => field._id === id);

  const showFailure = (error: unknown) => {
    if (error instanceof ClientValidation) {
      toast.error(error.message);
      return;
    }
    if (error instanceof ApiError) {
      if (error.errorCode === 'stale_version') {
        setConflict(true);
        return;
      }
      if (error.errorCode === 'open_tasks_block_close') {
        setOpenTaskDialog(true);
        return;
      }
      const header = error.validationErrors.find((problem) => problem.field === 'header');
      if (header) setHeaderError(header.message);
      const fields = error.validationErrors.filter((problem) => isFieldId(problem.field));
      if (fields.length > 0)
        setFieldErrors(Object.fromEntries(fields.map((problem) => [problem.field, problem.message])));
    }
    notifyError(error);
  };

  /** After a change on the server: the lists and this form are read again. */
  const reloadStored = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: ['submissions', 'list'] });
    if (isNew) {
      unsaved.allowLeave();
      navigate(recordPath(id), { replace: true });
    } else await queryClient.invalidateQueries({ queryKey: submissionKeys.details(id) });
  };

  // 001 section 4: supplier forms close through the supplier close-off; the others through the
  // submission close (for hr forms it closes their assignment too, see docs/decisions.md).
  const closeForm = async (version: number) => {
    const localTimeZone = browserTimeZone();
    const result =
      shape.formType === 'supplier'
        ? await sendCall(supplierFormCloseOffCall, {
            body: { formSumissionId: submission!._id, localTimeZone },
          })
        : await sendCall(formSubmissionCloseCall, {
            body: { _id: submission!._id, version, localTimeZone },
          });
    toast.success(result.message);
    await queryClient.invalidateQueries({ queryKey: submissionKeys.all });
    // 001 section 4: after close the employee goes back to the dashboard.
    unsaved.allowLeave();
    navigate('/dashboard');
  };

  const run = async (button: EditorButton) => {
    if (busy) return;
    const incomplete = state.tasks.some((task) => !task.complete);
    if ((button === 'signOff' || button === 'saveAndClose') && incomplete) {
      setOpenTaskDialog(true);
      return;
    }
    setBusy(button);
    try {
      if (button === 'reopen') {
        const result = await sendCall(formSubmissionReopenCall, {
          body: { _id: submission!._id, version: submission!.version },
        });
        toast.success(result.message);
        await reloadStored(submission!._id);
      } else if (button === 'signOff') {
        await closeForm(submission!.version);
      } else {
        const result = await persist(button === 'saveDraft');
        // A guest's page shows its thank-you instead.
        if (!result) return;
        if (button === 'saveAndClose') {
          await closeForm(result.data.version);
          return;
        }
        toast.success(result.message);
        if (linkMode?.onSaved) {
          // Saved: the screen's navigation rules may leave now (a refusal remounts the editor).
          unsaved.allowLeave();
          await linkMode.onSaved(result.data, button === 'saveDraft');
          return;
        }
        await reloadStored(result.data._id);
      }
    } catch (error) {
      showFailure(error);
      // The first save of a new form with files created it: continue from the stored form.
      if (isNew && createdId.current) {
        unsaved.allowLeave();
        navigate(recordPath(createdId.current), { replace: true });
      }
    } finally {
      setBusy(null);
    }
  };

  const reload = async () => {
    if (!submission) return;
    setConflict(false);
    await queryClient.invalidateQueries({ queryKey: submissionKeys.details(submission._id) });
  };

  // ---------- Fields, files and actions ----------

  const files: FileFieldState = {
    existing: attachments,
    pending: state.pending,
    ...(canEdit
      ? {
          onAdd: (fieldId: string, chosen: File[]) =>
            setState((previous) => ({
              ...previous,
              pending: { ...previous.pending, [fieldId]: [...(previous.pending[fieldId] ?? []), ...chosen] },
            })),
          onRemovePending: (fieldId: string, file: File) =>
            setState((previous) => ({
              ...previous,
              pending: {
                ...previous.pending,
                [fieldId]: (previous.pending[fieldId] ?? []).filter((item) => item !== file),
              },
            })),
          ...(submission ? { onDelete: (file: TSubmissionAttachment) => deleteAttachment(file) } : {}),
        }
      : {}),
  };

  const deleteAttachment = async (file: TSubmissionAttachment) => {
    try {
      toast.success(await transport.deleteFile(submission!._id, file._id));
      await queryClient.invalidateQueries({ queryKey: submissionKeys.details(submission!._id) });
    } catch (error) {
      notifyError(error);
    }
  };

  const tasks: TaskFieldState = {
    items: state.tasks,
    onView: (task) => setActionDialog({ mode: 'view', task, fieldId: task.relatedFormId ?? '' }),
    ...(canEdit
      ? {
          onAdd: (fieldId: string) => setActionDialog({ mode: 'create', task: null, fieldId }),
          onEdit: (task: TTask) => setActionDialog({ mode: 'edit', task, fieldId: task.relatedFormId ?? '' }),
          onDelete: (task: TTask) => {
            if (!window.confirm('Are you sure want to delete this action?')) return;
            setState((previous) => ({
              ...previous,
              tasks: previous.tasks.filter((item) => item._id !== task._id),
              newTaskIds: previous.newTaskIds.filter((id) => id !== task._id),
            }));
          },
        }
      : {}),
  };

  const saveTask = (draft: TaskDraft) => {
    if (!actionDialog) return;
    const base = actionDialog.task;
    setState((previous) => {
      const task = applyTaskDraft(
        base,
        draft,
        actionDialog.fieldId,
        previous.tasks.length + 1,
        browserTimeZone(),
      );
      return base
        ? { ...previous, tasks: previous.tasks.map((item) => (item._id === base._id ? task : item)) }
        : { ...previous, tasks: [...previous.tasks, task], newTaskIds: [...previous.newTaskIds, task._id] };
    });
    setFieldErrors((previous) => {
      const next = { ...previous };
      delete next[actionDialog.fieldId];
      return next;
    });
    setActionDialog(null);
  };

  // ---------- Rendering ----------

  const coordinatorId = state.header.submissionUserId[0]?.userId ?? '';
  const coordinatorOptions = guest
    ? [{ _id: coordinatorId, name: guest.coordinatorName }]
    : withStored(references.employee.active, references.employee.all, coordinatorId);
  const workplaceOptions = workplaces;
  const recordedBy = isNew
    ? shape.formType === 'qr'
      ? messages.submission.guestUser
      : viewer.name
    : (submission.recordedBy[0]?.name ?? '');

  return (
    <div className="submission-editor submissions-page stack-lg">
      <div className="page-header">
        <div>
          <h1>{shape.formTemplateName}</h1>
          <p>{subtitle}</p>
        </div>
        {submission && (
          <div className="row">
            <Button
              icon={<Paperclip size={16} aria-hidden="true" />}
              onClick={() => setAttachmentsOpen(true)}
            >
              View Attachments ({attachments.length})
            </Button>
            {!linkMode && (
              <Button icon={<History size={16} aria-hidden="true" />} onClick={() => setHistoryOpen(true)}>
                History
              </Button>
            )}
          </div>
        )}
      </div>

      {conflict && (
        <div className="alert alert-danger submission-conflict" role="alert">
          <AlertTriangle size={18} aria-hidden="true" />
          <div className="stack">
            <p>
              <strong>Someone else saved this submission.</strong> {messages.closeOff.stale} Reloading shows
              their version; your unsaved changes on this screen are discarded.
            </p>
            <div>
              <Button
                variant="primary"
                size="sm"
                icon={<RotateCw size={16} aria-hidden="true" />}
                onClick={() => void reload()}
              >
                Reload
              </Button>
            </div>
          </div>
        </div>
      )}

      {submission && submission.editBlockedMessage && (
        <div className="alert alert-warning" role="status" data-testid="edit-banner">
          <Lock size={18} aria-hidden="true" />
          <span>{submission.editBlockedMessage}</span>
        </div>
      )}

      <section
        className="card"
        aria-labelledby={`${ids.headerError}-title`}
        hidden={linkMode?.hideInitialDetails}
      >
        <div className="card-header">
          <h2 className="card-title" id={`${ids.headerError}-title`}>
            Initial details
          </h2>
        </div>
        <div className="card-body">
          <div className="field-grid submission-header">
            <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
              <div className="field">
                <span className="field-label">Type of Form</span>
                <p className="field-value">{shape.formTemplateName}</p>
              </div>
            </div>
            <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
              <div className="field">
                <span className="field-label">Form Number</span>
                <p className="field-value" data-testid="form-number">
                  {guest ? (
                    'Given when submitted'
                  ) : isDraft ? (
                    <span className="badge badge-warning">Draft</span>
                  ) : (
                    submission.formatedNumber
                  )}
                </p>
              </div>
            </div>
            <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
              <div className="field">
                <span className="field-label">Recorded By</span>
                <p className="field-value">{recordedBy || '—'}</p>
              </div>
            </div>
            <div className="field-cell" style={{ '--col-size': 8 } as CSSProperties}>
              <div className="field">
                <label className="field-label" htmlFor={ids.description}>
                  Description
                  <span className="field-required" aria-hidden="true">
                    *
                  </span>
                </label>
                <input
                  id={ids.description}
                  className="input"
                  value={state.header.formDescription}
                  readOnly={readOnly}
                  aria-required
                  maxLength={1000}
                  {...headerInputProps('formDescription')}
                  onChange={(event) => setHeader({ formDescription: event.target.value })}
                />
                <HeaderMessage id={ids.headerError} message={headerErrorFor('formDescription')} />
              </div>
            </div>
            <div className="field-cell" style={{ '--col-size': 4 } as CSSProperties}>
              <div className="field">
                <label className="field-label" htmlFor={ids.date}>
                  Date
                  <span className="field-required" aria-hidden="true">
                    *
                  </span>
                </label>
                {readOnly ? (
                  <DateView id={ids.date} value={state.header.formDate} />
                ) : (
                  <DateInput
                    id={ids.date}
                    value={state.header.formDate}
                    required
                    invalid={headerErrorFor('formDate') !== null}
                    describedBy={headerErrorFor('formDate') ? ids.headerError : undefined}
                    onChange={(formDate) => setHeader({ formDate })}
                  />
                )}
                <HeaderMessage id={ids.headerError} message={headerErrorFor('formDate')} />
              </div>
            </div>
            <HeaderSelect
              id={ids.workplace}
              label="Workplace"
              value={state.header.workplace}
              disabled={readOnly}
              options={withStored(
                workplaceOptions,
                workplaceOptions,
                state.header.workplace,
                submission?.workplaceName,
              )}
              onChange={(workplace) => void chooseWorkplace(workplace)}
              inputProps={headerInputProps('workplace')}
              errorId={ids.headerError}
              message={headerErrorFor('workplace')}
            />
            <HeaderSelect
              id={ids.branch}
              label="Branch"
              value={state.header.branch}
              disabled={readOnly || !state.header.workplace}
              options={withStored(branches, branches, state.header.branch, submission?.branchName)}
              onChange={(branch) => setHeader({ branch })}
              inputProps={headerInputProps('branch')}
              errorId={ids.headerError}
              message={headerErrorFor('branch')}
            />
            <HeaderSelect
              id={ids.coordinator}
              label="Coordinator"
              value={coordinatorId}
              disabled={readOnly || !!guest}
              options={coordinatorOptions}
              onChange={chooseCoordinator}
              inputProps={headerInputProps('coordinator')}
              errorId={ids.headerError}
              message={headerErrorFor('coordinator')}
            />
          </div>
        </div>
      </section>

      {sections.map(({ section, fields }) => {
        const isCollapsed = collapsed[section._id] ?? false;
        const bodyId = `section-${section._id}`;
        return (
          <section key={section._id} className="card submission-section" aria-label={section.level}>
            <div className="card-header">
              <h2 className="card-title">
                <button
                  type="button"
                  className="section-toggle"
                  aria-expanded={!isCollapsed}
                  aria-controls={bodyId}
                  onClick={() => setCollapsed((previous) => ({ ...previous, [section._id]: !isCollapsed }))}
                >
                  <ChevronDown size={18} aria-hidden="true" className="section-chevron" />
                  {section.level}
                </button>
              </h2>
            </div>
            <div className="card-body" id={bodyId} hidden={isCollapsed}>
              <FieldRenderer
                fields={fields}
                values={state.values}
                onChange={(fieldId, value) =>
                  setState((previous) => ({ ...previous, values: { ...previous.values, [fieldId]: value } }))
                }
                errors={fieldErrors}
                readOnly={readOnly}
                references={references}
                files={files}
                tasks={tasks}
              />
            </div>
          </section>
        );
      })}

      <div className="submission-buttons" role="group" aria-label="Form actions">
        {!guest && (
          <Button
            onClick={() => (linkMode ? linkMode.onLeave() : navigate(MY_RECORDS_PATH))}
            disabled={busy !== null}
          >
            {linkMode?.viewOnly ? 'Back' : 'Cancel'}
          </Button>
        )}
        {buttons.map(({ button, enabled }) => (
          <Button
            key={button}
            variant={
              button === 'submit' || button === 'save' || button === 'reopen' ? 'primary' : 'secondary'
            }
            disabled={!enabled || (busy !== null && busy !== button)}
            loading={busy === button}
            onClick={() => void run(button)}
          >
            {BUTTON_LABELS[button]}
          </Button>
        ))}
      </div>

      {actionDialog && (
        <AssignActionDialog
          mode={actionDialog.mode}
          task={actionDialog.task}
          references={references}
          onSave={saveTask}
          onClose={() => setActionDialog(null)}
        />
      )}
      {attachmentsOpen && submission && (
        <AttachmentsDialog
          attachments={attachments}
          fieldList={shape.fieldList}
          onDelete={canEdit ? deleteAttachment : undefined}
          onClose={() => setAttachmentsOpen(false)}
        />
      )}
      {historyOpen && submission && (
        <HistoryDialog
          submissionId={submission._id}
          context={{
            fieldList: shape.fieldList,
            names: historyNames(references, [...workplaces, ...branches]),
          }}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      {openTaskDialog && (
        <Dialog
          title="Closed task"
          onClose={() => setOpenTaskDialog(false)}
          footer={
            <Button variant="primary" onClick={() => setOpenTaskDialog(false)}>
              OK
            </Button>
          }
        >
          <p>{messages.submission.openTaskBlocksClose}</p>
        </Dialog>
      )}
      {unsaved.dialog}
    </div>
  );
}

/** The active options, plus the stored choice when it is no longer active (so it still shows). */
function withStored(
  active: TNamedOption[],
  all: TNamedOption[],
  chosen: string,
  storedName?: string,
): TNamedOption[] {
  if (!chosen || active.some((option) => option._id === chosen)) return active;
  const known = all.find((option) => option._id === chosen);
  return [...active, known ?? { _id: chosen, name: storedName || 'Unavailable' }];
}

/** Every id a change log may name, with its name. */
function historyNames(references: References, places: TNamedOption[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const list of Object.values(references))
    for (const option of list.all) names.set(option._id, option.name);
  for (const place of places) names.set(place._id, place.name);
  return names;
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
        <label className="field-label" htmlFor={props.id}>
          {props.label}
          <span className="field-required" aria-hidden="true">
            *
          </span>
        </label>
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

function HeaderMessage({ id, message }: { id: string; message: string | null }) {
  return <FieldError id={id} message={message} />;
}

function DateView({ id, value }: { id: string; value: string }) {
  return <input id={id} className="input" readOnly value={displayDate(value)} />;
}
