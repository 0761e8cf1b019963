import { displayDay, registerMessages as say, taskDueType, type TRegisterAction } from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { DueMarker } from '../../components/DueMarker';
import { browserToday } from '../../lib/timeZone';
import { Card } from '../../components/Card';
import { ActionDialog, type RaisedAction } from './ActionDialog';
import { peopleSearch, type RegisterCalls } from './api';

/** An action as the card lists it: a register's is a numbered task, a document's has no number. */
export interface ActionRow {
  _id: string;
  taskNumber?: number;
  instruction: string;
  response?: string | null;
  assignee: string | null;
  dueDate: string;
  isComplete: boolean;
  completedOn: string | null;
  /** The caller may complete it here, on the record's page (a document's action). */
  canComplete?: boolean;
}

/** How the card raises an action: the dialog less its title (Raise action). */
export type ActionRaising = Omit<ComponentProps<typeof ActionDialog>, 'title' | 'onClose'>;

/** The actions raised from a record; Raise action while `raising` is given, Complete where allowed. */
export function ActionsCard({
  actions,
  raising,
  complete,
  empty = 'No actions raised yet.',
}: {
  actions: ActionRow[];
  raising: ActionRaising | null;
  complete?: { pending: boolean; onComplete: (action: ActionRow) => void };
  empty?: string;
}) {
  const [open, setOpen] = useState(false);
  const today = browserToday();
  const numbered = actions.some((action) => action.taskNumber !== undefined);
  const completing = actions.some((action) => action.canComplete);
  return (
    <Card
      title="Actions"
      bare
      actions={
        raising && (
          <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setOpen(true)}>
            Raise action
          </Button>
        )
      }
    >
      {actions.length === 0 ? (
        <p className="card-body text-secondary">{empty}</p>
      ) : (
        <DataTable
          columns={[...(numbered ? ['#'] : []), 'Action', 'Assigned to', 'Due', 'Status']}
          actions={completing}
        >
          {actions.map((action) => (
            <tr key={action._id}>
              {numbered && <td>{action.taskNumber}</td>}
              <td className="pre-line">
                {action.instruction}
                {action.response && <div className="text-sm text-secondary">{action.response}</div>}
              </td>
              <td>{action.assignee ?? '—'}</td>
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
              {completing && (
                <td className="row-actions">
                  {action.canComplete && complete && (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={complete.pending}
                      onClick={() => complete.onComplete(action)}
                    >
                      Complete
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </DataTable>
      )}
      {open && raising && <ActionDialog {...raising} title="Raise action" onClose={() => setOpen(false)} />}
    </Card>
  );
}

/** A register item's actions: tasks on the assignee's dashboard (Assigned Actions). */
export function ItemActionsCard({
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
  const raise = useCall(calls.actionAdd, { invalidate: [queryKey, dashboardKeys.all] });
  return (
    <ActionsCard
      actions={actions.map((action) => ({ ...action, assignee: action.assignee?.name ?? null }))}
      raising={{
        description: 'The action goes to the assignee’s dashboard (Assigned Actions).',
        people: { search: peopleSearch(calls), queryKey: [...queryKey, 'people'] },
        check: actionErrors,
        pending: raise.isPending,
        onRaise: (action, outcome) => raise.mutate({ body: { itemId, ...action } }, outcome),
      }}
    />
  );
}

/** The checks the browser makes before sending (the same messages the server gives). */
function actionErrors({ instruction, assigneeId, dueDate }: RaisedAction) {
  const found: Record<string, string> = {};
  if (!instruction.trim()) found.instruction = say.instructionRequired;
  if (!assigneeId) found.assigneeId = say.assigneeRequired;
  if (!dueDate) found.dueDate = say.dueRequired;
  else if (dueDate < browserToday()) found.dueDate = say.dueBeforeToday;
  return found;
}
