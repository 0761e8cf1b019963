import { displayDay } from '@compass/shared';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button } from '../components/Button';
import { IconButton } from '../components/IconButton';
import { DueMarker } from '../components/DueMarker';
import { FieldFrame, useFieldIds } from './FieldFrame';
import type { FieldProps, References } from './props';
import type { SubmissionTask } from './types';

/**
 * The assignee's name from the lists (an employee for internal actions, a personnel member for
 * external ones), so a task changed in the dialog shows its new assignee; else the stored name.
 */
function assigneeName(task: SubmissionTask, references: References): string {
  if (!task.investigator) return '';
  const list = task.actionType === 'external' ? references.personnel : references.employee;
  const known = [...list.all, ...list.active].find((option) => option._id === task.investigator);
  return known?.name ?? task.investigatorName;
}

/**
 * The 'Action List': the field's actions with the due marker (tick, exclamation, cross). Open
 * actions can be viewed, edited and deleted; completed ones only viewed (001 section 4). The
 * Assign Action dialogs belong to the editor, which passes their openers in `tasks`.
 */
export function TaskField({ field, readOnly, error, references, tasks }: FieldProps<'task'>) {
  const ids = useFieldIds(field, error);
  const items = tasks.items.filter((task) => task.relatedFormId === field._id);

  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <div className="field-table-wrap">
        <table
          className="field-table task-table"
          aria-labelledby={ids.labelId}
          aria-describedby={ids.describedBy}
        >
          <thead>
            <tr>
              <th scope="col" className="field-table-index">
                #
              </th>
              <th scope="col">Instruction</th>
              <th scope="col">Assigned to</th>
              <th scope="col">Due</th>
              <th scope="col">Status</th>
              <th scope="col" className="field-table-actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((task, index) => {
              const editable = !readOnly && !task.complete;
              const label = `action ${index + 1}`;
              return (
                <tr key={task._id}>
                  <td className="field-table-index">{index + 1}</td>
                  <td className="preserve-lines">{task.instruction}</td>
                  <td>
                    {assigneeName(task, references)}
                    <span className="text-sm text-secondary">
                      {' '}
                      ({task.actionType === 'external' ? 'External' : 'Internal'})
                    </span>
                  </td>
                  <td>
                    <span className="row">
                      {displayDay(task.due)}
                      {!task.complete && <DueMarker type={task.taskDueDateType} />}
                    </span>
                  </td>
                  <td>
                    <span className={task.complete ? 'badge badge-success' : 'badge badge-neutral'}>
                      {task.complete ? 'Completed' : 'Open'}
                    </span>
                  </td>
                  <td className="field-table-actions">
                    <span className="row">
                      {tasks.onView && (
                        <IconButton
                          label={`View ${label}`}
                          icon={<Eye size={16} aria-hidden="true" />}
                          onClick={() => tasks.onView?.(task)}
                        />
                      )}
                      {editable && tasks.onEdit && (
                        <IconButton
                          label={`Edit ${label}`}
                          icon={<Pencil size={16} aria-hidden="true" />}
                          onClick={() => tasks.onEdit?.(task)}
                        />
                      )}
                      {editable && tasks.onDelete && (
                        <IconButton
                          label={`Delete ${label}`}
                          icon={<Trash2 size={16} aria-hidden="true" />}
                          onClick={() => tasks.onDelete?.(task)}
                        />
                      )}
                    </span>
                  </td>
                </tr>
              );
            })}
            {items.length === 0 && (
              <tr>
                <td colSpan={6} className="field-table-empty">
                  No actions yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {!readOnly && tasks.onAdd && (
        <div>
          <Button
            size="sm"
            icon={<Plus size={14} aria-hidden="true" />}
            onClick={() => tasks.onAdd?.(field._id)}
          >
            Add Action
          </Button>
        </div>
      )}
    </FieldFrame>
  );
}
