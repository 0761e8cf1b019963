import type { TaskDueType } from '@compass/shared';
import { CircleAlert, CircleCheck, CircleX, type LucideIcon } from 'lucide-react';

const DUE_MARKERS: Record<TaskDueType, { Icon: LucideIcon; label: string }> = {
  nodue: { Icon: CircleCheck, label: 'Not due yet' },
  due: { Icon: CircleAlert, label: 'Due today' },
  overdue: { Icon: CircleX, label: 'Overdue' },
};

/** Tick (not due), exclamation (due today) or cross (overdue), with its text alternative. */
export function DueMarker({ type }: { type: TaskDueType }) {
  const { Icon, label } = DUE_MARKERS[type];
  return (
    <span className={`due-marker due-${type}`} title={label} data-due={type}>
      <Icon size={16} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
