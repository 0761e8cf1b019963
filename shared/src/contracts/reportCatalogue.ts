import type { AccessKey } from '../rules/access';

/**
 * Reports & Charts (docs/reports.md): the organisation's picture of every area. Each report groups
 * its area's records one way at a time ("Group by"), filtered, with a chart beside its table; a
 * bar or a table cell opens the records behind it. This catalogue is the one rule of who runs which
 * report: the web shows a report's card, and the server answers its data, exports and saved copies,
 * only to a caller holding `reportChart` and one of the report's area keys.
 */

export const REPORT_IDS = [
  'submissions',
  'actions',
  'auditScores',
  'auditFindings',
  'risks',
  'hazardous',
  'obligations',
  'documents',
  'supplierCompliance',
  'supplierForms',
  'training',
  'competencies',
  'maintenance',
  'timesheetHours',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The filters a report may take; each report lists those it takes, in this order on the screen. */
export const REPORT_FILTERS = [
  'period',
  'workplace',
  'branch',
  'template',
  'category',
  'company',
  'person',
] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export interface ReportGrouping {
  id: string;
  label: string;
}

export interface ReportDefinition {
  id: ReportId;
  title: string;
  /** One sentence on the report's card and under its heading. */
  description: string;
  /** The area the report belongs to: the card's group on the Reports page. */
  area: string;
  /** Holding any one of these (with reportChart) runs the report. */
  accessAnyOf: readonly AccessKey[];
  filters: readonly ReportFilter[];
  /** The first is the default. */
  groupings: readonly ReportGrouping[];
  /** Which date the period filter applies to ("Form date"); null without a period filter. */
  periodOf: string | null;
  /** The label of the category filter (its options come from reportOptions); null without one. */
  categoryLabel: string | null;
  /** The label of the person filter ("Recorded by", "Assignee"); null without one. */
  personLabel: string | null;
}

const month: ReportGrouping = { id: 'month', label: 'Month' };
const workplace: ReportGrouping = { id: 'workplace', label: 'Workplace' };
const template: ReportGrouping = { id: 'template', label: 'Template' };
const review: ReportGrouping = { id: 'review', label: 'Review' };
const company: ReportGrouping = { id: 'company', label: 'Company' };
const person: ReportGrouping = { id: 'person', label: 'Person' };

export const REPORTS: Record<ReportId, ReportDefinition> = {
  submissions: {
    id: 'submissions',
    title: 'Form submissions',
    description: 'Submitted forms by template, status, workplace and month, and the days they took to close.',
    area: 'Form Submission',
    accessAnyOf: ['formSubmissionAllRecord', 'formSubmissionRecord'],
    filters: ['period', 'workplace', 'branch', 'template', 'person'],
    groupings: [template, { id: 'status', label: 'Status' }, workplace, month],
    periodOf: 'Form date',
    categoryLabel: null,
    personLabel: 'Recorded by',
  },
  actions: {
    id: 'actions',
    title: 'Actions',
    description:
      'Open, overdue and completed actions of the Action Register by assignee, source and age, and the days they took to complete.',
    area: 'Action Register',
    accessAnyOf: ['actionRegister'],
    filters: ['period', 'category', 'person'],
    groupings: [
      { id: 'assignee', label: 'Assignee' },
      { id: 'source', label: 'Source' },
      { id: 'age', label: 'Age' },
      month,
    ],
    periodOf: 'Assigned on',
    categoryLabel: 'Source',
    personLabel: 'Assignee',
  },
  auditScores: {
    id: 'auditScores',
    title: 'Audit scores',
    description: 'Scores of closed audits over time, by workplace and by template.',
    area: 'Audit Inspection',
    accessAnyOf: ['auditManageAudit'],
    filters: ['period', 'workplace', 'branch', 'template'],
    groupings: [month, workplace, template],
    periodOf: 'Audit date',
    categoryLabel: null,
    personLabel: null,
  },
  auditFindings: {
    id: 'auditFindings',
    title: 'Questions failed most',
    description: 'The audit questions that raised the most findings, and how many are still open.',
    area: 'Audit Inspection',
    accessAnyOf: ['auditManageAudit'],
    filters: ['period', 'workplace', 'template'],
    groupings: [{ id: 'question', label: 'Question' }, workplace, template],
    periodOf: 'Audit date',
    categoryLabel: null,
    personLabel: null,
  },
  risks: {
    id: 'risks',
    title: 'Risks',
    description:
      'Active risks (retired ones are left out): the matrix before and after controls, by rating and workplace, and overdue reviews.',
    area: 'Risk Management',
    accessAnyOf: ['risk'],
    filters: ['workplace', 'person'],
    groupings: [
      { id: 'rating', label: 'Rating' },
      { id: 'matrixBefore', label: 'Matrix before controls' },
      { id: 'matrixAfter', label: 'Matrix after controls' },
      workplace,
      review,
    ],
    periodOf: null,
    categoryLabel: null,
    personLabel: 'Owner',
  },
  hazardous: {
    id: 'hazardous',
    title: 'Hazardous substances',
    description:
      'Active substances (retired ones are left out) by hazard class, workplace and storage location, with missing or due safety data sheets.',
    area: 'Hazardous Substances',
    accessAnyOf: ['hazardous'],
    filters: ['workplace', 'category'],
    groupings: [
      { id: 'class', label: 'Hazard class' },
      workplace,
      { id: 'location', label: 'Storage location' },
      review,
    ],
    periodOf: null,
    categoryLabel: 'Hazard class',
    personLabel: null,
  },
  obligations: {
    id: 'obligations',
    title: 'Obligations',
    description: 'Obligations by compliance state, type and workplace, and overdue reviews.',
    area: 'Obligations',
    accessAnyOf: ['obligation'],
    filters: ['workplace', 'category'],
    groupings: [{ id: 'state', label: 'Compliance state' }, { id: 'type', label: 'Type' }, workplace, review],
    periodOf: null,
    categoryLabel: 'Type',
    personLabel: null,
  },
  documents: {
    id: 'documents',
    title: 'Document acknowledgement',
    description:
      'How many of the people asked have read each document, per document and per person, and overdue reviews.',
    area: 'Documents',
    accessAnyOf: ['documentEdit'],
    filters: ['period', 'workplace', 'person'],
    groupings: [{ id: 'document', label: 'Document' }, person, review],
    periodOf: 'Due date',
    categoryLabel: null,
    personLabel: 'Person',
  },
  supplierCompliance: {
    id: 'supplierCompliance',
    title: 'Supplier compliance',
    description: 'Requirements met, expiring, expired and missing, by company and requirement type.',
    area: 'External Parties',
    accessAnyOf: ['supplier'],
    filters: ['company', 'category'],
    groupings: [company, { id: 'requirementType', label: 'Requirement type' }],
    periodOf: null,
    categoryLabel: 'Requirement type',
    personLabel: null,
  },
  supplierForms: {
    id: 'supplierForms',
    title: 'Forms assigned to suppliers',
    description:
      'Forms assigned to supplier companies: with the supplier, overdue, submitted for review, reviewed, and accepted and closed.',
    area: 'External Parties',
    accessAnyOf: ['supplier'],
    filters: ['period', 'company', 'template'],
    groupings: [company, template, month],
    periodOf: 'Assigned on',
    categoryLabel: null,
    personLabel: null,
  },
  training: {
    id: 'training',
    title: 'Training compliance',
    description:
      'Online training as the training matrix shows it — done, due, overdue, expired and not passed — by course, workplace and person.',
    area: 'Human Resources',
    accessAnyOf: ['hrAdmin'],
    filters: ['period', 'workplace', 'category', 'person'],
    groupings: [{ id: 'course', label: 'Course' }, workplace, person],
    periodOf: 'Complete by',
    categoryLabel: 'Course',
    personLabel: 'Trainee',
  },
  competencies: {
    id: 'competencies',
    title: 'Competencies',
    description:
      'Competencies held, expiring within 30 days and expired, by competency, workplace and person.',
    area: 'Human Resources',
    accessAnyOf: ['hrEmployeeRecord', 'hrAdmin'],
    filters: ['workplace', 'category', 'person'],
    groupings: [{ id: 'competency', label: 'Competency' }, workplace, person],
    periodOf: null,
    categoryLabel: 'Competency',
    personLabel: 'Employee',
  },
  maintenance: {
    id: 'maintenance',
    title: 'Asset maintenance',
    description:
      'Maintenance done on time, done late, open and overdue, and its cost, by month, category and workplace.',
    area: 'Assets',
    accessAnyOf: ['plant'],
    filters: ['period', 'workplace', 'category'],
    groupings: [month, { id: 'category', label: 'Asset category' }, workplace],
    periodOf: 'Due date',
    categoryLabel: 'Asset category',
    personLabel: null,
  },
  timesheetHours: {
    id: 'timesheetHours',
    title: 'Timesheet hours',
    description:
      'Hours worked from clock-ins, and how many of them are approved, by week, month, workplace and person.',
    area: 'TimeSheet',
    accessAnyOf: ['hrAdmin'],
    filters: ['period', 'workplace', 'person'],
    groupings: [{ id: 'week', label: 'Week' }, month, workplace, person],
    periodOf: 'Clock-in day',
    categoryLabel: null,
    personLabel: 'Employee',
  },
};

/** Anything that answers which access keys a caller holds: the server's set, the web's profile. */
export interface HoldsKeys {
  has(key: AccessKey): boolean;
}

/** Whether the caller runs the report: reportChart and one of the report's area keys. */
export const mayRunReport = (keys: HoldsKeys, report: ReportId): boolean =>
  keys.has('reportChart') && REPORTS[report].accessAnyOf.some((key) => keys.has(key));

/** The reports the caller runs, in catalogue order. */
export const runnableReports = (keys: HoldsKeys): ReportDefinition[] =>
  REPORT_IDS.filter((id) => mayRunReport(keys, id)).map((id) => REPORTS[id]);

export const isReportGrouping = (report: ReportId, by: string): boolean =>
  REPORTS[report].groupings.some((grouping) => grouping.id === by);
