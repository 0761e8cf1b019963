import { messages, type TClockInEmployee, type TClockRecord, type TSignInsToday } from '@compass/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, ok, renderRoutes } from '../../../test/helpers';
import { CLOCK_IN_SPINNER_MS, ClockInPage, NARROW_SCREEN } from './ClockInPage';
import { drawStroke } from '../../fields/testing';

const EMPLOYEE = '44444444-4444-4444-8444-444444444444';
const COMPANY = '22222222-2222-4222-8222-222222222222';
const WORKPLACE = '55555555-5555-4555-8555-555555555555';
const BRANCH = '66666666-6666-4666-8666-666666666666';
const RECORD = '77777777-7777-4777-8777-777777777777';
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** 12 March 2026, 10:30 local time. */
const NOW = new Date(2026, 2, 12, 10, 30, 0, 0);
const at = (hours: number, minutes = 0) => new Date(2026, 2, 12, hours, minutes, 0, 0).toISOString();

const employee: TClockInEmployee = {
  _id: EMPLOYEE,
  companyId: COMPANY,
  Companies: 'Acme Manufacturing',
  firstName: 'Mia',
  lastName: 'Employee',
  employeeNumber: '',
  workplace: WORKPLACE,
  Workplaces: 'Riverside Depot',
  branch: BRANCH,
  Branchs: 'North Yard',
};

function record(over: Partial<TClockRecord> = {}): TClockRecord {
  return { _id: RECORD, SigninTime: at(9), SignoutTime: null, signinnote: null, ...over };
}

const notSignedIn: TSignInsToday = { list: [], isSignedIn: 'no', openRecord: null };
const signedIn = (open: TClockRecord = record()): TSignInsToday => ({
  list: [open],
  isSignedIn: 'yes',
  openRecord: open,
});

const expectedDay = {
  startDate: new Date(2026, 2, 12, 0, 0, 0, 0).toISOString(),
  endDate: new Date(2026, 2, 12, 23, 59, 59, 999).toISOString(),
  localTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
};

function renderPage(id = EMPLOYEE) {
  return renderRoutes(
    [
      { path: 'employeeclockin/:id', element: <ClockInPage /> },
      { path: 'dashboard', element: <p>Home page</p> },
    ],
    `/employeeclockin/${id}`,
  );
}

/** One stroke across the signature canvas. */
const sign = () => drawStroke(screen.getByRole('img', { name: 'Signature' }));

/** A screen narrower than 900 px, as matchMedia reports it. */
function narrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_SCREEN,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** Lets the spec's 2000 ms spinner run out. */
async function passSpinner() {
  await act(() => vi.advanceTimersByTimeAsync(CLOCK_IN_SPINNER_MS));
}

