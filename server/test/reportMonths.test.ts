import { describe, expect, it } from 'vitest';
import { reportMonths } from '../src/modules/reports/months';

/** The period presets of Reports & Charts, counted from the organisation's today (30 Nov 2026). */
const TODAY = '2026-11-30';

describe('reportMonths', () => {
  it.each([
    ['thisMonth', '2026-11', '2026-11', '2026-12-01', 'This month (Nov 2026)'],
    ['lastMonth', '2026-10', '2026-10', '2026-11-01', 'Last month (Oct 2026)'],
    ['last3Months', '2026-09', '2026-11', '2026-12-01', 'Last 3 months (Sep 2026 – Nov 2026)'],
    ['last12Months', '2025-12', '2026-11', '2026-12-01', 'Last 12 months (Dec 2025 – Nov 2026)'],
    ['thisYear', '2026-01', '2026-11', '2026-12-01', 'This year (Jan 2026 – Nov 2026)'],
    ['lastYear', '2025-01', '2025-12', '2026-01-01', 'Last year (Jan 2025 – Dec 2025)'],
  ] as const)('%s covers %s to %s', (period, fromMonth, toMonth, until, label) => {
    expect(reportMonths({ period }, TODAY)).toEqual({
      from: `${fromMonth}-01`,
      until,
      fromMonth,
      toMonth,
      label,
    });
  });

  it('has no first month for All time and ends with the current month', () => {
    expect(reportMonths({ period: 'all' }, TODAY)).toEqual({
      from: null,
      until: '2026-12-01',
      fromMonth: null,
      toMonth: '2026-11',
      label: 'All time',
    });
  });

  it('crosses the year in January: last month is December, the last 3 months start in November', () => {
    expect(reportMonths({ period: 'lastMonth' }, '2027-01-01')).toMatchObject({
      from: '2026-12-01',
      until: '2027-01-01',
    });
    expect(reportMonths({ period: 'last3Months' }, '2027-01-15')).toMatchObject({
      from: '2026-11-01',
      until: '2027-02-01',
      label: 'Last 3 months (Nov 2026 – Jan 2027)',
    });
    expect(reportMonths({ period: 'thisMonth' }, '2026-12-31')).toMatchObject({ until: '2027-01-01' });
  });

  it('takes custom months as given, a single month labelled once', () => {
    expect(reportMonths({ period: 'custom', fromMonth: '2026-03', toMonth: '2026-05' }, TODAY)).toEqual({
      from: '2026-03-01',
      until: '2026-06-01',
      fromMonth: '2026-03',
      toMonth: '2026-05',
      label: 'Mar 2026 – May 2026',
    });
    expect(reportMonths({ period: 'custom', fromMonth: '2025-12', toMonth: '2025-12' }, TODAY)).toMatchObject(
      {
        until: '2026-01-01',
        label: 'Dec 2025',
      },
    );
  });

  it('refuses a custom period without its months (the contract checks first; this is the service’s guard)', () => {
    expect(() => reportMonths({ period: 'custom', fromMonth: '2026-03' }, TODAY)).toThrow(
      'Choose the first and the last month of the period.',
    );
  });
});
