import type { TFormSubmission, TSubmissionAttachment } from '@compass/shared';
import { useState } from 'react';
import {
  editorButtons,
  visibleSections,
  type EditorButton,
  type EditorState,
  type FormShape,
} from './editorState';
import { useUnsavedChangesGuard } from '../../components/UnsavedChanges';
import { hasUnsavedChanges } from './UnsavedChanges';
import { sessionTransport, type EditorTransport } from './editorTransport';
import type { GuestMode, LinkMode } from './editorModes';
import { useEditorCommands } from './useEditorCommands';
import { useFieldActions } from './useFieldActions';
import { useFieldFiles } from './useFieldFiles';
import { useInitialDetails } from './useInitialDetails';

/** What a link may press (it never closes or re-opens a form). */
const LINK_BUTTONS: EditorButton[] = ['saveDraft', 'submit', 'save'];

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
 * does (useEditorCommands), the initial details' places (useInitialDetails), files and actions
 * (useFieldFiles, useFieldActions). The screen (SubmissionEditor) only lays it out.
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
  const [state, setState] = useState<EditorState>(initial);
  const [headerError, setHeaderError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [attachmentsOpen, setAttachmentsOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});

  const details = useInitialDetails({ shape, viewer, state, setState, transport });
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

  const commands = useEditorCommands({
    shape,
    submission,
    state,
    attachments,
    transport,
    linkMode,
    guest,
    places: {
      workplaceHasBranches: details.workplaceHasBranches,
      givenByOrganisation: details.givenByOrganisation,
    },
    unsaved,
    setHeaderError,
    setFieldErrors,
  });
  const { files, deleteAttachment } = useFieldFiles({
    submission,
    attachments,
    state,
    setState,
    canEdit,
    transport,
  });
  const actions = useFieldActions({
    submission,
    initial,
    state,
    setState,
    setFieldErrors,
    canEdit,
    openTaskId,
  });

  return {
    state,
    setState,
    setHeader: details.setHeader,
    headerError,
    fieldErrors,
    busy: commands.busy,
    conflict: commands.conflict,
    openTaskDialog: commands.openTaskDialog,
    setOpenTaskDialog: commands.setOpenTaskDialog,
    attachmentsOpen,
    setAttachmentsOpen,
    historyOpen,
    setHistoryOpen,
    collapsed,
    setCollapsed,
    actionDialog: actions.actionDialog,
    setActionDialog: actions.setActionDialog,
    branches: details.branches,
    branchNotApplicable: details.branchNotApplicable,
    givenByOrganisation: details.givenByOrganisation,
    isNew,
    isDraft,
    subtitle,
    canEdit,
    readOnly,
    attachments,
    sections,
    buttons,
    unsaved,
    chooseWorkplace: details.chooseWorkplace,
    chooseCoordinator: details.chooseCoordinator,
    run: commands.run,
    reload: commands.reload,
    files,
    deleteAttachment,
    tasks: actions.tasks,
    saveTask: actions.saveTask,
  };
}

/** The editor's state and work as the screen's parts receive it. */
export type SubmissionEditorModel = ReturnType<typeof useSubmissionEditor>;
