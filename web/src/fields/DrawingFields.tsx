import { FieldFrame, ReadValue, useFieldIds } from './FieldFrame';
import type { FieldProps } from './props';
import { DrawingCanvas } from './widgets/DrawingCanvas';

function DrawingRead({ src, label }: { src: string; label: string }) {
  return <img className="drawing-image" src={src} alt={label} />;
}

/** A signature drawn on a canvas (signature_pad), stored as a PNG data URL. */
export function SignatureField({ field, value, onChange, readOnly, error }: FieldProps<'signature'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value ? <DrawingRead src={value} label={field.level} /> : ''}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <DrawingCanvas
        id={ids.inputId}
        label={`${field.level}: draw here`}
        value={value}
        onChange={onChange}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
      />
    </FieldFrame>
  );
}

/** A diagram (a sketch) drawn on a canvas, stored as a PNG data URL. */
export function DiagramField({ field, value, onChange, readOnly, error }: FieldProps<'diagram'>) {
  const ids = useFieldIds(field, error);
  if (readOnly) {
    return (
      <FieldFrame field={field} ids={ids} as="text">
        <ReadValue ids={ids}>{value ? <DrawingRead src={value} label={field.level} /> : ''}</ReadValue>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} ids={ids} error={error} as="text">
      <DrawingCanvas
        id={ids.inputId}
        label={`${field.level}: draw here`}
        value={value}
        onChange={onChange}
        invalid={ids.invalid}
        describedBy={ids.describedBy}
      />
    </FieldFrame>
  );
}
