import { accountArea } from './modules/account';
import { apiTokensArea } from './modules/apiTokens';
import { actionRegisterArea } from './modules/actionRegister';
import { administrationArea } from './modules/administration';
import { assetMaintenanceArea } from './modules/assetMaintenance';
import { assetsArea } from './modules/assets';
import { assignedActionsArea } from './modules/assignedActions';
import { attachmentsArea } from './modules/attachments';
import { auditsArea } from './modules/audits';
import { authArea } from './modules/auth';
import { changeLogArea } from './modules/changeLog';
import { clockInArea } from './modules/clockIn';
import { closeOffArea } from './modules/closeOff';
import { competenciesArea } from './modules/competencies';
import { configurationArea } from './modules/configuration';
import { dashboardArea } from './modules/dashboard';
import { documentsArea } from './modules/documents';
import { employeesArea } from './modules/employees';
import { externalPartiesArea } from './modules/externalParties';
import { hazardousArea } from './modules/hazardous';
import { healthArea } from './modules/health';
import { hrFormsArea } from './modules/hrForms';
import { linksArea } from './modules/links';
import { noticeboardArea } from './modules/noticeboard';
import { notificationsArea } from './modules/notifications';
import { obligationsArea } from './modules/obligations';
import { onlineTrainingArea } from './modules/onlineTraining';
import { passwordArea } from './modules/password';
import { performanceReviewsArea } from './modules/performanceReviews';
import { qrCodesArea } from './modules/qrCodes';
import { qrSubmissionsArea } from './modules/qrSubmissions';
import { registerPartsArea } from './modules/registerParts';
import { reportsArea } from './modules/reports';
import { risksArea } from './modules/risks';
import { ssoArea } from './modules/sso';
import { submissionServicesArea, submissionsArea } from './modules/submissions';
import { supplierAccessArea } from './modules/supplierAccess';
import { suppliersArea } from './modules/suppliers';
import { tasksArea } from './modules/tasks';
import { templatesArea } from './modules/templates';
import { timesheetsArea } from './modules/timesheets';
import { visitorsArea } from './modules/visitors';
import { webhooksArea } from './modules/webhooks';

/**
 * The areas of the API in the order of their routes: adding an area is adding it here. buildApp
 * (app.ts) registers them in this order; an area listed before one whose services it needs, or
 * needing what the platform does not give, does not type-check there.
 */
export const AREAS = [
  healthArea,
  configurationArea,
  ssoArea,
  authArea,
  dashboardArea,
  passwordArea,
  accountArea,
  changeLogArea,
  administrationArea,
  webhooksArea,
  notificationsArea,
  employeesArea,
  apiTokensArea,
  suppliersArea,
  supplierAccessArea,
  noticeboardArea,
  templatesArea,
  registerPartsArea,
  risksArea,
  hazardousArea,
  externalPartiesArea,
  assignedActionsArea,
  tasksArea,
  actionRegisterArea,
  obligationsArea,
  competenciesArea,
  documentsArea,
  linksArea,
  attachmentsArea,
  clockInArea,
  qrCodesArea,
  submissionServicesArea,
  closeOffArea,
  hrFormsArea,
  performanceReviewsArea,
  onlineTrainingArea,
  auditsArea,
  qrSubmissionsArea,
  submissionsArea,
  assetMaintenanceArea,
  assetsArea,
  timesheetsArea,
  visitorsArea,
  reportsArea,
] as const;
