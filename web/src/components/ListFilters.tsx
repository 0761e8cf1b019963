import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';

/**
 * The filter bar of a list page: a search box applied with Search (or Enter), and the page's own
 * filters (selects that apply at once) as children.
 */
export function ListFilters({
  placeholder,
  onSearch,
  children,
}: {
  placeholder: string;
  /** The trimmed text, when Search is pressed. */
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="card list-filters"
      aria-label="Filters"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={id}>
          Search
        </label>
        <input
          id={id}
          className="input"
          type="search"
          placeholder={placeholder}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {children}
      <div className="list-filter-buttons">
        <Button type="submit">Search</Button>
      </div>
    </form>
  );
}
