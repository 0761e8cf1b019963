import { z } from 'zod';
import { defineCall } from './call';
import { ZPage, ZYesNo } from './envelope';
import { REPORT_IDS, type ReportId } from './reportCatalogue';

/**
 * Reports & Charts (docs/reports.md; the catalogue: reportCatalogue.ts). A report's data is a table
 * of groups (one row per template, assignee, month…) with the columns the report measures; the
 * chart draws the charted columns. The period is whole months of the organisation's calendar. The
 * big areas' figures come from rollups brought up to date every few minutes (`asOf`); the others
 * are read live (`asOf` null).
 */

export const reportMessages = {
  noAccess: 'You do not have access to this report.',
  unknownGrouping: 'This report cannot be grouped that way.',
  filterNotUsed: 'This report does not take that filter.',
  customPeriod: 'Choose the first and the last month of the period.',
  periodReversed: 'The last month must not be before the first.',
  monthInvalid: 'Please enter a month as yyyy-MM.',
  periodTooLong: 'A period covers at most 20 years, from 1900 on.',
  preparing: 'The figures of this report are being prepared. Try again in a minute.',
  nameRequired: 'Please name the report.',
  nameTaken: 'You already have a saved report with this name.',
  notOwner: 'Only the person who saved this report can change it.',
  roleUnknown: 'Choose one of your organisation’s roles to share the report with.',
  saved: 'Report saved.',
  deleted: 'Saved report deleted.',
  tooManyRows: 'The export holds the first 5,000 rows.',
} as const;
const say = reportMessages;

/** A calendar month on the wire: yyyy-MM (years 1..9999). */
export const ZMonth = z
  .string({ error: say.monthInvalid })
  .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, say.monthInvalid);

/** The longest custom period, in months, and its earliest month. */
export const REPORT_MAX_MONTHS = 240;
const EARLIEST_MONTH = '1900-01';
const monthIndex = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const withinMaxSpan = (from: string, to: string): boolean =>
  from >= EARLIEST_MONTH && monthIndex(to) - monthIndex(from) < REPORT_MAX_MONTHS;

export const REPORT_PERIODS = [
  'thisMonth',
  'lastMonth',
  'last3Months',
  'last12Months',
  'thisYear',
  'lastYear',
  'all',
  'custom',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  last3Months: 'Last 3 months',
  last12Months: 'Last 12 months',
  thisYear: 'This year',
  lastYear: 'Last year',
  all: 'All time',
  custom: 'Custom months',
};

/**
 * The filters of every report, flat, so that a request body, an export's query string and a saved
 * report carry the same thing. A report refuses a filter it does not take (filterNotUsed); `period`
 * is ignored by the reports without a period. Ids of another organisation match nothing.
 */
const reportFilterFields = {
  period: z.enum(REPORT_PERIODS).default('last12Months'),
  /** Both, and only, with period 'custom'. */
  fromMonth: ZMonth.optional(),
  toMonth: ZMonth.optional(),
  workplaceId: z.uuid().optional(),
  branchId: z.uuid().optional(),
  templateId: z.uuid().optional(),
  /** The report's category (reportOptions lists them): a source, a class, a course… */
  category: z.string().trim().min(1).max(200).optional(),
  /** A supplier company. */
  companyId: z.uuid().optional(),
  /** An employee. */
  personId: z.uuid().optional(),
};

export const ZReportFilters = z.object(reportFilterFields).superRefine((filters, context) => {
  const custom = filters.period === 'custom';
  if (custom && (!filters.fromMonth || !filters.toMonth))
    context.addIssue({ code: 'custom', message: say.customPeriod, path: ['fromMonth'] });
  if (!custom && (filters.fromMonth || filters.toMonth))
    context.addIssue({ code: 'custom', message: say.customPeriod, path: ['period'] });
  if (filters.fromMonth && filters.toMonth && filters.toMonth < filters.fromMonth)
    context.addIssue({ code: 'custom', message: say.periodReversed, path: ['toMonth'] });
  // A bound on the months a table lists (a week grouping of centuries would be 50,000 rows).
  else if (filters.fromMonth && filters.toMonth && !withinMaxSpan(filters.fromMonth, filters.toMonth))
    context.addIssue({ code: 'custom', message: say.periodTooLong, path: ['fromMonth'] });
});
export type TReportFilters = z.input<typeof ZReportFilters>;
export type TResolvedReportFilters = z.output<typeof ZReportFilters>;

export const ZReportId = z.enum(REPORT_IDS, { error: 'There is no such report.' });

