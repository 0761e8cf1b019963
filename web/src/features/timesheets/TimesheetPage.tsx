import { timesheetPath } from '@compass/shared';
import { NavLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { useTeamProbe, useOrgTimeZone, useTimesheetWeek } from './api';
import { thisWeek, useWeekParam } from './week';
import { WeekCard, WeekNav } from './WeekView';

export const TEAM_PATH = '/timesheet/team';

/** "My timesheet" and "Team" (only for someone with a team) as tabs: each is a page of its own. */
export function TimesheetTabs({ weekStart, team }: { weekStart: string; team: boolean }) {
  return (
    <nav className="tablist timesheet-tabs" aria-label="TimeSheet">
      <NavLink to={timesheetPath(undefined, weekStart)} end className="tab">
        My timesheet
      </NavLink>
      {team && (
        <NavLink to={`${TEAM_PATH}?week=${weekStart}`} className="tab">
          Team
        </NavLink>
      )}
    </nav>
  );
}

/** /timesheet?week=: the caller's own week of clock-ins, its hours and whether it is approved. */
export function TimesheetPage() {
  usePageTitle('TimeSheet');
  const { timeZone, known } = useOrgTimeZone();
  const current = thisWeek(timeZone);
  const { weekStart, goTo } = useWeekParam(current);
  const week = useTimesheetWeek(undefined, weekStart, known);
  const { hasTeam } = useTeamProbe(current, known);
  return (
    <div className="admin-page stack-lg">
      <PageHeader title="TimeSheet" intro="Your clock-ins and clock-outs, a week at a time." />
      <TimesheetTabs weekStart={weekStart} team={hasTeam} />
      <WeekNav weekStart={weekStart} current={current} onGo={goTo} />
      <WeekCard query={week} />
    </div>
  );
}
