import type { TReportColumn } from '../contracts/reports';

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A report's figure as the chart, the table, the exports and the PDF show it: counts whole with
 * thousands separators ("1,204"), percentages and audit scores with at most one decimal ("83%",
 * "87.5%"), days with at most one ("4.2"), hours and money with two ("8.50", "1,250.00"; the
 * organisation's currency is not known to the report), "—" where there is nothing to measure.
 */
export function reportValueText(value: number | null, unit: TReportColumn['unit']): string {
  if (value === null) return '—';
  switch (unit) {
    case 'count':
      return whole.format(value);
    case 'percent':
    case 'score':
      return `${oneDecimal.format(value)}%`;
    case 'days':
      return oneDecimal.format(value);
    case 'hours':
    case 'money':
      return twoDecimals.format(value);
  }
}
