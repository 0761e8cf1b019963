import { FieldView, useFieldFrame } from './FieldFrame';
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
  const frame = useFieldFrame({ field, error, readOnly });
  return (
    <FieldView
      {...frame}
      as="text"
      read={value ? <img className="drawing-image" src={value} alt={field.level} /> : ''}
    >
      <DrawingCanvas
        id={frame.ids.inputId}
        label={`${field.level}: draw here`}
        value={value}
        onChange={onChange}
        invalid={frame.ids.invalid}
        describedBy={frame.ids.describedBy}
      />
    </FieldView>
  );
}
