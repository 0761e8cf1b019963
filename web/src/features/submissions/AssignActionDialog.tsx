import { displayDay, messages, taskProblem, type TAttachment, type TTask } from '@compass/shared';
import { useId, useState } from 'react';
import { StoredFile } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { FieldLabel, FormField } from '../../components/FormField';
import { SearchChoice } from '../../components/SearchPicker';
import { TabPanel, Tabs } from '../../components/Tabs';
import { DateInput, type References } from '../../fields';
import type { TaskDraft } from './editorState';

export type AssignActionMode = 'create' | 'edit' | 'view';

interface AssignActionDialogProps {
  mode: AssignActionMode;
  /** The action edited or viewed; null when creating. */
  task: TTask | null;
  references: References;
  onSave?: (draft: TaskDraft) => void;
  onClose: () => void;
}

const TABS = [
  { value: 'internal', label: 'Internal' },
  { value: 'external', label: 'External' },
] as const;

/** Which input a dialog message belongs to. */
const MESSAGE_INPUT: Record<string, keyof TaskDraft> = {
  [messages.action.instructionRequired]: 'instruction',
  [messages.action.actionTypeRequired]: 'actionType',
  [messages.action.investigatorRequired]: 'investigator',
  [messages.action.dueDateRequired]: 'due',
};

export function TaskAttachments({ files }: { files: TAttachment[] }) {
  if (files.length === 0) return <p className="text-secondary">No attachments.</p>;
  return (
    <ul className="attachment-list">
      {files.map((file) => (
        <li key={file._id} className="row">
          <StoredFile file={file} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Assign Action (001 sections 2.2, 3, 5): create, edit (with the assignee's response) and view.
 * Internal actions go to active employees, external ones to active personnel; Instruction,
 * Assigned to and Due are required, with the four messages in the spec's order. Completed
 * actions only open in view mode.
 */
export function AssignActionDialog({ mode, task, references, onSave, onClose }: AssignActionDialogProps) {
  const errorId = useId();
  const readOnly = mode === 'view';
  const [draft, setDraft] = useState<TaskDraft>({
    instruction: task?.instruction ?? '',
    actionType: task?.actionType ?? 'internal',
    investigator: task?.investigator ?? '',
    due: task?.due ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const errorInput = error ? MESSAGE_INPUT[error] : undefined;

  const update = (change: Partial<TaskDraft>) => setDraft((previous) => ({ ...previous, ...change }));

  const save = () => {
    const problem = taskProblem(draft);
    setError(problem);
    if (!problem) onSave?.(draft);
  };

  const title = 'Assign Action';
  const description =
    mode === 'create'
      ? 'New action'
      : mode === 'edit'
        ? `Edit action ${task?.id ?? ''}`
        : `Action ${task?.id ?? ''}`;

  return (
    <Dialog
      title={title}
      description={description}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          {!readOnly && (
            <Button variant="primary" onClick={save}>
              {mode === 'create' ? 'Add' : 'Update'}
            </Button>
          )}
        </>
      }
    >
      <div className="stack assign-action">
        <FormField label="Instruction" required error={errorInput === 'instruction' ? error : null}>
          {(control) =>
            readOnly ? (
              <p className="field-value preserve-lines" id={control.id}>
                {draft.instruction}
              </p>
            ) : (
              <textarea
                {...control}
                className="input"
                rows={3}
                required
                value={draft.instruction}
                onChange={(event) => update({ instruction: event.target.value })}
              />
            )
          }
        </FormField>

        <AssigneeField
          draft={draft}
          task={task}
          references={references}
          readOnly={readOnly}
          error={errorInput === 'investigator' || errorInput === 'actionType' ? error : null}
          errorId={errorId}
          onChange={update}
        />

        <FormField label="Due" required error={errorInput === 'due' ? error : null}>
          {(control) =>
            readOnly ? (
              <p className="field-value" id={control.id}>
                {displayDay(draft.due)}
              </p>
            ) : (
              <DateInput
                id={control.id}
                value={draft.due}
                required
                invalid={control['aria-invalid']}
                describedBy={control['aria-describedby']}
                onChange={(due) => update({ due })}
              />
            )
          }
        </FormField>

        {task && mode !== 'create' && (
          <>
            <div className="field">
              <span className="field-label">Response</span>
              <p className={task.response ? 'field-value preserve-lines' : 'field-value is-empty'}>
                {task.response || 'No response yet.'}
              </p>
            </div>
            {task.complete && <p className="text-secondary">Completed on {displayDay(task.completedOn)}.</p>}
            <div className="field">
              <span className="field-label">Attachments</span>
              <TaskAttachments files={task.attachment} />
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

/** Assigned to: the Internal / External tabs and the employee or personnel chosen under them. */
function AssigneeField({
  draft,
  task,
  references,
  readOnly,
  error,
  errorId,
  onChange,
}: {
  draft: TaskDraft;
  task: TTask | null;
  references: References;
  readOnly: boolean;
  /** The dialog's message when it is about the assignee or the action type. */
  error: string | null;
  errorId: string;
  onChange: (change: Partial<TaskDraft>) => void;
}) {
  const ids = { investigator: useId(), tabs: useId() };
  const list = draft.actionType === 'external' ? references.personnel : references.employee;
  // A stored assignee who is no longer active still shows by name (and stays chosen); new choices
  // are searched among the active ones.
  const assigneeName =
    list.all.find((option) => option._id === draft.investigator)?.name ??
    (draft.investigator === task?.investigator ? task.investigatorName : '');
  const tabLabel = `Assigned to (${draft.actionType === 'external' ? 'External' : 'Internal'})`;

  const chooseTab = (actionType: TaskDraft['actionType']) => {
    if (readOnly || actionType === draft.actionType) return;
    // Employees and personnel are different people: the choice starts again.
    onChange({ actionType, investigator: '' });
  };

  return (
    <div className="field">
      <FieldLabel id={`${ids.investigator}-label`} required>
        Assigned to
      </FieldLabel>
      <Tabs
        label="Action type"
        idBase={ids.tabs}
        className="assign-tabs"
        tabClassName="assign-tab"
        options={TABS.map((tab) => ({ ...tab, disabled: readOnly && draft.actionType !== tab.value }))}
        current={draft.actionType}
        onChange={chooseTab}
      />
      <TabPanel idBase={ids.tabs} value={draft.actionType} current={draft.actionType}>
        {readOnly ? (
          <p className="field-value">{assigneeName || '—'}</p>
        ) : (
          <>
            <span id={ids.investigator} className="visually-hidden">
              {tabLabel}
            </span>
            <SearchChoice
              // A new picker for the other tab: employees and personnel are searched apart.
              key={draft.actionType}
              labelledBy={ids.investigator}
              name={assigneeName}
              disabled={!list.searched}
              invalid={error !== null}
              describedBy={error !== null ? errorId : undefined}
              queryKey={list.searched?.key ?? []}
              search={(text, page) => list.searched!.search(text, page)}
              empty={
                draft.actionType === 'external'
                  ? 'No active personnel matches.'
                  : 'No active employee matches.'
              }
              onPick={(option) => {
                list.searched?.remember({ _id: option.value, name: option.label });
                onChange({ investigator: option.value });
              }}
            />
          </>
        )}
      </TabPanel>
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
