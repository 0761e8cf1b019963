import { FieldView, useFieldIds } from './FieldFrame';
import type { FieldProps } from './props';
import { DrawingCanvas } from './widgets/DrawingCanvas';

/**
 * A signature (signature_pad) or a diagram (a sketch) drawn on a canvas, stored as a PNG data
 * URL; the read view shows the image.
 */
export function DrawingField({
  field,
  value,
  onChange,
  readOnly,
  error,
}: FieldProps<'signature' | 'diagram'>) {
  const ids = useFieldIds(field, error);
  return (
    <FieldView
      field={field}
      ids={ids}
      error={error}
      as="text"
      readOnly={readOnly}
      read={value ? <img className="drawing-image" src={value} alt={field.level} /> : ''}
    >
      <DrawingCanvas
        id={ids.inputId}
        label={`${field.level}: draw here`}
        value={value}
        onChange={onChange}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
      />
    </FieldView>
  );
}
