import {
  actionRegisterExportCall,
  actionRegisterListCall,
  dashboardBarChartCall,
  dashboardListCall,
  dashboardPieChartCall,
  dashboardSupplierListCall,
  formSubmissionListCall,
  hazardousExportCall,
  hazardousListCall,
  hrActionExportCall,
  hrActionListCall,
  noticeAdminListCall,
  noticeboardListCall,
  reportDataCall,
  reportExportCall,
  reportRecordsCall,
  riskExportCall,
  riskListCall,
  riskMatrixCall,
  type Call,
} from '@compass/shared';

/**
 * The calls whose reads a streaming replica may answer (READ_REPLICA_URL; db/replica.ts): the
 * dashboard and its charts, the register lists and their exports, the reports and their export.
 * Each only reads, and no write's answer depends on it; sessions, permissions, sign-in, tokens,
 * links and details opened to be edited stay on the primary. test/readReplica.test.ts holds every
 * one to writing nothing.
 */
export const REPLICA_CALLS: ReadonlySet<Call> = new Set<Call>([
  dashboardListCall,
  dashboardSupplierListCall,
  dashboardPieChartCall,
  dashboardBarChartCall,
  noticeboardListCall,
  noticeAdminListCall,
  riskListCall,
  riskMatrixCall,
  riskExportCall,
  hazardousListCall,
  hazardousExportCall,
  formSubmissionListCall,
  actionRegisterListCall,
  actionRegisterExportCall,
  hrActionListCall,
  hrActionExportCall,
  reportDataCall,
  reportRecordsCall,
  reportExportCall,
]);
