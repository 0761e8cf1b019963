import {
  displayDay,
  frequencyLabel,
  maintenanceMessages as say,
  maintenancePlanStopCall,
  type TMaintenancePlan,
} from '@compass/shared';
import { Pencil, Plus, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMaintenanceWrite } from './api';
import { assigneeText } from './parts';
import { PlanDialog } from './PlanDialog';

/**
 * The plan dialogs of a list of plans: "New plan" (or "Add maintenance plan"), a row's Edit, and
 * its Stop after the "Stop plan" confirmation.
 */
export function usePlanDialogs(assetId?: string) {
  const [editing, setEditing] = useState<TMaintenancePlan | 'new' | null>(null);
  const [stopping, setStopping] = useState<TMaintenancePlan | null>(null);
  const stop = useMaintenanceWrite(maintenancePlanStopCall, say.planStoppedDone, () => setStopping(null));
  const dialogs = (
    <>
      {editing && (
        <PlanDialog
          plan={editing === 'new' ? undefined : editing}
          assetId={assetId}
          onClose={() => setEditing(null)}
        />
      )}
      {stopping && (
        <ConfirmDialog
          title="Stop plan"
          confirmLabel="Stop plan"
          danger
          pending={stop.isPending}
          onConfirm={() => stop.mutate({ body: { _id: stopping._id } })}
          onClose={() => setStopping(null)}
        >
          <p>
            Stop <strong>{stopping.title}</strong>? Its open maintenance is cancelled; the maintenance already
            done stays in the history.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
  return { onNew: () => setEditing('new'), onEdit: setEditing, onStop: setStopping, dialogs };
}

/** The button that opens a new plan's dialog. */
export function NewPlanButton({
  label,
  disabled,
  onClick,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="primary"
      icon={<Plus size={16} aria-hidden="true" />}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

/** What a plan is for: its asset, or every asset of its category. */
export function planTarget(plan: TMaintenancePlan): string {
  return plan.category ? `Category: ${plan.category.name}` : (plan.asset?.name ?? '—');
}

/** The columns of a list of plans (PlanRowList). */
export const PLAN_COLUMNS = ['Plan', 'For', 'Frequency', 'Done by', 'Next due'];

/** A list's plans as rows, with what they are for; `readOnly` leaves out Edit and Stop. */
export function PlanRowList({
  plans,
  readOnly,
  dialogs,
}: {
  plans: TMaintenancePlan[];
  readOnly: boolean;
  dialogs: Pick<ReturnType<typeof usePlanDialogs>, 'onEdit' | 'onStop'>;
}) {
  return plans.map((plan) => (
    <PlanRow
      key={plan._id}
      plan={plan}
      showTarget
      readOnly={readOnly}
      onEdit={dialogs.onEdit}
      onStop={dialogs.onStop}
    />
  ));
}

/**
 * One plan as a row: its title (and what it is for, with `showTarget`), frequency, who does it,
 * next due, and Edit and Stop while it is active and the list may change it.
 */
export function PlanRow({
  plan,
  showTarget,
  readOnly,
  onEdit,
  onStop,
}: {
  plan: TMaintenancePlan;
  showTarget: boolean;
  readOnly: boolean;
  onEdit: (plan: TMaintenancePlan) => void;
  onStop: (plan: TMaintenancePlan) => void;
}) {
  return (
    <tr>
      <td>
        {plan.title}
        {!plan.isActive && (
          <>
            {' '}
            <span className="badge badge-neutral">Stopped</span>
          </>
        )}
        {plan.formTemplate && <div className="text-sm text-secondary">Form: {plan.formTemplate.name}</div>}
      </td>
      {showTarget && <td>{planTarget(plan)}</td>}
      <td>{frequencyLabel(plan.frequency)}</td>
      <td>{assigneeText(plan.assignee)}</td>
      <td>{plan.nextDue ? displayDay(plan.nextDue) : '—'}</td>
      <td className="row-actions">
        {plan.isActive && !readOnly && (
          <>
            <Button
              size="sm"
              variant="ghost"
              icon={<Pencil size={14} aria-hidden="true" />}
              aria-label={`Edit ${plan.title}`}
              onClick={() => onEdit(plan)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              icon={<Square size={14} aria-hidden="true" />}
              aria-label={`Stop ${plan.title}`}
              onClick={() => onStop(plan)}
            >
              Stop
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}
