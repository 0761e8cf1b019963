import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { IconButton } from '../../components/IconButton';
import { placeOf, type Problems } from './model';

/** A whole-number setting typed in a number input: an empty box is no number (the check says so). */
export function NumberField({
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  error?: string;
  onChange: (value: number) => void;
}) {
  return (
    <InputField
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={Number.isFinite(value) ? String(value) : ''}
      error={error}
      onValueChange={(text) => onChange(text.trim() === '' ? Number.NaN : Number(text))}
    />
  );
}

/** The card of the sections or the questions: its Add button, its empty line, its own problem, its items. */
export function ItemsCard({
  title,
  field,
  addLabel,
  emptyText,
  count,
  limit,
  error,
  onAdd,
  children,
}: {
  title: string;
  /** The list's field (`content.sections`): where the summary goes for its problems. */
  field: string;
  addLabel: string;
  emptyText: string;
  count: number;
  limit: number;
  error?: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const errorId = useId();
  const add = (
    <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} disabled={count >= limit} onClick={onAdd}>
      {addLabel}
    </Button>
  );
  return (
    <Card title={title} actions={add}>
      <div className="stack-lg" data-scope={field}>
        {count === 0 && <p className="text-secondary">{emptyText}</p>}
        <FieldError id={errorId} message={error} />
        {children}
      </div>
    </Card>
  );
}

/** A section's or question's buttons: move up, move down, remove (each named with the item). */
export function ItemTools({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  /** "section 2", "question 3". */
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="row course-item-tools">
      <IconButton
        label={`Move ${name} up`}
        icon={<ArrowUp size={16} aria-hidden="true" />}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      />
      <IconButton
        label={`Move ${name} down`}
        icon={<ArrowDown size={16} aria-hidden="true" />}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      />
      <IconButton
        label={`Remove ${name}`}
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={onRemove}
      />
    </div>
  );
}

/** The part of the editor that holds a field (`data-scope` on it), for the summary to go to. */
export function scopeOf(field: string): string {
  const item = /^content\.(sections|questions)\.\d+/.exec(field);
  if (item) return item[0];
  if (field === 'content.sections' || field === 'content.questions') return field;
  if (field === 'content.introduction') return 'introduction';
  return 'settings';
}

/** Moves the focus (and so the page) to a problem: its invalid control, else the first control of its part. */
function goTo(field: string) {
  const scope = document.querySelector<HTMLElement>(`[data-scope="${scopeOf(field)}"]`);
  const target =
    scope?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    scope?.querySelector<HTMLElement>('input, select, textarea, button, [contenteditable="true"]');
  target?.focus();
}

/** Every problem of the course, each a button to where it is (the fields show them too). */
export function ProblemSummary({ problems }: { problems: Problems }) {
  const entries = Object.entries(problems);
  if (entries.length === 0) return null;
  return (
    <div className="alert alert-danger course-problems" role="alert">
      <div className="stack">
        <p>
          <strong>{entries.length === 1 ? 'One problem' : `${entries.length} problems`} to fix first:</strong>
        </p>
        <ul>
          {entries.map(([field, message]) => (
            <li key={field}>
              <button type="button" className="link-button" onClick={() => goTo(field)}>
                {placeOf(field)}: {message}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