/** The rows of a page of a report's table. */
export const REPORT_PAGE_SIZE = 100;
/** The most rows an export holds. */
export const REPORT_EXPORT_MAX_ROWS = 5000;

export const ZReportRequest = z.object({
  report: ZReportId,
  /** A grouping of the report (REPORTS[report].groupings); left out: its first. */
  by: z.string().max(40).optional(),
  filters: ZReportFilters.default({ period: 'last12Months' }),
  page: ZPage.default(1),
});
export type TReportRequest = z.input<typeof ZReportRequest>;

export const REPORT_UNITS = ['count', 'percent', 'days', 'hours', 'money', 'score'] as const;
export const REPORT_CHARTS = ['bar', 'stackedBar', 'line', 'heatmap'] as const;

export const ZReportColumn = z.object({
  id: z.string(),
  label: z.string(),
  unit: z.enum(REPORT_UNITS),
  /** Drawn in the chart; the others show in the table only (an average, a rate). */
  charted: ZYesNo,
  /** Its cells open the records behind them (reportRecords with this column). */
  drill: ZYesNo,
});
export type TReportColumn = z.output<typeof ZReportColumn>;

export const ZReportRow = z.object({
  /** The group's key: an id, a state, a month (yyyy-MM), a week's Monday (yyyy-MM-dd). */
  key: z.string(),
  label: z.string(),
  /** One per column, in the columns' order; null where there is nothing to measure (no average). */
  values: z.array(z.number().nullable()),
});
export type TReportRow = z.output<typeof ZReportRow>;

export const ZReportData = z.object({
  report: ZReportId,
  by: z.string(),
  /** How the web draws it: bars (stacked when the charted columns add up to a whole), a line over time, a heat grid (the risk matrix). */
  chart: z.enum(REPORT_CHARTS),
  columns: z.array(ZReportColumn),
  /** A page of the groups: time in order, the others largest first. */
  rows: z.array(ZReportRow),
  /** The whole report's totals (all groups, not the page), one per column; null where a sum means nothing. */
  total: z.array(z.number().nullable()),
  rowCount: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The period the figures cover, as whole months; null for the reports without a period. */
  period: z.object({ from: ZMonth.nullable(), to: ZMonth, label: z.string() }).nullable(),
  /** When the rollups these figures come from were brought up to date; null: read just now. */
  asOf: z.iso.datetime({ offset: true }).nullable(),
});
export type TReportData = z.output<typeof ZReportData>;

// ---------- The records behind a figure ----------

export const ZReportRecordsRequest = z.object({
  report: ZReportId,
  by: z.string().max(40).optional(),
  filters: ZReportFilters.default({ period: 'last12Months' }),
  /** The row's key. */
  key: z.string().max(200),
  /** A drill column's id; left out: every record of the row. */
  column: z.string().max(40).optional(),
  page: ZPage.default(1),
});
export type TReportRecordsRequest = z.input<typeof ZReportRecordsRequest>;

export const REPORT_RECORDS_PAGE_SIZE = 25;

export const ZReportRecord = z.object({
  _id: z.string(),
  title: z.string(),
  /** A second line: a workplace, an assignee, a company. */
  detail: z.string(),
  date: z.string().nullable(),
  status: z.string(),
  /** Where the caller opens it in the web application; null where there is no page. */
  path: z.string().nullable(),
});
export type TReportRecord = z.output<typeof ZReportRecord>;

