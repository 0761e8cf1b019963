/** Reports & Charts' screens, loaded with their area (router.tsx). */
import '../../styles/reports.css';

export { ReportsHomePage } from './ReportsHomePage';
export { ReportPage } from './ReportPage';
export { SavedReportPage } from './SavedReportPage';
