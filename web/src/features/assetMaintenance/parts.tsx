import {
  MAINTENANCE_STATUS_LABELS,
  type MaintenanceStatus,
  type TMaintenanceAssignee,
} from '@compass/shared';
import { useId } from 'react';
import { FieldError } from '../../components/FieldError';

const STATUS_BADGES: Record<MaintenanceStatus, string> = {
  open: 'badge-primary',
  done: 'badge-success',
  cancelled: 'badge-neutral',
};

/** Where a maintenance record stands: open, done or cancelled. */
export function MaintenanceStatusBadge({ status }: { status: MaintenanceStatus }) {
  return <span className={`badge ${STATUS_BADGES[status]}`}>{MAINTENANCE_STATUS_LABELS[status]}</span>;
}

/** Who does the maintenance, as lists and pages name them (a supplier company says so). */
export function assigneeText(assignee: TMaintenanceAssignee | null): string {
  if (!assignee) return 'Unassigned';
  return assignee.kind === 'supplier' ? `${assignee.name} (supplier)` : assignee.name;
}

/** The two kinds of assignee a plan or a record may have, as the "Done by" choice words them. */
export const DONE_BY_OPTIONS = [
  { value: 'employee', label: 'An employee' },
  { value: 'supplier', label: 'A supplier company' },
] as const;

/** A labelled group of radio buttons (one choice of a few), with its error under it. */
export function ChoiceField<T extends string>({
  label,
  name,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  /** The radios' group name, unique on the page. */
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  error?: string | null;
  onChange: (value: T) => void;
}) {
  const errorId = useId();
  return (
    <fieldset className="field" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{label}</legend>
      <div className="row wrap">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
