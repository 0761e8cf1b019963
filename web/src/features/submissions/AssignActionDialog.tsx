import { displayDay, messages, taskProblem, type TAttachment, type TTask } from '@compass/shared';
import { Download } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { downloadFile } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldError } from '../../components/FieldError';
import { SearchChoice } from '../../components/SearchPicker';
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
  { type: 'internal', label: 'Internal' },
  { type: 'external', label: 'External' },
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
        <li key={file._id}>
          <Button
            size="sm"
            variant="ghost"
            icon={<Download size={16} aria-hidden="true" />}
            onClick={() => void downloadFile(file.path, file.name).catch(notifyError)}
          >
            {file.name}
          </Button>
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
  const ids = {
    instruction: useId(),
    due: useId(),
    error: useId(),
  };
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
        <div className="field">
          <label className="field-label" htmlFor={ids.instruction}>
            Instruction
            <span className="field-required" aria-hidden="true">
              *
            </span>
          </label>
          {readOnly ? (
            <p className="field-value preserve-lines" id={ids.instruction}>
              {draft.instruction}
            </p>
          ) : (
            <textarea
              id={ids.instruction}
              className="input"
              rows={3}
              required
              value={draft.instruction}
              aria-invalid={errorInput === 'instruction' || undefined}
              aria-describedby={errorInput === 'instruction' ? ids.error : undefined}
              onChange={(event) => update({ instruction: event.target.value })}
            />
          )}
          {errorInput === 'instruction' && <FieldError id={ids.error} message={error} />}
        </div>

        <AssigneeField
          draft={draft}
          task={task}
          references={references}
          readOnly={readOnly}
          error={errorInput === 'investigator' || errorInput === 'actionType' ? error : null}
          errorId={ids.error}
          onChange={update}
        />

        <div className="field">
          <label className="field-label" htmlFor={ids.due}>
            Due
            <span className="field-required" aria-hidden="true">
              *
            </span>
          </label>
          {readOnly ? (
            <p className="field-value" id={ids.due}>
              {displayDay(draft.due)}
            </p>
          ) : (
            <DateInput
              id={ids.due}
              value={draft.due}
              required
              invalid={errorInput === 'due'}
              describedBy={errorInput === 'due' ? ids.error : undefined}
              onChange={(due) => update({ due })}
            />
          )}
          {errorInput === 'due' && <FieldError id={ids.error} message={error} />}
        </div>

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

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = draft.actionType === 'internal' ? 'external' : 'internal';
    chooseTab(next);
    document.getElementById(`${ids.tabs}-${next}`)?.focus();
  };

  return (
    <div className="field">
      <span className="field-label" id={`${ids.investigator}-label`}>
        Assigned to
        <span className="field-required" aria-hidden="true">
          *
        </span>
      </span>
      <div className="assign-tabs" role="tablist" aria-label="Action type">
        {TABS.map((tab) => (
          <button
            key={tab.type}
            id={`${ids.tabs}-${tab.type}`}
            type="button"
            role="tab"
            className="assign-tab"
            aria-selected={draft.actionType === tab.type}
            aria-controls={`${ids.tabs}-panel`}
            tabIndex={draft.actionType === tab.type ? 0 : -1}
            disabled={readOnly && draft.actionType !== tab.type}
            onClick={() => chooseTab(tab.type)}
            onKeyDown={onTabKey}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${ids.tabs}-panel`} role="tabpanel" aria-labelledby={`${ids.tabs}-${draft.actionType}`}>
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
      </div>
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
