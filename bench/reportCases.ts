/**
 * The Reports & Charts calls the API benchmark measures (issue 46; docs/reports.md), as
 * scale.admin (reportChart and every area's key): every report of the catalogue by its default
 * grouping over "All time" (or without a period), and by its heaviest other grouping (people,
 * months, locations) — the figures of the whole scale organisation, first asked and then cached.
 * The rollups (`report_*` views) must hold figures: the bench brings them up to date before the
 * cases run (refreshRollups).
 */
import { REPORT_IDS, REPORTS, type ReportId } from '../shared/src/contracts/reportCatalogue';
import type { Case } from './cases';

/** The grouping of each report that reads the most groups, besides its default. */
const HEAVIEST: Record<ReportId, string> = {
  submissions: 'month',
  actions: 'month',
  auditScores: 'workplace',
  auditFindings: 'workplace',
  risks: 'workplace',
  hazardous: 'location',
  obligations: 'workplace',
  documents: 'person',
  supplierCompliance: 'requirementType',
  supplierForms: 'month',
  training: 'person',
  competencies: 'person',
  maintenance: 'workplace',
  timesheetHours: 'person',
};

const reportCase = (report: ReportId, by: string): Case => ({
  name: `report ${report} by ${by}`,
  who: 'admin',
  method: 'POST',
  path: () => '/api/reportData',
  body: () => ({ report, by, filters: { period: 'all' } }),
});

export const REPORT_CASES: Case[] = REPORT_IDS.flatMap((report) => [
  reportCase(report, REPORTS[report].groupings[0]!.id),
  reportCase(report, HEAVIEST[report]),
]);
