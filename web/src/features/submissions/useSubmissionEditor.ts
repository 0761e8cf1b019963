import {
  headerGivenByOrganisation,
  formSubmissionCloseCall,
  formSubmissionReopenCall,
  supplierFormCloseOffCall,
  type TFormSubmission,
  type TSubmissionAttachment,
  type TTask,
} from '@compass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import type { FileFieldState, TaskFieldState } from '../../fields';
import type { AssignActionMode } from './AssignActionDialog';
import { fetchBranches, submissionKeys, useBranches } from './api';
import { browserTimeZone } from '../../lib/timeZone';
import {
  applyTaskDraft,
  editorButtons,
  saveRequest,
  validate,
  visibleSections,
  type EditorButton,
  type EditorState,
  type FormShape,
  type TaskDraft,
} from './editorState';
import { recordPath } from './paths';
import { hasUnsavedChanges, useUnsavedChangesGuard } from './UnsavedChanges';
import { sessionTransport, type EditorTransport } from './editorTransport';
import type { GuestMode, LinkMode } from './editorModes';

/** What a link may press (it never closes or re-opens a form). */
const LINK_BUTTONS: EditorButton[] = ['saveDraft', 'submit', 'save'];

type ActionDialogState = { mode: AssignActionMode; task: TTask | null; fieldId: string } | null;

/** Raised inside a save so the caller shows the messages next to the inputs, not only in a toast. */
class ClientValidation extends Error {}

export interface EditorInput {
  shape: FormShape;
  submission: TFormSubmission | null;
  initial: EditorState;
  viewer: { employeeId: string | null };
  openTaskId?: string;
  transport?: EditorTransport;
  linkMode?: LinkMode;
  guest?: GuestMode;
}

/**
 * The submission editor's state and work: the answers, the buttons of 001 section 4 and what each
 * does (save with its uploads, close, re-open), the failures shown where they belong, files and
 * actions. The screen (SubmissionEditor) only lays it out.
 */
export function useSubmissionEditor({
  shape,
  submission,
  initial,
  viewer,
  openTaskId,
  transport = sessionTransport,
  linkMode,
  guest,
}: EditorInput) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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

  // A supplier filling in its form is not asked for the organisation's coordinator and place.
  const givenByOrganisation = headerGivenByOrganisation(shape.formType, viewer.employeeId !== null);
  const branchList = useBranches(givenByOrganisation ? '' : state.header.workplace, transport.branches);
  const branches = branchList.data ?? [];
  // A workplace without branches needs none (until its list is read, the server's check decides).
  const workplaceHasBranches = branches.length > 0;
  const branchNotApplicable =
    !!state.header.workplace && branchList.isSuccess && !workplaceHasBranches && !state.header.branch;
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
    const check = validate(shape, state, attachments, asDraft, { workplaceHasBranches, givenByOrganisation });
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
    await queryClient.invalidateQueries({ queryKey: submissionKeys.lists });
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
  return {
    state,
    setState,
    setHeader,
    headerError,
    fieldErrors,
    busy,
    conflict,
    openTaskDialog,
    setOpenTaskDialog,
    attachmentsOpen,
    setAttachmentsOpen,
    historyOpen,
    setHistoryOpen,
    collapsed,
    setCollapsed,
    actionDialog,
    setActionDialog,
    branches,
    branchNotApplicable,
    givenByOrganisation,
    isNew,
    isDraft,
    subtitle,
    canEdit,
    readOnly,
    attachments,
    sections,
    buttons,
    unsaved,
    chooseWorkplace,
    chooseCoordinator,
    run,
    reload,
    files,
    deleteAttachment,
    tasks,
    saveTask,
  };
}
