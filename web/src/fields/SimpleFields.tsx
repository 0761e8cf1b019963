import { answerText, NO_RECORD_NAMES } from '@compass/shared';
import { ExternalLink } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { FieldView, inputAttrs, useFieldFrame, widgetAttrs } from './FieldFrame';
import type { FieldProps } from './props';
import { AutoGrowTextarea } from './widgets/AutoGrowTextarea';
import { DateInput } from '../components/DateInput';
import { TimeSelect } from './widgets/TimeSelect';

/** A text or number field: one native input. */
function InputField({
  field,
  value,
  onChange,
  readOnly,
  error,
  ...input
}: FieldProps<'text' | 'number'> &
  Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'step' | 'inputMode'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  return (
    <FieldView {...frame} read={value}>
      <input
        {...inputAttrs(frame.ids)}
        {...input}
        className="input"
        value={value}
        placeholder={field.placeholder ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldView>
  );
}

export function TextField(props: FieldProps<'text'>) {
  return <InputField {...props} type="text" />;
}

export function NumberField(props: FieldProps<'number'>) {
  return <InputField {...props} type="number" step="any" inputMode="decimal" />;
}

export function TextareaField({ field, value, onChange, readOnly, error }: FieldProps<'textarea'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  return (
    <FieldView {...frame} read={value ? <span className="preserve-lines">{value}</span> : ''}>
      <AutoGrowTextarea
        {...inputAttrs(frame.ids)}
        value={value}
        placeholder={field.placeholder ?? undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldView>
  );
}

export function DateField({ field, value, onChange, readOnly, error }: FieldProps<'date'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  return (
    <FieldView {...frame} read={answerText('date', field, value, NO_RECORD_NAMES)}>
      <DateInput {...widgetAttrs(frame.ids)} value={value} onChange={onChange} />
    </FieldView>
  );
}

export function TimeField({ field, value, onChange, readOnly, error }: FieldProps<'time'>) {
  const frame = useFieldFrame({ field, error, readOnly });
  return (
    <FieldView {...frame} read={value}>
      <TimeSelect {...widgetAttrs(frame.ids)} value={value} onChange={onChange} />
    </FieldView>
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
  const frame = useFieldFrame({ field, error, readOnly });
  const templateLink = field.webLink ?? '';
  const shown = value || templateLink;
  return (
    <FieldView {...frame} read={shown ? <LinkOut url={shown} /> : ''}>
      {templateLink && (
        <div className="field-weblink">
          <LinkOut url={templateLink} />
        </div>
      )}
      <input
        {...inputAttrs(frame.ids)}
        type="url"
        className="input"
        value={value}
        placeholder={field.placeholder || 'https://'}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldView>
  );
}
