import { FIELD_REGISTRY } from '@compass/shared';
import type { ComponentType, CSSProperties } from 'react';
import type { FieldProps, FileFieldState, References, TaskFieldState } from './props';
import { fieldComponents } from './registry';
import { emptyValue, type FieldType, type FieldInput, type TemplateField } from './types';

/**
 * The field's width out of 12: the template's colSize, else the registry's default (6; 12 for
 * task and table as 001 section 9 says, and for the full-width kinds such as signature).
 */
export function colSizeOf(field: Pick<TemplateField, 'type' | 'colSize'>): number {
  const size = field.colSize > 0 ? field.colSize : FIELD_REGISTRY[field.type].colSize;
  return Math.min(12, Math.max(1, Math.round(size)));
}

export interface FieldRendererProps {
  /** One section's fields, in order. */
  fields: TemplateField[];
  /** Values by field _id; a missing one shows as empty. */
  values: Readonly<Record<string, unknown>>;
  onChange: (fieldId: string, value: FieldInput<FieldType>) => void;
  /** Messages by field _id. */
  errors?: Readonly<Record<string, string | null | undefined>>;
  readOnly: boolean;
  references: References;
  files: FileFieldState;
  tasks: TaskFieldState;
}

function Field<T extends FieldType>({
  field,
  ...rest
}: Omit<FieldProps<T>, 'field'> & { field: TemplateField & { type: T } }) {
  const Component = fieldComponents[field.type] as ComponentType<FieldProps<T>>;
  return <Component field={field} {...rest} />;
}

/** The fields of a section in the 12-column grid, each drawn by its type's component. */
export function FieldRenderer({
  fields,
  values,
  onChange,
  errors,
  readOnly,
  references,
  files,
  tasks,
}: FieldRendererProps) {
  return (
    <div className="field-grid">
      {fields.map((field) => (
        <div
          key={field._id}
          className="field-cell"
          data-field-type={field.type}
          style={{ '--col-size': colSizeOf(field) } as CSSProperties}
        >
          <Field
            field={field}
            value={(values[field._id] ?? emptyValue(field.type)) as FieldInput<FieldType>}
            onChange={(value: FieldInput<FieldType>) => onChange(field._id, value)}
            readOnly={readOnly}
            error={errors?.[field._id]}
            references={references}
            files={files}
            tasks={tasks}
          />
        </div>
      ))}
    </div>
  );
}
