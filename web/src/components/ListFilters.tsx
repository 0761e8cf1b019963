import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { DateField } from './DateField';
import { InputField } from './FormField';
import { SelectField } from './SelectField';

/**
 * The filters card of a list page. On a small screen its fields fold away behind a "Filters"
 * button that counts the filters in use, so the list starts on the first screen (the fold is drawn
 * by components.css; on a wide screen the fields are always shown and the button is not).
 * `actions` are buttons that are not filters (New notice): shown folded or not.
 */
export function FilterPanel({
  active,
  onSubmit,
  actions,
  children,
}: {
  /** How many filters (and an applied search) narrow the list now. */
  active: number;
  /** Enter in a field, or the Search button. */
  onSubmit: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const fieldsId = useId();
  const [open, setOpen] = useState(false);
  return (
    <form
      className="card list-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <button
        type="button"
        className="list-filters-toggle"
        aria-expanded={open}
        aria-controls={fieldsId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <SlidersHorizontal size={16} aria-hidden="true" />
        Filters
        {/* Spaces as text of their own: a name is read as "Filters 2 in use", not "Filters2in use". */}
        {active > 0 && (
          <>
            {' '}
            <span className="badge badge-primary">
              {active} <span className="visually-hidden">in use</span>
            </span>
          </>
        )}
        <ChevronDown className="list-filters-chevron" size={16} aria-hidden="true" />
      </button>
      <div id={fieldsId} className="list-filters-fields">
        {children}
      </div>
      {actions}
    </form>
  );
}

/** What the filter bar reads of a usePagedList: its search, how many filters are set, and clearing them. */
export interface FilteredList {
  search: (text: string) => void;
  /** The applied search: the box shows it, after Back or a reload too. */
  searched: string;
  activeFilters: number;
  clear: () => void;
}

/**
 * The filter bar of a list page: a search box applied with Search (or Enter), and the page's own
 * filters (selects that apply at once) as children; `actions` as FilterPanel's. Every list's search
 * applies on Search, never while typing: a half-typed word asks the server nothing. Given the
 * `list` itself, the bar also offers "Clear filters" while a filter or a search is in use.
 */
export function ListFilters({
  placeholder,
  searchLabel = 'Search',
  actions,
  children,
  ...source
}: {
  placeholder: string;
  /** The search box's name, when a page holds more than one list ("Search assets"). */
  searchLabel?: string;
  actions?: ReactNode;
  children?: ReactNode;
} & (
  | { list: FilteredList; onSearch?: never; active?: never }
  | {
      list?: never;
      /** The trimmed text, when Search is pressed. */
      onSearch: (text: string) => void;
      /** How many filters (and an applied search) narrow the list now: usePagedList's activeFilters. */
      active: number;
    }
)) {
  const { onSearch, active, searched, onClear } = source.list
    ? {
        onSearch: source.list.search,
        active: source.list.activeFilters,
        searched: source.list.searched,
        onClear: source.list.clear,
      }
    : { ...source, searched: '', onClear: undefined };
  const [text, setText] = useState(searched);
  // The applied search changed elsewhere (Back, Clear filters): the box follows it.
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setText(searched);
  }
  return (
    <FilterPanel active={active} onSubmit={() => onSearch(text.trim())} actions={actions}>
      <InputField
        label={searchLabel}
        type="search"
        placeholder={placeholder}
        value={text}
        onValueChange={setText}
      />
      {children}
      <div className="list-filter-buttons">
        <Button type="submit">Search</Button>
        {onClear && active > 0 && (
          <Button
            onClick={() => {
              setText('');
              onClear();
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </FilterPanel>
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

/**
 * A filter by day ('' is none), typed as dd/mm/yyyy like every date of the product (not the
 * browser's own date format); the value stays yyyy-MM-dd.
 */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <DateField label={label} value={value} onValueChange={onChange} />;
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
      <DateFilter label="Due from" value={from} onChange={(value) => onChange('dueFrom', value)} />
      <DateFilter label="Due to" value={to} onChange={(value) => onChange('dueTo', value)} />
    </>
  );
}

const IN_USE_OPTIONS = [
  { value: 'inactive', label: 'Not in use' },
  { value: 'all', label: 'All' },
];

/** A catalogue's Status filter: in use (the default, ''), not in use, or all. */
export function InUseFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: 'inactive' | 'all' | '') => void;
}) {
  return (
    <SelectField
      label="Status"
      value={value}
      none="In use"
      options={IN_USE_OPTIONS}
      onChange={(chosen) => onChange(chosen as 'inactive' | 'all' | '')}
    />
  );
}
