export { reportsArea } from './area';
export { refreshRollups } from './rollups';
export { sendDueReports } from './schedule';
export { ReportService } from './service';
