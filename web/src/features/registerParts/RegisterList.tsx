import type { RiskColour } from '@compass/shared';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { ExportButton } from '../../components/ExportButton';
import { PageHeader } from '../../components/PageHeader';
import { RATING_COLOUR_OPTIONS } from '../../components/RiskRating';
import { optionsOf, SelectField } from '../../components/SelectField';
import { useWorkplaces } from './api';
import type { RegisterOf } from './ItemPages';

/** The filters both register lists have: workplace, rating colour, owner (the caller) and review due. */
export interface RegisterListFilters {
  workplaceId: string;
  colour: RiskColour | '';
  ownerId: string;
  due: 'yes' | '';
}

/** The register filters' starting values: any workplace, rating, owner and review. */
export const REGISTER_LIST_FILTERS: RegisterListFilters = {
  workplaceId: '',
  colour: '',
  ownerId: '',
  due: '',
};

export function RegisterFilters<F extends RegisterListFilters>({
  list,
  register: { calls, queryKey },
  workplaceLabel,
  ratingLabel,
}: {
  list: { filters: F; setFilter: <K extends keyof F>(name: K, value: F[K]) => void };
  register: Pick<RegisterOf, 'calls' | 'queryKey'>;
  workplaceLabel: string;
  ratingLabel: string;
}) {
  const permissions = usePermissions();
  const me = permissions.data?.employeeId ?? '';
  const workplaces = useWorkplaces(calls, queryKey);
  return (
    <>
      <SelectField
        label={workplaceLabel}
        value={list.filters.workplaceId}
        none="Any workplace"
        options={optionsOf(workplaces.data?.workplaces)}
        onChange={(value) => list.setFilter('workplaceId', value as F['workplaceId'])}
      />
      <SelectField
        label={ratingLabel}
        value={list.filters.colour}
        none="Any rating"
        options={RATING_COLOUR_OPTIONS}
        onChange={(value) => list.setFilter('colour', value as F['colour'])}
      />
      <SelectField
        label="Owner"
        value={list.filters.ownerId}
        none="Anyone"
        options={me ? [{ value: me, label: 'Me' }] : []}
        onChange={(value) => list.setFilter('ownerId', value as F['ownerId'])}
      />
      <SelectField
        label="Review"
        value={list.filters.due}
        none="Any"
        options={[{ value: 'yes', label: 'Due for review' }]}
        onChange={(value) => list.setFilter('due', value as F['due'])}
      />
    </>
  );
}

/** The filters chosen (those not left at "any"), as the export and the matrix take them. */
export function chosenFilters(filters: object): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/**
 * A register list's heading: what it holds, Export CSV (of the filtered list), then New where
 * `newPath` is given (a link to the new item's page) or the register's own buttons as children.
 */
export function RegisterListHeader({
  title,
  intro,
  exportUrl,
  exportName,
  newPath,
  newLabel,
  children,
}: {
  title: string;
  intro: ReactNode;
  exportUrl: string;
  exportName: string;
  newPath?: string;
  newLabel?: string;
  children?: ReactNode;
}) {
  return (
    <PageHeader title={title} intro={intro}>
      <div className="row wrap">
        <ExportButton label="Export CSV" url={exportUrl} fileName={exportName} />
        {newPath && (
          <Link className="btn btn-primary" to={newPath}>
            <Plus size={16} aria-hidden="true" /> {newLabel}
          </Link>
        )}
        {children}
      </div>
    </PageHeader>
  );
}

/**
 * Sort by, with the server's default order as "none" (so sorting does not count as a filter) and
 * the other orders to choose.
 */
export function DefaultSortSelect<S extends string>({
  value,
  sorts,
  labels,
  byDefault,
  onChange,
}: {
  value: S | '';
  sorts: readonly S[];
  labels: Record<S, string>;
  byDefault: S;
  onChange: (value: S | '') => void;
}) {
  return (
    <SelectField
      label="Sort by"
      value={value}
      none={labels[byDefault]}
      options={sorts
        .filter((sort) => sort !== byDefault)
        .map((sort) => ({ value: sort, label: labels[sort] }))}
      onChange={(next) => onChange(next as S | '')}
    />
  );
}