/** The value shown under a detail label. */
function detail(label: string): string {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

function clockServer(initial: TSignInsToday) {
  let state = initial;
  const bodies: Record<string, unknown[]> = { clockIn: [], clockOut: [], signInsToday: [] };
  const fetchMock = mockFetch({
    'POST /api/clockInEmployee': () => ok(employee),
    'POST /api/signInsToday': ({ body }) => {
      bodies.signInsToday!.push(body);
      return ok(state);
    },
    'POST /api/clockIn': ({ body }) => {
      bodies.clockIn!.push(body);
      state = signedIn(record({ SigninTime: new Date().toISOString() }));
      return ok(null, messages.clockIn.clockedIn);
    },
    'POST /api/clockOut': ({ body }) => {
      bodies.clockOut!.push(body);
      const closed = record({
        SigninTime: state.openRecord!.SigninTime,
        SignoutTime: new Date().toISOString(),
      });
      state = { list: [closed], isSignedIn: 'no', openRecord: null };
      return ok(null, messages.clockIn.clockedOut);
    },
  });
  return { bodies, fetchMock };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
  // jsdom has no canvas: a 2D context whose drawing calls do nothing stands in for it.
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, property) => (property in target ? target[property] : (target[property] = vi.fn())),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ClockInPage', () => {
  it("shows 'Loading...' for the spec's 2000 ms even when the data is already there", async () => {
    clockServer(notSignedIn);
    renderPage();
    expect(screen.getByText(messages.clockIn.loading)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CLOCK_IN_SPINNER_MS - 100));
    expect(screen.getByText(messages.clockIn.loading)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CLOCK IN' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('button', { name: 'CLOCK IN' })).toBeInTheDocument();
    expect(screen.queryByText(messages.clockIn.loading)).not.toBeInTheDocument();
    expect(document.title).toContain('Employee Clock-in');
  });

  it("shows 'Ops!' and the message with a link Home when the employee is not found (404)", async () => {
    const fetchMock = mockFetch({
      'POST /api/clockInEmployee': () => ({
        status: 404,
        body: envelope(null, 404, messages.clockIn.notFound),
      }),
    });
    renderPage();
    await passSpinner();
    expect(await screen.findByRole('heading', { name: messages.clockIn.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.clockIn.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: /CLOCK/ })).not.toBeInTheDocument();
    // The card is the answer: no retry, and no sign-ins call.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/clockInEmployee']);
  });

  it("shows a 403's message the same way", async () => {
    mockFetch({
      'POST /api/clockInEmployee': () => ({
        status: 403,
        body: envelope(null, 403, messages.clockIn.notYours),
      }),
    });
    renderPage();
    await passSpinner();
    expect(await screen.findByRole('heading', { name: messages.clockIn.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(messages.clockIn.notYours)).toBeInTheDocument();
  });

  it("shows 'Ops!' without calling the server for an id that is not an employee id", async () => {
    const fetchMock = mockFetch({});
    renderPage('not-a-qr-code');
    await passSpinner();
    expect(await screen.findByText(messages.clockIn.notFound)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the employee details, N/A for a blank employee number', async () => {
    clockServer(notSignedIn);
    renderPage();
    await passSpinner();
    expect(await screen.findByRole('heading', { name: 'Mia Employee' })).toBeInTheDocument();
    expect(screen.getByText('Acme Manufacturing')).toBeInTheDocument();
    expect(detail('Employee number')).toBe('N/A');
    expect(detail('Workplace')).toBe('Riverside Depot');
    expect(detail('Branch')).toBe('North Yard');
    expect(detail('Sign-in time')).toBe('—');
    expect(detail('Sign-out time')).toBe('—');
    expect(detail('Total hours')).toBe('—');
    expect(screen.getByText('Not clocked in')).toBeInTheDocument();
  });

  it('offers CLOCK IN when not signed in, sends the right body, and shows CLOCK OUT after the reload', async () => {
    const { bodies } = clockServer(notSignedIn);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK IN' });
    sign();
    await user.click(screen.getByRole('button', { name: 'CLOCK IN' }));

    expect(await screen.findByRole('button', { name: 'CLOCK OUT' })).toBeInTheDocument();
    // Clocked in: no signature to draw until the next clock-in.
    expect(screen.queryByRole('img', { name: 'Signature' })).not.toBeInTheDocument();
    expect(bodies.clockIn).toEqual([
      {
        companyId: COMPANY,
        employeeId: EMPLOYEE,
        ...expectedDay,
        workplace: WORKPLACE,
        branch: BRANCH,
        fullName: 'Mia Employee',
        signature: PNG,
      },
    ]);
    // The state is asked again after the clock-in, with the same local day.
    expect(bodies.signInsToday).toEqual([
      { companyId: COMPANY, employeeId: EMPLOYEE, ...expectedDay },
      { companyId: COMPANY, employeeId: EMPLOYEE, ...expectedDay },
    ]);
    expect(await screen.findByText(messages.clockIn.clockedIn)).toBeInTheDocument();
    expect(detail('Sign-in time')).toBe('10:30');
    expect(detail('Total hours')).toBe('0.00');
  });

  it('offers CLOCK OUT when signed in and clocks out with the day and zone', async () => {
    const { bodies } = clockServer(signedIn());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await passSpinner();
    expect(await screen.findByText('Clocked in since 09:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'CLOCK OUT' }));

    expect(await screen.findByRole('button', { name: 'CLOCK IN' })).toBeInTheDocument();
    expect(bodies.clockOut).toEqual([{ companyId: COMPANY, employeeId: EMPLOYEE, ...expectedDay }]);
    expect(await screen.findByText(messages.clockIn.clockedOut)).toBeInTheDocument();
    expect(detail('Sign-in time')).toBe('09:00');
    expect(detail('Sign-out time')).toMatch(/^10:3\d$/);
    expect(screen.getByText(/^Clocked out at 10:3\d$/)).toBeInTheDocument();
  });

  it('shows the total hours to 2 decimals and refreshes the running value each minute', async () => {
    clockServer(signedIn(record({ SigninTime: at(9) })));
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK OUT' });
    expect(detail('Total hours')).toBe('1.50');
    await act(() => vi.advanceTimersByTimeAsync(6 * 60_000));
    expect(detail('Total hours')).toBe('1.60');
  });

  it('shows the hours between sign-in and sign-out of a closed record', async () => {
    const closed = record({ SigninTime: at(8), SignoutTime: at(12, 15) });
    clockServer({ list: [closed], isSignedIn: 'no', openRecord: null });
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK IN' });
    expect(detail('Total hours')).toBe('4.25');
    expect(detail('Sign-out time')).toBe('12:15');
  });

  it('shows an open record from yesterday with its date', async () => {
    const yesterday = new Date(2026, 2, 11, 22, 0, 0, 0).toISOString();
    clockServer({ list: [], isSignedIn: 'yes', openRecord: record({ SigninTime: yesterday }) });
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK OUT' });
    expect(detail('Sign-in time')).toBe('22:00, 11/03/2026');
    expect(detail('Total hours')).toBe('12.50');
  });

  it('says the clock-in is too old to clock out instead of offering CLOCK OUT', async () => {
    const twoDaysAgo = new Date(2026, 2, 10, 9, 0, 0, 0).toISOString();
    clockServer({ list: [], isSignedIn: 'yes', openRecord: record({ SigninTime: twoDaysAgo }) });
    renderPage();
    await passSpinner();
    expect(await screen.findByText(messages.clockIn.missedClockOut)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CLOCK OUT' })).not.toBeInTheDocument();
  });

  it("lists the day's records in a table when there are several", async () => {
    const first = record({
      _id: '88888888-8888-4888-8888-888888888888',
      SigninTime: at(6),
      SignoutTime: at(7, 30),
    });
    const open = record({ SigninTime: at(9, 45) });
    clockServer({ list: [first, open], isSignedIn: 'yes', openRecord: open });
    renderPage();
    await passSpinner();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '06:00', '07:30', '1.50']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '09:45', 'Open', '0.75']);
  });

  it('disables the button while the call is in flight (no double submit)', async () => {
    const { bodies, fetchMock } = clockServer(notSignedIn);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/clockIn') await gate;
      return fetchMock(input, init);
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await passSpinner();
    const button = await screen.findByRole('button', { name: 'CLOCK IN' });
    sign();
    await user.click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(bodies.clockIn).toHaveLength(0);

    await act(async () => {
      release();
      await gate;
    });
    expect(await screen.findByRole('button', { name: 'CLOCK OUT' })).toBeEnabled();
    expect(bodies.clockIn).toHaveLength(1);
  });

  it('keeps CLOCK IN disabled until a signature is drawn, on an 800×600 canvas', async () => {
    clockServer(notSignedIn);
    renderPage();
    await passSpinner();
    const button = await screen.findByRole('button', { name: 'CLOCK IN' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Sign above to clock in');
    const canvas = screen.getByRole('img', { name: 'Signature' });
    expect(canvas.style.height).toBe('600px');
    sign();
    expect(button).toBeEnabled();
    expect(screen.queryByText('Sign above to clock in')).not.toBeInTheDocument();
    // Clear takes the signature away again.
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(button).toBeDisabled());
  });

  it('draws on a 400×300 canvas below 900 px wide', async () => {
    narrowScreen();
    clockServer(notSignedIn);
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK IN' });
    const canvas = screen.getByRole('img', { name: 'Signature' });
    expect(canvas.style.height).toBe('300px');
    expect(canvas.closest<HTMLElement>('.drawing')?.style.maxWidth).toBe('400px');
  });

  it('asks for a new signature after clocking out', async () => {
    const { bodies } = clockServer(notSignedIn);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK IN' });
    sign();
    await user.click(screen.getByRole('button', { name: 'CLOCK IN' }));
    await user.click(await screen.findByRole('button', { name: 'CLOCK OUT' }));
    expect(await screen.findByRole('button', { name: 'CLOCK IN' })).toBeDisabled();
    expect(bodies.clockIn).toHaveLength(1);
  });

  it('toasts a conflict and reloads the state', async () => {
    let reloads = 0;
    mockFetch({
      'POST /api/clockInEmployee': () => ok(employee),
      // Another device clocked in meanwhile: the reload shows it.
      'POST /api/signInsToday': () => ok(reloads++ > 0 ? signedIn() : notSignedIn),
      'POST /api/clockIn': () => ({
        status: 409,
        body: envelope(null, 409, messages.clockIn.alreadyClockedIn),
      }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await passSpinner();
    await screen.findByRole('button', { name: 'CLOCK IN' });
    sign();
    await user.click(screen.getByRole('button', { name: 'CLOCK IN' }));
    expect(await screen.findByText(messages.clockIn.alreadyClockedIn)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'CLOCK OUT' })).toBeInTheDocument();
  });
});
