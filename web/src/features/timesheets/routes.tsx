/** TimeSheet's screens, loaded with their area (router.tsx). */
import '../../styles/timesheets.css';

export { TimesheetPage } from './TimesheetPage';
export { TimesheetTeamPage } from './TimesheetTeamPage';
export { TimesheetEmployeePage } from './TimesheetEmployeePage';
