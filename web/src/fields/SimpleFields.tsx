import { ExternalLink } from 'lucide-react';
import { FieldFrame, ReadValue, useFieldIds } from './FieldFrame';
import type { FieldProps } from './props';
import { AutoGrowTextarea } from './widgets/AutoGrowTextarea';
import { DateInput, displayDate } from './widgets/DateInput';
import { TimeSelect } from './widgets/TimeSelect';

export function TextField({ field, value, onChange, readOnly, error }: FieldProps<'text'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      <input
        id={ids.inputId}
        type="text"
        className="input"
        value={value}
        placeholder={field.placeholder ?? undefined}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        aria-required={ids.required || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export function NumberField({ field, value, onChange, readOnly, error }: FieldProps<'number'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      <input
        id={ids.inputId}
        type="number"
        step="any"
        inputMode="decimal"
        className="input"
        value={value}
        placeholder={field.placeholder ?? undefined}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        aria-required={ids.required || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export function TextareaField({ field, value, onChange, readOnly, error }: FieldProps<'textarea'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value ? <span className="preserve-lines">{value}</span> : ''}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      <AutoGrowTextarea
        id={ids.inputId}
        value={value}
        placeholder={field.placeholder ?? undefined}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        aria-required={ids.required || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

export function DateField({ field, value, onChange, readOnly, error }: FieldProps<'date'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{displayDate(value)}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      <DateInput
        id={ids.inputId}
        value={value}
        onChange={onChange}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
        required={ids.required}
      />
    </FieldFrame>
  );
}

export function TimeField({ field, value, onChange, readOnly, error }: FieldProps<'time'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      <TimeSelect
        id={ids.inputId}
        value={value}
        onChange={onChange}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
        required={ids.required}
      />
    </FieldFrame>
  );
}

/** Only http(s) links are followed; anything else is shown as text. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function LinkOut({ url }: { url: string }) {
  const href = safeHref(url);
  if (!href) return <span>{url}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="field-link">
      {url}
      <ExternalLink size={14} aria-hidden="true" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** The template's link (webLink) is shown to follow; the value is the URL recorded. */
export function WeblinkField({ field, value, onChange, readOnly, error }: FieldProps<'weblink'>) {
  const ids = useFieldIds(field, error);
  const templateLink = field.webLink ?? '';
  if (readOnly) {
    const shown = value || templateLink;
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{shown ? <LinkOut url={shown} /> : ''}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error}>
      {templateLink && (
        <div className="field-weblink">
          <LinkOut url={templateLink} />
        </div>
      )}
      <input
        id={ids.inputId}
        type="url"
        className="input"
        value={value}
        placeholder={field.placeholder || 'https://'}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        aria-required={ids.required || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
