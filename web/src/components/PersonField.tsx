import { useId } from 'react';
import { Button } from './Button';
import { FieldError } from './FieldError';
import { SearchChoice } from './SearchPicker';

export type Person = { _id: string; name: string };

/**
 * An employee found by name through the area's own people search (its access key), shown as a
 * labelled choice; an optional one can be removed.
 */
export function PersonField({
  label,
  person,
  error,
  optional = false,
  queryKey,
  search,
  onChange,
}: {
  label: string;
  person: Person | null;
  error?: string;
  optional?: boolean;
  queryKey: readonly unknown[];
  search: (text: string) => Promise<Person[]>;
  onChange: (person: Person | null) => void;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <div className="person-field">
        <SearchChoice
          labelledBy={labelId}
          name={person?.name ?? ''}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          queryKey={queryKey}
          empty="No active employee with an account matches."
          search={async (text) => ({
            options: (await search(text)).map((row) => ({ value: row._id, label: row.name })),
            hasMore: false,
          })}
          onPick={(option) => onChange({ _id: option.value, name: option.label })}
        />
        {optional && person && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onChange(null)}
            aria-label={`Remove the ${label.toLowerCase()}`}
          >
            Remove
          </Button>
        )}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
