import {
  PERFORMANCE_REVIEW_MAX_ACTIONS,
  type TAgreedActionInput,
  type TPerformanceReviewDetails,
} from '@compass/shared';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { DateField } from '../../components/DateField';
import { TextAreaField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { PersonField, type Person } from '../../components/PersonField';
import { REVIEWERS } from './api';

/** An agreed action as typed: `key` for React. */
export interface ActionDraft {
  key: string;
  instruction: string;
  assignee: Person | null;
  dueDate: string;
}

let drafted = 0;
const nextKey = () => `action-${(drafted += 1)}`;

/** The review's agreed actions as drafts to change. */
export const actionDrafts = (review: TPerformanceReviewDetails): ActionDraft[] =>
  review.agreedActions.map((action) => ({
    key: nextKey(),
    instruction: action.instruction,
    assignee: { _id: action.assigneeEmployeeId, name: action.assigneeName },
    dueDate: action.dueDate,
  }));

/** The agreed actions as the reviewer's save takes them. */
export const actionsRequest = (actions: readonly ActionDraft[]): TAgreedActionInput[] =>
  actions.map((action) => ({
    instruction: action.instruction.trim(),
    assigneeEmployeeId: action.assignee?._id ?? '',
    dueDate: action.dueDate,
  }));

/**
 * The actions the reviewer agrees with the employee: what is to be done, by whom (the employee
 * unless someone else is chosen) and by when. They become actions when both have signed.
 */
export function AgreedActionsEditor({
  actions,
  employee,
  errors,
  onChange,
}: {
  actions: ActionDraft[];
  /** Who a new action is for at first. */
  employee: Person;
  errors: Record<string, string>;
  onChange: (actions: ActionDraft[]) => void;
}) {
  const change = (index: number, next: Partial<ActionDraft>) =>
    onChange(actions.map((action, at) => (at === index ? { ...action, ...next } : action)));
  return (
    <div className="stack">
      {actions.length === 0 && <p className="text-secondary">No actions agreed yet.</p>}
      <ol className="objective-drafts">
        {actions.map((action, index) => (
          <li key={action.key} className="objective-draft">
            <div className="objective-draft-fields action-draft-fields">
              <TextAreaField
                label={`Action ${index + 1}`}
                rows={2}
                maxLength={4000}
                value={action.instruction}
                error={errors[`agreedActions.${index}.instruction`]}
                onValueChange={(instruction) => change(index, { instruction })}
              />
              <DateField
                label="Due date"
                value={action.dueDate}
                error={errors[`agreedActions.${index}.dueDate`]}
                onValueChange={(dueDate) => change(index, { dueDate })}
              />
              <PersonField
                label="Assigned to"
                value={action.assignee}
                error={errors[`agreedActions.${index}.assigneeEmployeeId`]}
                onChange={(assignee) => change(index, { assignee })}
                {...REVIEWERS}
              />
            </div>
            <div className="objective-draft-moves">
              <IconButton
                label={`Remove action ${index + 1}`}
                icon={<Trash2 size={16} aria-hidden="true" />}
                onClick={() => onChange(actions.filter((_, at) => at !== index))}
              />
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button
          size="sm"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={actions.length >= PERFORMANCE_REVIEW_MAX_ACTIONS}
          onClick={() =>
            onChange([...actions, { key: nextKey(), instruction: '', assignee: employee, dueDate: '' }])
          }
        >
          Add action
        </Button>
      </div>
    </div>
  );
}
