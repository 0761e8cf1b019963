import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { FieldError } from './FieldError';

export interface PickerOption {
  value: string;
  label: string;
  /** Shown after the label, quieter (a username). */
  detail?: string;
}

/**
 * A search box whose matches are listed as buttons; picking one hands it back and clears the box.
 * For choosing one of many records (employees) that a select could not hold.
 */
export function SearchPicker({
  labelledBy,
  error,
  queryKey,
  search,
  onPick,
  placeholder = 'Search by name',
  empty = 'Nothing matches.',
}: {
  labelledBy: string;
  error?: string | null;
  queryKey: readonly unknown[];
  search: (text: string) => Promise<PickerOption[]>;
  onPick: (option: PickerOption) => void;
  placeholder?: string;
  empty?: string;
}) {
  const errorId = useId();
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: [...queryKey, deferred],
    queryFn: () => search(deferred),
    enabled: deferred.length > 0,
  });
  return (
    <>
      <input
        className="input"
        type="search"
        aria-labelledby={labelledBy}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FieldError id={errorId} message={error} />
      {found.data && (
        <ul className="search-picker" aria-label="Matches">
          {found.data.length === 0 && <li className="text-secondary">{empty}</li>}
          {found.data.map((option) => (
            <li key={option.value}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onPick(option);
                  setText('');
                }}
              >
                {option.label}
                {option.detail && <span className="text-secondary"> ({option.detail})</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
