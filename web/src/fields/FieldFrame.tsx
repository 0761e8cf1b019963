import { useId, type ReactNode } from 'react';
import { FieldError } from '../components/FieldError';
import { FieldLabel } from '../components/FormField';
import type { TemplateField } from './types';

export interface FieldIds {
  inputId: string;
  labelId: string;
  errorId: string;
  helpId: string;
  /** aria-describedby for the input: the help text and the error, when they show. */
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
}

export function isMandatory(field: Pick<TemplateField, 'isMandatory'>): boolean {
  return field.isMandatory === 'yes';
}

export function useFieldIds(
  field: Pick<TemplateField, 'isMandatory' | 'helpText'>,
  error?: string | null,
): FieldIds {
  const base = useId();
  const describedBy = [field.helpText ? `${base}-help` : '', error ? `${base}-error` : '']
    .filter(Boolean)
    .join(' ');
  return {
    inputId: `${base}-input`,
    labelId: `${base}-label`,
    errorId: `${base}-error`,
    helpId: `${base}-help`,
    describedBy: describedBy || undefined,
    invalid: Boolean(error),
    required: isMandatory(field),
  };
}

/** What FieldView needs of a field component's props, with the ids made once: spread it in. */
export function useFieldFrame({
  field,
  error,
  readOnly,
}: {
  field: Pick<TemplateField, 'level' | 'isMandatory' | 'helpText'>;
  error?: string | null;
  readOnly: boolean;
}) {
  return { field, ids: useFieldIds(field, error), error, readOnly };
}

/** The id and ARIA state of a field's native input, select or textarea. */
export function inputAttrs(ids: FieldIds) {
  return {
    id: ids.inputId,
    'aria-invalid': ids.invalid || undefined,
    'aria-describedby': ids.describedBy,
    'aria-required': ids.required || undefined,
  };
}

/** The same for the field widgets (DateInput, TimeSelect, MultiSelect), which take them as props. */
export function widgetAttrs(ids: FieldIds) {
  return { id: ids.inputId, invalid: ids.invalid, describedBy: ids.describedBy, required: ids.required };
}

/** The asterisk of a mandatory field (001 section 5); screen readers get aria-required instead. */
export function MandatoryMark({ field }: { field: Pick<TemplateField, 'isMandatory'> }) {
  if (!isMandatory(field)) return null;
  return (
    <span className="field-required" aria-hidden="true" data-testid="mandatory">
      *
    </span>
  );
}

interface FieldFrameProps {
  field: Pick<TemplateField, 'level' | 'isMandatory' | 'helpText'>;
  ids: FieldIds;
  error?: string | null;
  /**
   * 'label' ties a <label> to one input; 'group' wraps several inputs (radio, checkbox) in a
   * fieldset with a legend; 'text' labels a composite by id (aria-labelledby) or a read view.
   */
  as?: 'label' | 'group' | 'text';
  children: ReactNode;
}

/** A field's label (with the asterisk), its input and the error message under it. */
export function FieldFrame({ field, ids, error, as = 'label', children }: FieldFrameProps) {
  const label = (
    <>
      {field.level}
      <MandatoryMark field={field} />
    </>
  );
  const help = field.helpText ? (
    <p className="field-hint" id={ids.helpId}>
      {field.helpText}
    </p>
  ) : null;
  if (as === 'group') {
    return (
      <fieldset
        className="field form-field"
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
      >
        <legend className="field-label" id={ids.labelId}>
          {label}
          {ids.required && <span className="visually-hidden"> (required)</span>}
        </legend>
        {help}
        {children}
        <FieldError id={ids.errorId} message={error} />
      </fieldset>
    );
  }
  return (
    <div className="field form-field">
      <FieldLabel id={ids.labelId} htmlFor={as === 'label' ? ids.inputId : undefined}>
        {label}
      </FieldLabel>
      {help}
      {children}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

/** A read-only value: the text, or a dash when there is none. */
export function ReadValue({ ids, children }: { ids: FieldIds; children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <div className={empty ? 'field-value is-empty' : 'field-value'} id={ids.inputId}>
      {empty ? '—' : children}
    </div>
  );
}

/**
 * A field as read-only or editable: the read view shows `read` (a dash when empty); the edit view
 * is the frame around `children`, the field's input.
 */
export function FieldView({
  readOnly,
  read,
  ...frame
}: FieldFrameProps & { readOnly: boolean; read: ReactNode }) {
  if (readOnly) {
    return (
      <FieldFrame field={frame.field} ids={frame.ids} as="text">
        <ReadValue ids={frame.ids}>{read}</ReadValue>
      </FieldFrame>
    );
  }
  return <FieldFrame {...frame} />;
}
