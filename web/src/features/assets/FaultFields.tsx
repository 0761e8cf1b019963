import { assetMessages as say, uploadProblem } from '@compass/shared';
import { useState } from 'react';
import { FormField, TextAreaField } from '../../components/FormField';

const UNSAFE_LABEL = 'The asset is unsafe: take it out of service';

/** What a fault report says: the description and whether the asset is unsafe to use. */
interface FaultText {
  description: string;
  takeOutOfService: boolean;
}

/** A fault report's fields as the asset page and the QR label ask them; the description is required. */
export function useFaultFields() {
  const [fault, setFault] = useState<FaultText>({ description: '', takeOutOfService: false });
  const [error, setError] = useState<string | null>(null);
  return {
    fault,
    error,
    setError,
    /** The description's problem, shown under it; null when the report can be sent. */
    check: () => {
      const problem = fault.description.trim() ? null : say.faultDescriptionRequired;
      setError(problem);
      return problem === null;
    },
    fields: (
      <>
        <TextAreaField
          label="What is wrong?"
          rows={4}
          maxLength={4000}
          value={fault.description}
          error={error}
          onValueChange={(description) => {
            setFault((current) => ({ ...current, description }));
            setError(null);
          }}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={fault.takeOutOfService}
            onChange={(event) =>
              setFault((current) => ({ ...current, takeOutOfService: event.target.checked }))
            }
          />
          {UNSAFE_LABEL}
        </label>
      </>
    ),
  };
}

/** "Photos" of a fault: images chosen from the phone or the computer, checked as the server checks them. */
export function FaultPhotosField({
  error,
  onChange,
}: {
  error: string | null;
  onChange: (files: File[], problem: string | null) => void;
}) {
  return (
    <FormField label="Photos" error={error}>
      {(control) => (
        <input
          {...control}
          type="file"
          accept="image/*"
          multiple
          className="input"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            const problem = chosen.map((file) => uploadProblem(file)).find(Boolean) ?? null;
            onChange(problem ? [] : chosen, problem);
          }}
        />
      )}
    </FormField>
  );
}
