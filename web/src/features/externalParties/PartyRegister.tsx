import type { ComponentProps, ReactNode } from 'react';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, type usePagedList } from '../../components/PagedList';
import { SelectField } from '../../components/SelectField';

/**
 * A register of what was asked of suppliers (the Form Register, Requirements): its heading and
 * buttons, its search with one filter (where each request stands), then its paged rows.
 */
export function PartyRegister<S extends string>({
  title,
  intro,
  actions,
  placeholder,
  list,
  filter,
  table,
  dialog,
  children,
}: {
  title: string;
  intro: string;
  actions: ReactNode;
  /** What the search looks in. */
  placeholder: string;
  list: ComponentProps<typeof PagedTable>['list'] &
    Pick<ReturnType<typeof usePagedList>, 'search' | 'activeFilters'>;
  filter: {
    label: string;
    none: string;
    value: S | '';
    values: readonly S[];
    labels: Record<S, string>;
    onChange: (value: S | '') => void;
  };
  table: Omit<ComponentProps<typeof PagedTable>, 'list' | 'children'>;
  /** The dialog open over the register, if any. */
  dialog: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="admin-page stack-lg">
      <div className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
        {actions}
      </div>
      <ListFilters placeholder={placeholder} onSearch={list.search} active={list.activeFilters}>
        <SelectField
          label={filter.label}
          value={filter.value}
          none={filter.none}
          options={filter.values.map((value) => ({ value, label: filter.labels[value] }))}
          onChange={(value) => filter.onChange(value as S | '')}
        />
      </ListFilters>
      <PagedTable {...table} list={list}>
        {children}
      </PagedTable>
      {dialog}
    </div>
  );
}
