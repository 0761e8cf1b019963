import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from './Button';
import { FieldError } from './FieldError';

export interface PickerOption {
  value: string;
  label: string;
  /** Shown after the label, quieter (a username). */
  detail?: string;
}

/** One page of matches; `hasMore` offers the next. */
export interface PickerPage {
  options: PickerOption[];
  hasMore: boolean;
}

/**
 * A search box whose matches are listed as buttons; picking one hands it back and clears the box.
 * For choosing one of many records (employees) that a select could not hold. The server answers a
 * page at a time ('More matches' asks for the next). Keys: ArrowDown from the box to the matches,
 * ArrowUp/ArrowDown between them (ArrowUp from the first back to the box), Enter picks, Escape
 * clears the box.
 */
export function SearchPicker({
  labelledBy,
  error,
  describedBy,
  invalid,
  queryKey,
  search,
  onPick,
  exclude,
  autoFocus,
  placeholder = 'Search by name',
  empty = 'Nothing matches.',
}: {
  labelledBy: string;
  error?: string | null;
  /** The id of a message outside the picker that describes it (instead of `error`). */
  describedBy?: string;
  invalid?: boolean;
  queryKey: readonly unknown[];
  search: (text: string, page: number) => Promise<PickerPage>;
  onPick: (option: PickerOption) => void;
  /** Values already chosen: not offered again. */
  exclude?: readonly string[];
  autoFocus?: boolean;
  placeholder?: string;
  empty?: string;
}) {
  const errorId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const deferred = useDeferredValue(text.trim());
  const found = useInfiniteQuery({
    queryKey: [...queryKey, deferred],
    queryFn: ({ pageParam }) => search(deferred, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: deferred.length > 0,
  });
  const matches = (found.data?.pages.flatMap((page) => page.options) ?? []).filter(
    (option) => !exclude?.includes(option.value),
  );
  const buttons = () => [...(listRef.current?.querySelectorAll('button') ?? [])];

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && matches.length > 0) {
      event.preventDefault();
      buttons()[0]?.focus();
    } else if (event.key === 'Escape' && text) {
      event.preventDefault();
      setText('');
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) inputRef.current?.focus();
    else all[Math.min(next, all.length - 1)]?.focus();
  };

  return (
    <>
      <input
        ref={inputRef}
        className="input"
        type="search"
        aria-labelledby={labelledBy}
        aria-describedby={error ? errorId : describedBy}
        aria-invalid={error || invalid ? true : undefined}
        placeholder={placeholder}
        value={text}
        // The picker opens on the user's own request (Change): the box is what they want next.
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onInputKey}
      />
      <FieldError id={errorId} message={error} />
      {found.data && (
        <ul className="search-picker" aria-label="Matches" ref={listRef} onKeyDown={onListKey}>
          {matches.length === 0 && <li className="text-secondary">{empty}</li>}
          {matches.map((option) => (
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
          {found.hasNextPage && (
            <li>
              <Button
                size="sm"
                variant="ghost"
                disabled={found.isFetchingNextPage}
                onClick={() => void found.fetchNextPage()}
              >
                More matches
              </Button>
            </li>
          )}
        </ul>
      )}
    </>
  );
}

/**
 * One chosen record shown by name (a read-only box), with Change to search for another: for a
 * choice among thousands (a coordinator, an action's assignee) that a select could not hold.
 * With `searchWhenEmpty`, nothing chosen yet shows the search itself (no box, no Cancel).
 */
export function SearchChoice({
  id,
  labelledBy,
  name,
  disabled,
  invalid,
  describedBy,
  queryKey,
  search,
  onPick,
  empty,
  searchWhenEmpty = false,
  autoFocus,
}: {
  /** The id of the box, for a <label htmlFor>. */
  id?: string;
  labelledBy: string;
  /** The chosen record's name; empty when nothing is chosen. */
  name: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  queryKey: readonly unknown[];
  search: (text: string, page: number) => Promise<PickerPage>;
  onPick: (option: PickerOption) => void;
  empty?: string;
  searchWhenEmpty?: boolean;
  /** Focus the search shown for `searchWhenEmpty` (Change always focuses its search). */
  autoFocus?: boolean;
}) {
  const [changing, setChanging] = useState(false);
  if ((changing || (searchWhenEmpty && !name)) && !disabled) {
    return (
      <div className="search-choice-open">
        <SearchPicker
          labelledBy={labelledBy}
          describedBy={describedBy}
          invalid={invalid}
          queryKey={queryKey}
          search={search}
          empty={empty}
          autoFocus={changing || autoFocus}
          onPick={(option) => {
            setChanging(false);
            onPick(option);
          }}
        />
        {changing && (
          <Button size="sm" variant="ghost" onClick={() => setChanging(false)}>
            Cancel
          </Button>
        )}
      </div>
    );
  }
  return (
    <div className="search-choice">
      <input
        id={id}
        className="input"
        readOnly
        disabled={disabled}
        value={name}
        placeholder="Select One"
        aria-labelledby={id ? undefined : labelledBy}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {!disabled && (
        <Button size="sm" variant="secondary" onClick={() => setChanging(true)}>
          {name ? 'Change' : 'Choose'}
        </Button>
      )}
    </div>
  );
}
