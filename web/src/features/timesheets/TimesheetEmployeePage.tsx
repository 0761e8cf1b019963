import {
  addDays,
  localDateOf,
  messages,
  timesheetMessages as say,
  timesheetWeekApproveCall,
  timesheetWeekUnapproveCall,
  type TTimesheetEntry,
  type TTimesheetWeek,
} from '@compass/shared';
import { CircleCheck, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { z } from 'zod';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../shell/pageTitle';
import { TIMESHEET_WRITES, useOrgTimeZone, useTimesheetWeek } from './api';
import { CorrectDialog } from './CorrectDialog';
import { TEAM_PATH } from './TimesheetPage';
import { showDay, showTime, thisWeek, useWeekParam } from './week';
import { WeekCard, WeekNav } from './WeekView';

const ACTION_LABELS: Record<TTimesheetWeek['log'][number]['action'], string> = {
  corrected: 'Corrected',
  approved: 'Approved',
  unapproved: 'Approval withdrawn',
};

/** Approve the week, or withdraw its approval; an approval waits for the missed clock-outs' corrections. */
function Decision({ week }: { week: TTimesheetWeek }) {
  const body = { employeeId: week.employee._id, weekStart: week.weekStart };
  const approve = useCall(timesheetWeekApproveCall, { invalidate: TIMESHEET_WRITES });
  const unapprove = useCall(timesheetWeekUnapproveCall, { invalidate: TIMESHEET_WRITES });
  if (week.mayApprove !== 'yes') return null;
  if (week.approval) {
    return (
      <Button
        icon={<Undo2 size={16} aria-hidden="true" />}
        loading={unapprove.isPending}
        onClick={() => unapprove.mutate({ body })}
      >
        Withdraw approval
      </Button>
    );
  }
  const blocked = approvalBlock(week);
  return (
    <div className="timesheet-decision">
      <Button
        variant="primary"
        icon={<CircleCheck size={16} aria-hidden="true" />}
        loading={approve.isPending}
        disabled={blocked !== null}
        aria-describedby={blocked ? 'timesheet-approve-blocked' : undefined}
        onClick={() => approve.mutate({ body })}
      >
        Approve week
      </Button>
      {blocked && (
        <p className="field-hint" id="timesheet-approve-blocked">
          {blocked}
        </p>
      )}
    </div>
  );
}

/**
 * Why the server would refuse the approval, in its order: a week not yet over (its Sunday is the
 * organisation's today or later), missed clock-outs, no hours at all. Null when it may be approved.
 */
function approvalBlock(week: TTimesheetWeek): string | null {
  if (addDays(week.weekStart, 6) >= localDateOf(new Date(), week.timeZone)) return say.weekNotOver;
  if (week.missedClockOuts > 0) return say.missedClockOuts;
  if (week.totalHours === 0) return say.emptyWeek;
  return null;
}

/** The week's corrections and decisions, from the change log. */
function HistoryCard({ week }: { week: TTimesheetWeek }) {
  return (
    <Card title="History">
      {week.log.length === 0 ? (
        <p className="text-secondary">No corrections or approvals in this week.</p>
      ) : (
        <ul className="timesheet-log">
          {week.log.map((entry) => (
            <li key={`${entry.at}-${entry.action}`}>
              <span className="text-sm text-secondary">
                {showDay(localDateOf(new Date(entry.at), week.timeZone))} {showTime(entry.at, week.timeZone)}{' '}
                · {entry.by}
              </span>
              <span>
                <strong>{ACTION_LABELS[entry.action]}</strong>
                {entry.detail && `: ${entry.detail}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * /timesheet/employee/:employeeId?week=: one employee's week for their manager or HR, who correct
 * its entries and approve it (never their own); the employee's own opens here read-only too.
 */
export function TimesheetEmployeePage() {
  const { employeeId = '' } = useParams();
  const { timeZone, known } = useOrgTimeZone();
  const current = thisWeek(timeZone);
  const { weekStart, goTo } = useWeekParam(current);
  // Not an employee id at all: not found, without asking.
  const valid = z.uuid().safeParse(employeeId).success;
  const week = useTimesheetWeek(employeeId, weekStart, known && valid);
  const [correcting, setCorrecting] = useState<TTimesheetEntry | null>(null);
  const title = week.data ? `${week.data.employee.name} — TimeSheet` : 'TimeSheet';
  usePageTitle(title);
  const data = week.data;
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        back={{ to: `${TEAM_PATH}?week=${weekStart}`, label: 'Team timesheets' }}
        title={title}
        intro={
          data &&
          [data.employee.employeeNumber, data.employee.manager && `Manager: ${data.employee.manager}`]
            .filter(Boolean)
            .join(' · ')
        }
      >
        {data && <Decision week={data} />}
      </PageHeader>
      <WeekNav weekStart={weekStart} current={current} onGo={goTo} />
      {valid ? (
        <WeekCard query={week} onCorrect={data?.mayCorrect === 'yes' ? setCorrecting : undefined} />
      ) : (
        <section className="card list-card" aria-label="Week">
          <div className="list-state" role="alert">
            {messages.common.notFound}
          </div>
        </section>
      )}
      {data && <HistoryCard week={data} />}
      {correcting && data && (
        <CorrectDialog entry={correcting} timeZone={data.timeZone} onClose={() => setCorrecting(null)} />
      )}
    </div>
  );
}
