import { ChevronDown, X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

export interface Option {
  value: string;
  label: string;
}

/** 001 section 9: the multi-select placeholder and its select-all entry. */
export const SELECT_ONE = 'Select One';
export const SELECT_ALL = 'Select All';

interface MultiSelectProps {
  id: string;
  /** The id of the visible label. */
  labelledBy: string;
  /** The options offered for new selections (active records only on editable screens). */
  options: Option[];
  value: string[];
  onChange: (value: string[]) => void;
  /** The name of a selected value, also one no longer offered (an inactive record). */
  nameOf: (value: string) => string;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A searchable multi-select: a button opens a panel with a search box, 'Select All' and one
 * checkbox per offered option; the choices show as removable chips under the button. Select All
 * works on the options the search leaves visible, and never drops a stored choice that is no
 * longer offered. Escape or leaving the panel closes it.
 */
export function MultiSelect({
  id,
  labelledBy,
  options,
  value,
  onChange,
  nameOf,
  placeholder = SELECT_ONE,
  invalid,
  describedBy,
  required,
  disabled,
}: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const summaryId = useId();
  const selected = useMemo(() => new Set(value), [value]);

  const visible = useMemo(() => {
    const term = search.trim().toLowerCase();
    return term ? options.filter((option) => option.label.toLowerCase().includes(term)) : options;
  }, [options, search]);
  const allVisibleSelected = visible.length > 0 && visible.every((option) => selected.has(option.value));

  const toggle = (optionValue: string) => {
    onChange(selected.has(optionValue) ? value.filter((v) => v !== optionValue) : [...value, optionValue]);
  };

  const toggleAll = () => {
    const visibleValues = new Set(visible.map((option) => option.value));
    if (allVisibleSelected) onChange(value.filter((v) => !visibleValues.has(v)));
    else onChange([...value, ...visible.map((o) => o.value).filter((v) => !selected.has(v))]);
  };

  const close = (focusTrigger: boolean) => {
    setOpen(false);
    setSearch('');
    if (focusTrigger) triggerRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      close(true);
    }
  };

  const summary = value.length === 0 ? placeholder : `${value.length} selected`;

  return (
    <div
      ref={rootRef}
      className="multiselect"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={triggerRef}
        id={id}
        type="button"
        className={`input multiselect-trigger${value.length === 0 ? ' is-placeholder' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-labelledby={`${labelledBy} ${summaryId}`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <span id={summaryId}>{summary}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>

      {open && (
        <div className="multiselect-panel" id={panelId} role="group" aria-labelledby={labelledBy}>
          <input
            type="search"
            className="input multiselect-search"
            placeholder="Search"
            aria-label="Search"
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
          />
          {visible.length > 0 ? (
            <ul className="multiselect-options">
              <li className="multiselect-all">
                <label className="checkbox">
                  <input type="checkbox" checked={allVisibleSelected} onChange={toggleAll} />
                  {SELECT_ALL}
                </label>
              </li>
              {visible.map((option) => (
                <li key={option.value}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={selected.has(option.value)}
                      onChange={() => toggle(option.value)}
                    />
                    {option.label}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="multiselect-empty">
              {options.length === 0 ? 'Nothing to choose from.' : 'No matches.'}
            </p>
          )}
        </div>
      )}

      <ChosenChips
        values={value}
        nameOf={nameOf}
        onRemove={disabled ? undefined : (removed) => onChange(value.filter((v) => v !== removed))}
      />
    </div>
  );
}

/** The chosen values as chips, each with its remove button unless `onRemove` is absent. */
export function ChosenChips({
  values,
  nameOf,
  onRemove,
}: {
  values: readonly string[];
  nameOf: (value: string) => string;
  onRemove?: (value: string) => void;
}) {
  if (values.length === 0) return null;
  return (
    <ul className="chip-list" aria-label="Selected">
      {values.map((value) => {
        const name = nameOf(value);
        return (
          <li key={value} className="chip">
            <span>{name}</span>
            {onRemove && (
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${name}`}
                onClick={() => onRemove(value)}
              >
                <X size={12} aria-hidden="true" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
