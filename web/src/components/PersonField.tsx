import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from './Button';
import { FieldError } from './FieldError';
import { FieldLabel } from './FormField';
import { SearchChoice, SearchPicker, type PickerPage } from './SearchPicker';

export type Person = { _id: string; name: string };

/** A search call that answers every match at once, as one last page for a SearchChoice. */
export const pickerPageOf = (people: readonly Person[]): PickerPage => ({
  options: people.map((person) => ({ value: person._id, label: person.name })),
  hasMore: false,
});

/** What a search limited to employees with an account says when nobody matches. */
export const NO_ACCOUNT_MATCH = 'No active employee with an account matches.';

/**
 * The person filters of a list whose filters hold people's ids: for a filter's name, the value and
 * onChange of its PersonField. The chosen person's name is kept only while the filter still holds
 * their id, so Clear filters empties the field too.
 */
export function usePersonFilters<Name extends string>(list: {
  filters: Record<Name, string>;
  setFilter: (name: Name, value: string) => void;
}) {
  const [people, setPeople] = useState<Partial<Record<Name, Person | null>>>({});
  return (name: Name) => {
    const person = people[name];
    return {
      value: person && person._id === list.filters[name] ? person : null,
      onChange: (chosen: Person | null) => {
        setPeople((current) => ({ ...current, [name]: chosen }));
        list.setFilter(name, chosen?._id ?? '');
      },
    };
  };
}

/**
 * An employee found by name through the area's own people search (its access key), shown as a
 * labelled choice; an optional one can be removed.
 */
export function PersonField({
  label,
  value,
  onChange,
  search,
  queryKey,
  error,
  optional = false,
  empty = 'No active employee matches.',
  searchWhenEmpty,
  autoFocus,
}: {
  label: string;
  value: Person | null;
  onChange: (person: Person | null) => void;
  /** Finds the people to choose from, a page at a time. */
  search: (text: string, page: number) => Promise<PickerPage>;
  queryKey: readonly unknown[];
  error?: string | null;
  optional?: boolean;
  /** What the list says when nobody matches (the area's search may only find people with an account). */
  empty?: string;
  /** Nobody chosen yet: the search shows at once (see SearchChoice). */
  searchWhenEmpty?: boolean;
  autoFocus?: boolean;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <FieldLabel id={labelId}>{label}</FieldLabel>
      <div className="person-field">
        <SearchChoice
          labelledBy={labelId}
          name={value?.name ?? ''}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          queryKey={queryKey}
          empty={empty}
          search={search}
          searchWhenEmpty={searchWhenEmpty}
          autoFocus={autoFocus}
          onPick={(option) => onChange({ _id: option.value, name: option.label })}
        />
        {optional && value && (
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

/** Several people found through the area's people search: chips (each removable) and a search to add more. */
export function PeopleField({
  label,
  people,
  error,
  onChange,
  search,
  queryKey,
  empty,
}: {
  label: string;
  people: Person[];
  error?: string | null;
  onChange: (people: Person[]) => void;
  search: (text: string, page: number) => Promise<PickerPage>;
  queryKey: readonly unknown[];
  empty?: string;
}) {
  const labelId = useId();
  return (
    <div className="field">
      <FieldLabel id={labelId}>{label}</FieldLabel>
      {people.length > 0 && (
        <ul className="chip-list">
          {people.map((person) => (
            <li key={person._id} className="chip">
              <span>{person.name}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${person.name}`}
                onClick={() => onChange(people.filter((other) => other._id !== person._id))}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchPicker
        labelledBy={labelId}
        error={error}
        search={search}
        queryKey={queryKey}
        empty={empty}
        exclude={people.map((person) => person._id)}
        onPick={(option) => onChange([...people, { _id: option.value, name: option.label }])}
      />
    </div>
  );
}
