import { REPORT_PERIOD_LABELS, reportMessages, type TResolvedReportFilters } from '@compass/shared';
import { badRequest } from '../../errors';
import type { ReportMonths } from './source';
import { monthLabel } from './sources/groups';

/** A month as a count of months since year 0, so that presets are plain subtractions. */
const indexOf = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthAt = (index: number): string =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/** "Mar 2026 – May 2026", or "Mar 2026" for one month. */
const spanLabel = (fromMonth: string, toMonth: string): string =>
  fromMonth === toMonth ? monthLabel(fromMonth) : `${monthLabel(fromMonth)} – ${monthLabel(toMonth)}`;

type Filters = Pick<TResolvedReportFilters, 'period' | 'fromMonth' | 'toMonth'>;

/** The first and last month of the period (indexes); null: no first month. */
function bounds({ period, fromMonth, toMonth }: Filters, current: number): [number | null, number] {
  const year = Math.floor(current / 12) * 12;
  switch (period) {
    case 'thisMonth':
      return [current, current];
    case 'lastMonth':
      return [current - 1, current - 1];
    case 'last3Months':
      return [current - 2, current];
    case 'last12Months':
      return [current - 11, current];
    case 'thisYear':
      return [year, current];
    case 'lastYear':
      return [year - 12, year - 1];
    case 'all':
      return [null, current];
    case 'custom':
      // ZReportFilters has checked both are there; this keeps the type honest.
      if (!fromMonth || !toMonth) throw badRequest(reportMessages.customPeriod);
      return [indexOf(fromMonth), indexOf(toMonth)];
  }
}

/**
 * The period of a report as whole months of the organisation's calendar, counted from its today
 * (yyyy-MM-dd). Every preset ends with the current month (months to come are no period's
 * figures); "All time" has no first month. A custom period was parsed by ZReportFilters (both
 * months, the last not before the first).
 */
export function reportMonths(filters: Filters, today: string): ReportMonths {
  const [first, last] = bounds(filters, indexOf(today.slice(0, 7)));
  const fromMonth = first === null ? null : monthAt(first);
  const toMonth = monthAt(last);
  const preset = REPORT_PERIOD_LABELS[filters.period];
  const label =
    fromMonth === null
      ? preset
      : filters.period === 'custom'
        ? spanLabel(fromMonth, toMonth)
        : `${preset} (${spanLabel(fromMonth, toMonth)})`;
  return {
    from: fromMonth === null ? null : `${fromMonth}-01`,
    until: `${monthAt(last + 1)}-01`,
    fromMonth,
    toMonth,
    label,
  };
}
