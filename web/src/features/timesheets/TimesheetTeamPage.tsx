import {
  TIMESHEET_EXPORT_FORMATS,
  TIMESHEET_STATUS_LABELS,
  TIMESHEET_STATUSES,
  timesheetPath,
  ZWeekStart,
  type TTimesheetPersonWeek,
} from '@compass/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { ListFilters } from '../../components/ListFilters';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { fetchTimesheetPeople, timesheetKeys, useOrgTimeZone, useTeamProbe } from './api';
import { ExportDialog } from './ExportDialog';
import { TimesheetTabs } from './TimesheetPage';
import { thisWeek } from './week';
import { WeekNav } from './WeekView';

type Status = (typeof TIMESHEET_STATUSES)[number];

const TEAM_FILTERS = {
  status: '' as Exclude<Status, 'all'> | '',
  /** The week shown ('' is this week): kept in the address like the filters, but it is not one. */
  week: '',
};
const STATUS_OPTIONS = TIMESHEET_STATUSES.filter((status) => status !== 'all').map((value) => ({
  value,
  label: TIMESHEET_STATUS_LABELS[value],
}));
const DAY_COLUMNS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const COLUMNS = ['Employee', ...DAY_COLUMNS, 'Total', 'Status'];

function StatusBadge({ row }: { row: TTimesheetPersonWeek }) {
  if (row.approved === 'yes') return <span className="badge badge-success">Approved</span>;
  if (row.missedClockOuts > 0) return <span className="badge badge-danger">Missed clock-out</span>;
  if (row.totalHours > 0) return <span className="badge badge-warning">To approve</span>;
  return <span className="badge badge-neutral">No hours</span>;
}

function PersonRow({ row, weekStart }: { row: TTimesheetPersonWeek; weekStart: string }) {
  return (
    <tr>
      <td>
        <Link to={timesheetPath(row.employeeId, weekStart)}>{row.name}</Link>
        {(row.employeeNumber || row.workplace) && (
          <div className="text-sm text-secondary">
            {[row.employeeNumber, row.workplace].filter(Boolean).join(' · ')}
          </div>
        )}
      </td>
      {row.dayHours.map((hours, day) => (
        <td key={DAY_COLUMNS[day]} className="timesheet-hours">
          {hours > 0 ? hours.toFixed(2) : '—'}
        </td>
      ))}
      <td className="timesheet-hours">
        <strong>{row.totalHours.toFixed(2)}</strong>
      </td>
      <td>
        <StatusBadge row={row} />
      </td>
    </tr>
  );
}

/**
 * /timesheet/team?week=: the week of everyone whose timesheet the caller may open (their direct
 * reports; everyone for HR), searched and filtered by the week's state; payroll exports approved hours.
 */
export function TimesheetTeamPage() {
  usePageTitle('Team timesheets');
  const { timeZone, known } = useOrgTimeZone();
  // "This week" is the organisation's: the list waits for its zone rather than ask the browser's week.
  if (!known) return <PageSpinner label="Loading team timesheets…" />;
  return <TeamWeeks timeZone={timeZone} />;
}

function TeamWeeks({ timeZone }: { timeZone: string }) {
  const current = thisWeek(timeZone);
  const [exporting, setExporting] = useState<(typeof TIMESHEET_EXPORT_FORMATS)[number] | null>(null);
  const weekOf = (week: string | undefined) => (week && ZWeekStart.safeParse(week).success ? week : current);
  // The key holds this week and the request the week asked for: together they name the week shown.
  const list = usePagedList({
    queryKey: timesheetKeys.people(current),
    filters: TEAM_FILTERS,
    fetch: ({ week, ...request }) => fetchTimesheetPeople({ ...request, weekStart: weekOf(week) }),
    inAddress: true,
    order: ['week'],
  });
  const weekStart = weekOf(list.filters.week);
  const { payroll } = useTeamProbe(current);
  return (
    <div className="admin-page stack-lg">
      <PageHeader title="Team timesheets" intro="Each person's hours of the week, to approve and to pay.">
        {payroll && (
          <div className="row wrap">
            {TIMESHEET_EXPORT_FORMATS.map((format) => (
              <Button
                key={format}
                icon={<Download size={16} aria-hidden="true" />}
                onClick={() => setExporting(format)}
              >
                Export {format.toUpperCase()}
              </Button>
            ))}
          </div>
        )}
      </PageHeader>
      <TimesheetTabs weekStart={weekStart} team />
      <WeekNav
        weekStart={weekStart}
        current={current}
        onGo={(week) => list.setFilter('week', week === current ? '' : week)}
      />
      <ListFilters placeholder="Name or employee number" searchLabel="Search people" list={list}>
        <SelectField
          label="Status"
          value={list.filters.status}
          none={TIMESHEET_STATUS_LABELS.all}
          options={STATUS_OPTIONS}
          onChange={(value) => list.setFilter('status', value as (typeof TEAM_FILTERS)['status'])}
        />
      </ListFilters>
      <PagedTable
        label="Team timesheets"
        list={list}
        columns={COLUMNS}
        actions={false}
        empty="No one's timesheet to show"
        narrowedEmpty="No one matches the filters"
      >
        {list.rows.map((row) => (
          <PersonRow key={row.employeeId} row={row} weekStart={weekStart} />
        ))}
      </PagedTable>
      {exporting && (
        <ExportDialog exportFormat={exporting} weekStart={weekStart} onClose={() => setExporting(null)} />
      )}
    </div>
  );
}
