import { displayDay, WIRE_DATE_FORMAT } from '@compass/shared';
import { format, isValid, parse } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { useRef, useState } from 'react';

interface DateInputProps {
  id?: string;
  /** 'yyyy-MM-dd' or ''. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  /** An accessible name when no <label> points at the input (table cells). */
  ariaLabel?: string;
}

/** 'dd/MM/yyyy' typed by the user → 'yyyy-MM-dd', or null while it is not a whole valid date. */
export function wireDate(text: string): string | null {
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text.trim())) return null;
  const date = parse(text.trim(), 'd/M/yyyy', new Date());
  return isValid(date) ? format(date, WIRE_DATE_FORMAT) : null;
}

/**
 * A date typed as dd/MM/yyyy (the display format everywhere) with a calendar button that opens
 * the browser's date picker. The value on the wire is yyyy-MM-dd.
 */
export function DateInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  required,
  ariaLabel,
}: DateInputProps) {
  // What the user is typing, until it leaves the field; null shows the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  const nativeRef = useRef<HTMLInputElement>(null);

  const onText = (text: string) => {
    setDraft(text);
    if (text.trim() === '') onChange('');
    else {
      const next = wireDate(text);
      if (next !== null && next !== value) onChange(next);
    }
  };

  return (
    <div className="input-group date-input">
      <input
        id={id}
        type="text"
        className="input"
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        autoComplete="off"
        value={draft ?? displayDay(value)}
        aria-label={ariaLabel}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        onChange={(event) => onText(event.target.value)}
        onBlur={() => setDraft(null)}
      />
      <input
        ref={nativeRef}
        type="date"
        className="date-native"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        onChange={(event) => {
          setDraft(null);
          onChange(event.target.value);
        }}
      />
      <button
        type="button"
        className="btn btn-ghost btn-icon input-addon"
        aria-label={ariaLabel ? `Choose date for ${ariaLabel}` : 'Choose date'}
        onClick={() => nativeRef.current?.showPicker?.()}
      >
        <CalendarDays size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
