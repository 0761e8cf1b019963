import { useState } from 'react';
import { fieldErrorsOf } from '../../api/errors';

/**
 * A form's messages by field: its own checks before sending, then the server's refusal; a refusal
 * for a stale version also goes to `onStale` (the page offers to reload).
 */
export function useFormErrors(onStale?: (error: unknown) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    /** Shows the problems found; true when there are none and the form may send. */
    passes: (problems: Record<string, string>) => {
      setErrors(problems);
      return Object.keys(problems).length === 0;
    },
    failed: (failure: unknown) => {
      setErrors(fieldErrorsOf(failure));
      onStale?.(failure);
    },
  };
}
