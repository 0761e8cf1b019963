import {
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
  REPORTS,
  type ReportId,
  type ReportPeriod,
  type TReportFilters,
} from '@compass/shared';
import { format, subMonths } from 'date-fns';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { FilterPanel } from '../../components/ListFilters';
import { PersonField, type Person } from '../../components/PersonField';
import { optionsOf, SelectField, type SelectOption } from '../../components/SelectField';
import { useRelatedLists } from '../submissions';
import { reportKeys, searchReportPeople, useReportBranches, useReportOptions } from './api';

const PERIOD_OPTIONS = REPORT_PERIODS.map((value) => ({ value, label: REPORT_PERIOD_LABELS[value] }));

/** The filters as they are when cleared: the default period, nothing else. */
export const NO_FILTERS: TReportFilters = { period: 'last12Months' };

const NARROWING = ['workplaceId', 'branchId', 'templateId', 'category', 'companyId', 'personId'] as const;

/** How many filters narrow the report: a period other than the default, and each choice made. */
export const activeFilterCount = (filters: TReportFilters): number =>
  (filters.period && filters.period !== NO_FILTERS.period ? 1 : 0) +
  NARROWING.filter((name) => filters[name] !== undefined).length;

/** Custom months start as the last twelve, this month included, so the report answers at once. */
function customMonths(): Pick<TReportFilters, 'fromMonth' | 'toMonth'> {
  const now = new Date();
  return { fromMonth: format(subMonths(now, 11), 'yyyy-MM'), toMonth: format(now, 'yyyy-MM') };
}

/**
 * A filter's choices, the chosen one kept when it is not among them (an address or a saved report
 * naming a record gone, or the list still loading): the select never reads "Any …" while the
 * figures are filtered.
 */
function choicesOf(
  rows: readonly { _id: string; name: string }[] | undefined,
  chosen: string | undefined,
  unknown: string,
): SelectOption[] {
  const options = optionsOf(rows);
  if (!chosen || options.some((option) => option.value === chosen)) return options;
  return [...options, { value: chosen, label: rows ? unknown : '…' }];
}

/** A select's choice as a filter: '' (any) is no filter. */
const choose = (value: string) => value || undefined;

/** Workplace, and the chosen workplace's branches: the lists are asked for only by reports that take them. */
function WorkplaceFilters({
  filters,
  withBranch,
  set,
}: {
  filters: TReportFilters;
  withBranch: boolean;
  set: (changes: Partial<TReportFilters>) => void;
}) {
  const places = useRelatedLists();
  const branches = useReportBranches(withBranch ? filters.workplaceId : undefined);
  return (
    <>
      <SelectField
        label="Workplace"
        value={filters.workplaceId ?? ''}
        none="Any workplace"
        options={choicesOf(places.data?.workplace, filters.workplaceId, 'Unknown workplace')}
        onChange={(value) => set({ workplaceId: choose(value), branchId: undefined })}
      />
      {withBranch && (
        <SelectField
          label="Branch"
          value={filters.branchId ?? ''}
          none="Any branch"
          disabled={!filters.workplaceId}
          options={choicesOf(branches.data, filters.branchId, 'Unknown branch')}
          onChange={(value) => set({ branchId: choose(value) })}
        />
      )}
    </>
  );
}

/**
 * The filter bar of a report: "Group by", then only the filters the report takes, in the
 * catalogue's order; every choice applies at once. The chosen person's name is kept while the
 * filter holds their id; the report's address carries the id alone.
 */
export function ReportFilters({
  report,
  by,
  filters,
  onChange,
}: {
  report: ReportId;
  by: string;
  filters: TReportFilters;
  onChange: (by: string, filters: TReportFilters) => void;
}) {
  const definition = REPORTS[report];
  const takes = new Set(definition.filters);
  const needsOptions = takes.has('template') || takes.has('category') || takes.has('company');
  const [person, setPerson] = useState<Person | null>(null);
  // A person chosen here is named already; one from the address is named by the server.
  const unnamed = filters.personId && person?._id !== filters.personId ? filters.personId : undefined;
  const options = useReportOptions(report, needsOptions || !!unnamed, unnamed);
  const set = (changes: Partial<TReportFilters>) => onChange(by, { ...filters, ...changes });
  const period = filters.period ?? NO_FILTERS.period!;
  const active = activeFilterCount(filters);

  return (
    // Every filter applies as it is chosen: Enter in a month has nothing left to submit.
    <FilterPanel active={active} onSubmit={() => undefined}>
      <SelectField
        label="Group by"
        value={by}
        options={definition.groupings.map((grouping) => ({ value: grouping.id, label: grouping.label }))}
        onChange={(value) => onChange(value, filters)}
      />
      {takes.has('period') && (
        <SelectField
          label="Period"
          value={period}
          options={PERIOD_OPTIONS}
          hint={definition.periodOf}
          onChange={(value) => {
            const chosen = value as ReportPeriod;
            const months =
              chosen === 'custom' ? customMonths() : { fromMonth: undefined, toMonth: undefined };
            set({ period: chosen, ...months });
          }}
        />
      )}
      {takes.has('period') && period === 'custom' && (
        <>
          <InputField
            label="From month"
            type="month"
            value={filters.fromMonth ?? ''}
            onValueChange={(value) => set({ fromMonth: choose(value) })}
          />
          <InputField
            label="To month"
            type="month"
            value={filters.toMonth ?? ''}
            onValueChange={(value) => set({ toMonth: choose(value) })}
          />
        </>
      )}
      {takes.has('workplace') && (
        <WorkplaceFilters filters={filters} withBranch={takes.has('branch')} set={set} />
      )}
      {takes.has('template') && (
        <SelectField
          label="Template"
          value={filters.templateId ?? ''}
          none="Any template"
          options={choicesOf(options.data?.templates, filters.templateId, 'Unknown template')}
          onChange={(value) => set({ templateId: choose(value) })}
        />
      )}
      {takes.has('category') && definition.categoryLabel && (
        <SelectField
          label={definition.categoryLabel}
          value={filters.category ?? ''}
          none="Any"
          options={choicesOf(options.data?.categories, filters.category, filters.category ?? '')}
          onChange={(value) => set({ category: choose(value) })}
        />
      )}
      {takes.has('company') && (
        <SelectField
          label="Company"
          value={filters.companyId ?? ''}
          none="Any company"
          options={choicesOf(options.data?.companies, filters.companyId, 'Unknown company')}
          onChange={(value) => set({ companyId: choose(value) })}
        />
      )}
      {takes.has('person') && definition.personLabel && (
        <PersonField
          label={definition.personLabel}
          optional
          value={
            filters.personId
              ? {
                  _id: filters.personId,
                  name: (person?._id === filters.personId ? person.name : options.data?.person?.name) ?? '…',
                }
              : null
          }
          onChange={(chosen) => {
            setPerson(chosen);
            set({ personId: chosen?._id });
          }}
          search={searchReportPeople}
          queryKey={reportKeys.people}
        />
      )}
      {active > 0 && (
        <div className="list-filter-buttons">
          <Button onClick={() => onChange(by, NO_FILTERS)}>Clear filters</Button>
        </div>
      )}
    </FilterPanel>
  );
}
