import type { FieldProps } from './props';

/** A heading inside a section; it holds no value. */
export function SectionField({ field }: FieldProps<'section'>) {
  return <h3 className="field-section-heading">{field.level}</h3>;
}
