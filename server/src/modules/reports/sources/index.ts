import type { ReportId } from '@compass/shared';
import type { ReportDeps, ReportSource } from '../source';
import { actionsSource } from './actions';
import { auditFindingsSource } from './auditFindings';
import { auditScoresSource } from './auditScores';
import { competenciesSource } from './competencies';
import { documentsSource } from './documents';
import { hazardousSource } from './hazardous';
import { maintenanceSource } from './maintenance';
import { obligationsSource } from './obligations';
import { risksSource } from './risks';
import { submissionsSource } from './submissions';
import { supplierComplianceSource } from './supplierCompliance';
import { supplierFormsSource } from './supplierForms';
import { timesheetHoursSource } from './timesheetHours';
import { trainingSource } from './training';

/** Every report of the catalogue and the source that reads it: the compiler holds the two lists together. */
export const REPORT_SOURCES: Record<ReportId, (deps: ReportDeps) => ReportSource> = {
  submissions: submissionsSource,
  actions: actionsSource,
  auditScores: auditScoresSource,
  auditFindings: auditFindingsSource,
  risks: risksSource,
  hazardous: hazardousSource,
  obligations: obligationsSource,
  documents: documentsSource,
  supplierCompliance: supplierComplianceSource,
  supplierForms: supplierFormsSource,
  training: trainingSource,
  competencies: competenciesSource,
  maintenance: maintenanceSource,
  timesheetHours: timesheetHoursSource,
};
