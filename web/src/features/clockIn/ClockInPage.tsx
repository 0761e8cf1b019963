import {
  canClockOut,
  DATE_DISPLAY_FORMAT,
  messages,
  personName,
  type TClockInEmployee,
  type TClockRecord,
  totalHours,
  type TSignInsToday,
  ZClockInEmployeeRequest,
} from '@compass/shared';
import { format, isSameDay, parseISO } from 'date-fns';
import { CircleAlert, Clock, House, LogIn, LogOut, RotateCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { DrawingCanvas } from '../../fields/widgets/DrawingCanvas';
import { usePageTitle } from '../../shell/pageTitle';
import { useClockAction, useClockInEmployee, useSignInsToday } from './api';
import { useMediaQuery } from './useMediaQuery';

/**
 * The spec's clock-in spinner (001 sections 2.6 and 9): 'Loading...' is shown for at least 2000 ms
 * after the QR code is scanned, giving the person a moment before the clock button appears. It is
 * the specification's constant, not a workaround for slow data (the data loads meanwhile).
 */
export const CLOCK_IN_SPINNER_MS = 2000;

/** The running total is refreshed this often while a record is open. */
export const TOTAL_HOURS_REFRESH_MS = 60_000;

/** 001 section 9's signature canvases: 400×300 on a screen below 900 px wide, 800×600 above. */
export const NARROW_SCREEN = '(max-width: 899px)';
export const SIGNATURE_SIZES = {
  narrow: { width: 400, height: 300 },
  wide: { width: 800, height: 600 },
} as const;

const TIME_FORMAT = 'HH:mm';
const EMPTY = '—';

/** HH:mm for today, with dd/MM/yyyy added for another day (a shift across midnight). */
export function formatClockTime(instant: string | null | undefined, now: Date): string {
  if (!instant) return EMPTY;
  const date = parseISO(instant);
  return isSameDay(date, now)
    ? format(date, TIME_FORMAT)
    : `${format(date, TIME_FORMAT)}, ${format(date, DATE_DISPLAY_FORMAT)}`;
}

/** Hours of a record to 2 decimals: until now while open, until the sign-out when closed. */
export function recordHours(record: TClockRecord, now: Date): string {
  const signIn = parseISO(record.SigninTime);
  const until = record.SignoutTime ? parseISO(record.SignoutTime) : now;
  return Math.max(0, totalHours(signIn, until)).toFixed(2);
}

function statusText(signedIn: boolean, record: TClockRecord | null, now: Date): string {
  if (signedIn && record) return `Clocked in since ${formatClockTime(record.SigninTime, now)}`;
  if (record?.SignoutTime) return `Clocked out at ${formatClockTime(record.SignoutTime, now)}`;
  return 'Not clocked in';
}

function useDelay(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return done;
}

function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function ProblemCard({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <section className="card state-panel clock-problem" aria-labelledby="clock-problem-title">
      <span className="state-icon state-icon-warning">
        <CircleAlert size={28} aria-hidden="true" />
      </span>
      <h2 id="clock-problem-title">{messages.clockIn.notFoundTitle}</h2>
      <p>{message}</p>
      <div className="state-actions">
        {onRetry && (
          <Button icon={<RotateCw size={16} aria-hidden="true" />} onClick={onRetry}>
            Try again
          </Button>
        )}
        <Link to="/dashboard" className="btn btn-primary">
          <House size={16} aria-hidden="true" />
          Home
        </Link>
      </div>
    </section>
  );
}

function Detail({
  label,
  value,
  wide,
  emphasis,
}: {
  label: string;
  value: string;
  wide?: boolean;
  emphasis?: boolean;
}) {
  const classes = ['clock-detail'];
  if (wide) classes.push('clock-detail-wide');
  if (emphasis) classes.push('clock-detail-emphasis');
  return (
    <div className={classes.join(' ')}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function RecordsTable({ records, now }: { records: TClockRecord[]; now: Date }) {
  return (
    <section className="card clock-records" aria-labelledby="clock-records-title">
      <h3 id="clock-records-title" className="clock-records-title">
        Today&apos;s records
      </h3>
      <table className="clock-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Sign in</th>
            <th scope="col">Sign out</th>
            <th scope="col" className="clock-table-number">
              Hours
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => (
            <tr key={record._id}>
              <td>{index + 1}</td>
              <td>{formatClockTime(record.SigninTime, now)}</td>
              <td>{record.SignoutTime ? formatClockTime(record.SignoutTime, now) : 'Open'}</td>
              <td className="clock-table-number">{recordHours(record, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The signature drawn before clocking in, on the canvas the screen's width calls for. */
function SignatureArea({
  value,
  onChange,
  hintId,
}: {
  value: string;
  onChange: (value: string) => void;
  hintId: string;
}) {
  const size = SIGNATURE_SIZES[useMediaQuery(NARROW_SCREEN) ? 'narrow' : 'wide'];
  return (
    <div className="field clock-signature">
      <span className="field-label">Signature</span>
      <DrawingCanvas
        id={`${hintId}-canvas`}
        label="Signature"
        value={value}
        onChange={onChange}
        width={size.width}
        height={size.height}
      />
      {!value && (
        <p className="field-hint" id={hintId}>
          Sign above to clock in
        </p>
      )}
    </div>
  );
}

function ClockCard({
  employee,
  state,
  onRetry,
}: {
  employee: TClockInEmployee;
  state: { data?: TSignInsToday; error: unknown };
  onRetry: () => void;
}) {
  const now = useNow(TOTAL_HOURS_REFRESH_MS);
  const clock = useClockAction(employee);
  const hintId = useId();
  const [signature, setSignature] = useState('');
  const data = state.data;
  // The record shown: the open one, otherwise the day's latest.
  const record = data ? (data.openRecord ?? data.list.at(-1) ?? null) : null;
  const signedIn = data?.isSignedIn === 'yes';
  const fullName = personName(employee);
  // Past the longest shift the server refuses the clock-out: say so instead of offering the button.
  const overdue = signedIn && !!data?.openRecord && !canClockOut(new Date(data.openRecord.SigninTime), now);

  return (
    <div className="clock-page">
      <section className="card clock-card" aria-labelledby="clock-employee-name">
        <header className="clock-card-header">
          <p className="clock-company">
            <span className="visually-hidden">Company: </span>
            {employee.Companies}
          </p>
          <h2 id="clock-employee-name" className="clock-name">
            {fullName}
          </h2>
          {data && (
            <p className={signedIn ? 'clock-status clock-status-in' : 'clock-status clock-status-out'}>
              <Clock size={16} aria-hidden="true" />
              {statusText(signedIn, record, now)}
            </p>
          )}
        </header>

        <dl className="clock-details">
          <Detail label="Employee number" value={employee.employeeNumber?.trim() || 'N/A'} wide />
          <Detail label="Workplace" value={employee.Workplaces ?? EMPTY} />
          <Detail label="Branch" value={employee.Branchs ?? EMPTY} />
          <Detail label="Sign-in time" value={formatClockTime(record?.SigninTime, now)} />
          <Detail label="Sign-out time" value={formatClockTime(record?.SignoutTime, now)} />
          <Detail label="Total hours" value={record ? recordHours(record, now) : EMPTY} wide emphasis />
        </dl>

        {data && !signedIn && <SignatureArea value={signature} onChange={setSignature} hintId={hintId} />}

        <div className="clock-action">
          {overdue ? (
            <div className="alert alert-warning clock-load-error" role="status">
              <CircleAlert size={18} aria-hidden="true" />
              <span>{messages.clockIn.missedClockOut}</span>
            </div>
          ) : data ? (
            <Button
              // A new button per state: the colour does not morph from green to red under the finger.
              key={signedIn ? 'out' : 'in'}
              variant={signedIn ? 'danger' : 'primary'}
              className={signedIn ? 'clock-button clock-button-out' : 'clock-button clock-button-in'}
              block
              loading={clock.isPending}
              // No clocking in without a signature: the hint under the canvas says why.
              disabled={!signedIn && !signature}
              aria-describedby={!signedIn && !signature ? hintId : undefined}
              icon={
                signedIn ? <LogOut size={22} aria-hidden="true" /> : <LogIn size={22} aria-hidden="true" />
              }
              onClick={() =>
                signedIn
                  ? clock.mutate({ action: 'out' })
                  : // The signature belongs to this clock-in only: the next one is signed anew.
                    clock.mutate({ action: 'in', signature }, { onSuccess: () => setSignature('') })
              }
            >
              {signedIn ? 'CLOCK OUT' : 'CLOCK IN'}
            </Button>
          ) : (
            <div className="alert alert-danger clock-load-error" role="alert">
              <CircleAlert size={18} aria-hidden="true" />
              <span>{describeError(state.error).message || 'Your clock records could not be loaded.'}</span>
              <Button size="sm" icon={<RotateCw size={14} aria-hidden="true" />} onClick={onRetry}>
                Retry
              </Button>
            </div>
          )}
        </div>
      </section>

      {data && data.list.length > 1 && <RecordsTable records={data.list} now={now} />}
    </div>
  );
}

/** employeeclockin/:id — the page an employee's QR code opens (001 section 2.6). */
export function ClockInPage() {
  usePageTitle('Employee Clock-in');
  const { id = '' } = useParams();
  const validId = ZClockInEmployeeRequest.safeParse({ employeeId: id }).success;
  const delayDone = useDelay(CLOCK_IN_SPINNER_MS);
  const employee = useClockInEmployee(id, validId);
  const signIns = useSignInsToday(employee.data);

  if (!delayDone || employee.isLoading || signIns.isLoading) {
    return <PageSpinner label={messages.clockIn.loading} />;
  }
  if (!validId) return <ProblemCard message={messages.clockIn.notFound} />;
  if (employee.isError || !employee.data) {
    const error = employee.error;
    // 404 (no such employee here) and 403 (not yours to clock) are answers, not failures to retry.
    const answered = error instanceof ApiError && (error.code === 404 || error.code === 403);
    return (
      <ProblemCard
        message={describeError(error).message || messages.clockIn.notFound}
        onRetry={answered ? undefined : () => void employee.refetch()}
      />
    );
  }
  return (
    <ClockCard
      employee={employee.data}
      state={{ data: signIns.data, error: signIns.error }}
      onRetry={() => void signIns.refetch()}
    />
  );
}
