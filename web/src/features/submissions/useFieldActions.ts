import type { TFormSubmission, TTask } from '@compass/shared';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { TaskFieldState } from '../../fields';
import { browserTimeZone } from '../../lib/timeZone';
import type { AssignActionMode } from './AssignActionDialog';
import { applyTaskDraft, type EditorState, type TaskDraft } from './editorState';

type ActionDialogState = { mode: AssignActionMode; task: TTask | null; fieldId: string } | null;

interface FieldActionsInput {
  submission: TFormSubmission | null;
  initial: EditorState;
  state: EditorState;
  setState: Dispatch<SetStateAction<EditorState>>;
  setFieldErrors: Dispatch<SetStateAction<Record<string, string>>>;
  canEdit: boolean;
  openTaskId?: string;
}

/** The actions of the action fields and the Assign Action dialog that creates, edits or shows one. */
export function useFieldActions({
  submission,
  initial,
  state,
  setState,
  setFieldErrors,
  canEdit,
  openTaskId,
}: FieldActionsInput) {
  const [actionDialog, setActionDialog] = useState<ActionDialogState>(() => {
    const task = openTaskId ? initial.tasks.find((item) => item._id === openTaskId) : undefined;
    if (!task) return null;
    const editable = submission?.canEdit === 'yes' && !task.complete;
    return { mode: editable ? 'edit' : 'view', task, fieldId: task.relatedFormId ?? '' };
  });

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

  return { actionDialog, setActionDialog, tasks, saveTask };
}