export const ZReportRecords = z.object({
  items: z.array(ZReportRecord),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TReportRecords = z.output<typeof ZReportRecords>;

// ---------- Options of the filters ----------

export const ZReportOption = z.object({ _id: z.string(), name: z.string() });
export const ZReportOptions = z.object({
  /** The report's categories (its categoryLabel); empty without a category filter. */
  categories: z.array(ZReportOption),
  /** Templates of the report's area; empty without a template filter. */
  templates: z.array(ZReportOption),
  /** Supplier companies; empty without a company filter. */
  companies: z.array(ZReportOption),
  /** The person the query named (personId), for the person filter's label; null otherwise. */
  person: ZReportOption.nullable(),
});
export type TReportOptions = z.output<typeof ZReportOptions>;

// ---------- Export ----------

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;

/**
 * An export's query string: the request's fields, the filters flat beside them (the service checks
 * them as ZReportFilters: the custom period's rules too).
 */
export const ZReportExportQuery = z.object({
  report: ZReportId,
  by: z.string().max(40).optional(),
  format: z.enum(REPORT_EXPORT_FORMATS).default('csv'),
  ...reportFilterFields,
});
export type TReportExportQuery = z.input<typeof ZReportExportQuery>;

// ---------- Saved reports ----------

export const REPORT_SCHEDULES = ['none', 'daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];
export const REPORT_SCHEDULE_LABELS: Record<ReportSchedule, string> = {
  none: 'Not sent',
  daily: 'Every day',
  weekly: 'Every Monday',
  monthly: 'On the 1st of every month',
};
/** The hour of the organisation's day a scheduled report is sent. */
export const REPORT_SEND_HOUR = 7;

export const ZSavedReportSave = z.object({
  /** Left out: a new saved report. */
  _id: z.uuid().optional(),
  name: z.string({ error: say.nameRequired }).trim().min(1, say.nameRequired).max(120),
  report: ZReportId,
  by: z.string().max(40),
  filters: ZReportFilters,
  /** A role of the organisation whose members see it too (and run it with their own rights). */
  sharedRoleId: z.uuid().nullable().default(null),
  /** Mailed to its owner as a PDF, at 07:00 of the organisation's day. */
  schedule: z.enum(REPORT_SCHEDULES).default('none'),
});
export type TSavedReportSave = z.input<typeof ZSavedReportSave>;

export const ZSavedReport = z.object({
  _id: z.uuid(),
  name: z.string(),
  report: ZReportId,
  by: z.string(),
  filters: ZReportFilters,
  sharedRoleId: z.uuid().nullable(),
  sharedRole: z.string().nullable(),
  schedule: z.enum(REPORT_SCHEDULES),
  owner: z.string(),
  /** 'yes': the caller saved it and may change, schedule or delete it. */
  isOwner: ZYesNo,
  nextSendAt: z.iso.datetime({ offset: true }).nullable(),
  lastSentAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TSavedReport = z.output<typeof ZSavedReport>;

export const ZSavedReports = z.object({ rows: z.array(ZSavedReport) });

export const ZReportRoles = z.object({ rows: z.array(ZReportOption) });

export const reportPath = (report: ReportId): string => `/report-chart/${report}`;
export const savedReportPath = (savedId: string): string =>
  `/report-chart/saved/${encodeURIComponent(savedId)}`;

// ---------- Calls ----------

/** Employees with reportChart; each report's area key is the service's rule (mayRunReport). */
const access = { callers: ['employee'], accessKeys: ['reportChart'] } as const;
const tags = ['reports'];

export const reportDataCall = defineCall({
  method: 'POST',
  path: '/reportData',
  tags,
  summary: "A page of a report's groups, with the columns it measures and the whole report's totals",
  access,
  body: ZReportRequest,
  response: ZReportData,
});

export const reportRecordsCall = defineCall({
  method: 'POST',
  path: '/reportRecords',
  tags,
  summary: 'The records behind one figure of a report (a row, or a cell of a drill column), a page of them',
  access,
  body: ZReportRecordsRequest,
  response: ZReportRecords,
});

export const reportOptionsCall = defineCall({
  method: 'GET',
  path: '/reportOptions',
  tags,
  summary: "The choices of a report's category, template and company filters, and the chosen person's name",
  access,
  query: z.object({ report: ZReportId, personId: z.uuid().optional() }),
  response: ZReportOptions,
});

export const reportExportCall = defineCall({
  method: 'GET',
  path: '/reportExport',
  tags,
  summary: 'A report as CSV, XLSX or PDF (the chart drawn above the table), at most 5,000 rows',
  access,
  query: ZReportExportQuery,
  response: 'file',
});

export const savedReportListCall = defineCall({
  method: 'GET',
  path: '/savedReportList',
  tags,
  summary: "The caller's saved reports and those shared with their role, of the reports they may run",
  access,
  response: ZSavedReports,
});

export const savedReportDetailsCall = defineCall({
  method: 'GET',
  path: '/savedReportDetails',
  tags,
  summary: 'One saved report the caller may open',
  access,
  query: z.object({ _id: z.uuid() }),
  response: ZSavedReport,
});

export const savedReportSaveCall = defineCall({
  method: 'POST',
  path: '/savedReportSave',
  tags,
  summary: 'Saves a report’s grouping and filters under a name, shared with a role and scheduled by e-mail',
  access,
  body: ZSavedReportSave,
  response: z.object({ _id: z.uuid() }),
});

export const savedReportDeleteCall = defineCall({
  method: 'POST',
  path: '/savedReportDelete',
  tags,
  summary: 'Deletes a saved report (its owner only)',
  access,
  body: z.object({ _id: z.uuid() }),
  response: z.null(),
});

export const reportRolesCall = defineCall({
  method: 'GET',
  path: '/reportRoles',
  tags,
  summary: 'The roles of the organisation a saved report may be shared with',
  access,
  response: ZReportRoles,
});
