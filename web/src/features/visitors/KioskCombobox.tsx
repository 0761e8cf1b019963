import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { describeError } from '../../api/errors';
import { FieldLabel } from '../../components/FormField';
import { FieldError } from '../../components/FieldError';

/** A name chosen from a kiosk search: a host employee or a supplier company. */
export interface KioskOption {
  _id: string;
  name: string;
}

/** Typing pauses this long before the kiosk asks the server (one call per word, not per key). */
export const KIOSK_SEARCH_DEBOUNCE_MS = 300;
const MIN_LETTERS = 2;

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A search box whose matches drop down as a listbox (the ARIA combobox pattern): at least two
 * letters, asked once typing pauses. ArrowUp/ArrowDown move through the matches, Enter picks,
 * Escape closes; a tap picks too. Typing again forgets the choice, so what the box shows is always
 * what is sent.
 */
export function KioskCombobox({
  label,
  required = false,
  value,
  onChange,
  search,
  authtoken,
  what,
  error,
  onFailure,
}: {
  label: string;
  required?: boolean;
  value: KioskOption | null;
  onChange: (option: KioskOption | null) => void;
  search: (text: string) => Promise<{ options: KioskOption[] }>;
  /** The kiosk's link: in the query key, so no answer is shared with another link's kiosk. */
  authtoken: string;
  /** Names the search in its query key: 'hosts', 'suppliers'. */
  what: string;
  error?: string | null;
  /** A failed search (a refused link ends the kiosk's session). */
  onFailure: (error: unknown) => void;
}) {
  const id = useId();
  const listId = useId();
  const errorId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(text.trim(), KIOSK_SEARCH_DEBOUNCE_MS);
  const asking = open && value === null && typed.length >= MIN_LETTERS;
  const found = useQuery({
    queryKey: ['visitorKioskSearch', authtoken, what, typed],
    queryFn: () => search(typed),
    enabled: asking,
    retry: false,
    // Names of people and companies are not kept once the box is gone: the kiosk is shared.
    gcTime: 0,
    meta: { silent: true },
  });
  useEffect(() => {
    if (found.error) onFailure(found.error);
  }, [found.error, onFailure]);
  const options = asking ? (found.data?.options ?? []) : [];
  const showList = asking && found.data !== undefined;

  const pick = (option: KioskOption) => {
    onChange(option);
    setText(option.name);
    setOpen(false);
    setActive(-1);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + options.length) % options.length);
    } else if (event.key === 'Enter' && showList && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const described = [error ? errorId : null, found.error ? `${errorId}-search` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field kiosk-combobox">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onKeyDown={onKey}
      />
      <ul id={listId} role="listbox" aria-label={label} className="kiosk-options" hidden={!showList}>
        {options.map((option, index) => (
          <li
            key={option._id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'kiosk-option is-active' : 'kiosk-option'}
            // Picked before the box loses focus, so a tap is not lost to the blur.
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            {option.name}
          </li>
        ))}
      </ul>
      {showList && options.length === 0 && (
        <p className="text-secondary">No matches. Try another spelling.</p>
      )}
      {found.error && (
        <p className="field-error" id={`${errorId}-search`}>
          {describeError(found.error).message}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
