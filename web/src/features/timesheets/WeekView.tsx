import type { UseQueryResult } from '@tanstack/react-query';
import { addDays, localDateOf, type TTimesheetEntry, type TTimesheetWeek } from '@compass/shared';
import { ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { TableWrap } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { ListState } from '../../components/ListParts';
import { dayHeading, showDay, showTime, weekLabel } from './week';

const EMPTY = '—';
const hoursText = (hours: number) => hours.toFixed(2);

/** "Previous week", "This week", "Next week" and the week shown ("24 Nov – 30 Nov 2026"). */
export function WeekNav({
  weekStart,
  current,
  onGo,
}: {
  weekStart: string;
  /** This week's Monday, in the organisation's zone. */
  current: string;
  onGo: (weekStart: string) => void;
}) {
  return (
    <nav className="timesheet-week-nav" aria-label="Weeks">
      <Button
        icon={<ChevronLeft size={16} aria-hidden="true" />}
        onClick={() => onGo(addDays(weekStart, -7))}
      >
        Previous week
      </Button>
      <p className="timesheet-week-label" aria-live="polite">
        {weekLabel(weekStart)}
      </p>
      <div className="row">
        <Button disabled={weekStart === current} onClick={() => onGo(current)}>
          This week
        </Button>
        <Button
          iconEnd={<ChevronRight size={16} aria-hidden="true" />}
          onClick={() => onGo(addDays(weekStart, 7))}
        >
          Next week
        </Button>
      </div>
    </nav>
  );
}

/** "Approved by <name> on <date>" or "Not approved". */
export function ApprovalState({ week }: { week: TTimesheetWeek }) {
  const { approval } = week;
  return approval ? (
    <p className="timesheet-approval">
      <span className="badge badge-success">Approved</span> Approved by {approval.approvedBy} on{' '}
      {showDay(localDateOf(new Date(approval.approvedAt), week.timeZone))}
    </p>
  ) : (
    <p className="timesheet-approval">
      <span className="badge badge-neutral">Not approved</span>
    </p>
  );
}

/** The clock-in signature, small in its row; a click shows it larger. */
function SignatureThumb({ src, onOpen }: { src: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="timesheet-signature-button"
      aria-label="Show the signature"
      onClick={onOpen}
    >
      <img src={src} alt="Signature" className="timesheet-signature" />
    </button>
  );
}

function OutCell({ entry, timeZone }: { entry: TTimesheetEntry; timeZone: string }) {
  if (entry.SignoutTime) return <>{showTime(entry.SignoutTime, timeZone)}</>;
  return entry.missedClockOut === 'yes' ? (
    <span className="badge badge-danger">Missed clock-out</span>
  ) : (
    <span className="badge badge-primary">Clocked in</span>
  );
}

function EntryRow({
  entry,
  timeZone,
  onSignature,
  onCorrect,
}: {
  entry: TTimesheetEntry;
  timeZone: string;
  onSignature: (src: string) => void;
  onCorrect?: (entry: TTimesheetEntry) => void;
}) {
  const place = [entry.Workplaces, entry.Branchs].filter(Boolean).join(' · ');
  return (
    <tr>
      <td>
        {showTime(entry.SigninTime, timeZone)}
        {entry.corrected === 'yes' && (
          <>
            {' '}
            <span className="badge badge-warning">Corrected</span>
          </>
        )}
      </td>
      <td>
        <OutCell entry={entry} timeZone={timeZone} />
      </td>
      <td className="timesheet-hours">{entry.hours === null ? EMPTY : hoursText(entry.hours)}</td>
      <td>{place || EMPTY}</td>
      <td>
        {entry.signature ? (
          <SignatureThumb src={entry.signature} onOpen={() => onSignature(entry.signature!)} />
        ) : (
          EMPTY
        )}
      </td>
      {onCorrect && (
        <td className="timesheet-actions">
          <Button size="sm" onClick={() => onCorrect(entry)}>
            Correct
          </Button>
        </td>
      )}
    </tr>
  );
}

const COLUMNS = ['In', 'Out', 'Hours', 'Workplace', 'Signature'];

/**
 * The week's days, Monday to Sunday, each with its clock-ins (an entry belongs to the day it
 * began), then the week's total. Days are rows of their own (not a column spanning the entries), so
 * the phone's card layout names each cell. With `onCorrect` each entry has a Correct button.
 */
export function WeekDays({
  week,
  onCorrect,
}: {
  week: TTimesheetWeek;
  onCorrect?: (entry: TTimesheetEntry) => void;
}) {
  const [signature, setSignature] = useState<string | null>(null);
  const columns = onCorrect ? COLUMNS.length + 1 : COLUMNS.length;
  if (week.days.every((day) => day.entries.length === 0)) {
    return (
      <div className="list-state">
        <Inbox size={20} aria-hidden="true" />
        No clock-ins this week
      </div>
    );
  }
  return (
    <>
      <TableWrap>
        <table className="data-table timesheet-table" aria-label={`Week of ${weekLabel(week.weekStart)}`}>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              {onCorrect && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          {week.days.map((day) => (
            <tbody key={day.date}>
              <tr className="timesheet-day">
                <th scope="rowgroup" colSpan={2}>
                  {dayHeading(day.date)}
                </th>
                <td className="timesheet-hours">{hoursText(day.hours)}</td>
                <td colSpan={columns - 3} />
              </tr>
              {day.entries.map((entry) => (
                <EntryRow
                  key={entry._id}
                  entry={entry}
                  timeZone={week.timeZone}
                  onSignature={setSignature}
                  onCorrect={onCorrect}
                />
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr className="timesheet-total">
              <th scope="row" colSpan={2}>
                Total hours
              </th>
              <td className="timesheet-hours">{hoursText(week.totalHours)}</td>
              <td colSpan={columns - 3} />
            </tr>
          </tfoot>
        </table>
      </TableWrap>
      {signature && (
        <Dialog title="Signature" onClose={() => setSignature(null)}>
          <img src={signature} alt="Signature" className="timesheet-signature-large" />
        </Dialog>
      )}
    </>
  );
}

/** The week's card: its loading or failure, then the approval state and the days. */
export function WeekCard({
  query,
  onCorrect,
}: {
  query: UseQueryResult<TTimesheetWeek>;
  onCorrect?: (entry: TTimesheetEntry) => void;
}) {
  const week = query.data;
  return (
    <section className="card list-card timesheet-week" aria-label="Week" aria-busy={query.isFetching}>
      {week ? (
        <>
          <ApprovalState week={week} />
          <WeekDays week={week} onCorrect={onCorrect} />
        </>
      ) : (
        <ListState query={query} count={1} empty="" />
      )}
    </section>
  );
}
