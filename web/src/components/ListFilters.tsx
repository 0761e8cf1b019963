import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';
import { InputField } from './FormField';
import { SelectField } from './SelectField';

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

/** A list's order (ascending first), for its request and a SortSelect. */
export function useSortOrder<S extends string>(initial: S) {
  const [order, setOrder] = useState({ sort: initial, sortDirection: 'asc' as 'asc' | 'desc' });
  return {
    ...order,
    onChange: (sort: S, sortDirection: 'asc' | 'desc') => setOrder({ sort, sortDirection }),
  };
}

/** "Sort by" as one select of each sort in both directions (↑ ascending, ↓ descending). */
export function SortSelect<S extends string>({
  sorts,
  labels,
  sort,
  sortDirection,
  onChange,
}: {
  sorts: readonly S[];
  labels: Record<S, string>;
  sort: S;
  sortDirection: 'asc' | 'desc';
  onChange: (sort: S, sortDirection: 'asc' | 'desc') => void;
}) {
  return (
    <SelectField
      label="Sort by"
      value={`${sort}:${sortDirection}`}
      options={sorts.flatMap((value) => [
        { value: `${value}:asc`, label: `${labels[value]} ↑` },
        { value: `${value}:desc`, label: `${labels[value]} ↓` },
      ])}
      onChange={(value) => {
        const [by, next] = value.split(':') as [S, 'asc' | 'desc'];
        onChange(by, next);
      }}
    />
  );
}

/** "Due from" and "Due to": the days a list's due dates fall between ('' is open-ended). */
export function DueRangeFilters({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (bound: 'dueFrom' | 'dueTo', value: string) => void;
}) {
  return (
    <>
      <InputField
        label="Due from"
        type="date"
        value={from}
        onValueChange={(value) => onChange('dueFrom', value)}
      />
      <InputField label="Due to" type="date" value={to} onValueChange={(value) => onChange('dueTo', value)} />
    </>
  );
}
