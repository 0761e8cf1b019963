/** 001 section 9: time pickers step by 15 minutes. */
export const TIME_STEP_MINUTES = 15;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Every 'HH:mm' of a day at the 15-minute step. */
export const TIME_OPTIONS: readonly string[] = Array.from(
  { length: (24 * 60) / TIME_STEP_MINUTES },
  (_, index) => {
    const minutes = index * TIME_STEP_MINUTES;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  },
);

interface TimeSelectProps {
  id: string;
  /** 'HH:mm' or ''. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
}

/**
 * A time as 'HH:mm' (the wire format) chosen from the 15-minute steps. A stored time off the
 * step (entered elsewhere) stays listed, so opening a form never changes it.
 */
export function TimeSelect({ id, value, onChange, invalid, describedBy, required }: TimeSelectProps) {
  const options = value && !TIME_OPTIONS.includes(value) ? [...TIME_OPTIONS, value].sort() : TIME_OPTIONS;
  return (
    <select
      id={id}
      className="input"
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Select time</option>
      {options.map((time) => (
        <option key={time} value={time}>
          {time}
        </option>
      ))}
    </select>
  );
}
