import { addDays, startOfLocalDay, timesheetMessages as say } from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, DEMO_USERS, employeeOf, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * TimeSheet (issue 45): weeks in the organisation's time zone, who sees whose, corrections,
 * approvals and the payroll export. The records are written directly in weeks of 2024, before
 * any the demo seed fills (the clock-in API stamps now()).
 */
let ctx: TestContext;
let tokens: Record<string, string>;
const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);
let timeZone: string;
let companyId: string;
type Person = 'mia' | 'ethan' | 'lucas' | 'olivia' | 'jack' | 'henry';
const people = {} as Record<Person, { id: string; employeeNumber: string | null }>;
const NOWHERE = '00000000-0000-4000-8000-000000000000';
let workplaceId: string;

/** Weeks (Mondays) of 2024 without a daylight-saving change in common zones. */
const OWN_WEEK = '2024-03-04';
const FLOW_WEEK = '2024-04-15';
const TEAM_WEEK = '2024-05-06';

/** An instant of the organisation's wall clock: `day` at hh:mm. */
const at = (day: string, hours: number, minutes = 0) =>
  new Date(startOfLocalDay(day, timeZone).getTime() + (hours * 60 + minutes) * 60_000);

async function clocked(employee: Person, signInAt: Date, signOutAt: Date | null) {
  return ctx.db.timesheetRecord.create({
    data: {
      companyId,
      employeeId: people[employee].id,
      workplaceId,
      fullName: employee,
      signInAt,
      signOutAt,
      signature: 'data:image/png;base64,AAAA',
    },
  });
}

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app, DEMO_USERS);
  const mia = await employeeOf(ctx.db, 'mia.employee');
  companyId = mia.companyId;
  timeZone = (await ctx.db.company.findUniqueOrThrow({ where: { id: companyId } })).timeZone;
  const byName = async (firstName: string) =>
    ctx.db.employee.findFirstOrThrow({ where: { companyId, firstName } });
  people.mia = mia;
  people.ethan = await employeeOf(ctx.db, 'ethan.coordinator');
  people.olivia = await employeeOf(ctx.db, 'olivia.admin');
  people.lucas = await byName('Lucas');
  people.jack = await byName('Jack');
  people.henry = await byName('Henry');
  workplaceId = mia.workplaceId!;
});

describe('a week of the timesheet', () => {
  it("counts the caller's own week by the organisation's days, to 2 decimals, and flags a missed clock-out", async () => {
    await clocked('mia', at(OWN_WEEK, 8), at(OWN_WEEK, 16, 30));
    // Across midnight: the entry belongs to the Tuesday it began.
    await clocked('mia', at(addDays(OWN_WEEK, 1), 22), at(addDays(OWN_WEEK, 2), 6));
    await clocked('mia', at(addDays(OWN_WEEK, 2), 9), at(addDays(OWN_WEEK, 2), 12, 20));
    await clocked('mia', at(addDays(OWN_WEEK, 3), 8), null);
    const week = await data('mia.employee', 'timesheetWeek', { weekStart: OWN_WEEK });
    expect(week).toMatchObject({
      employee: { _id: people.mia.id, name: 'Mia Torres', manager: 'Ethan Clarke' },
      weekStart: OWN_WEEK,
      weekEnd: addDays(OWN_WEEK, 6),
      timeZone,
      totalHours: 19.83,
      missedClockOuts: 1,
      approval: null,
      mayCorrect: 'no',
      mayApprove: 'no',
      log: [],
    });
    expect(week.days.map((day: { hours: number }) => day.hours)).toEqual([8.5, 8, 3.33, 0, 0, 0, 0]);
    expect(week.days[1].entries).toHaveLength(1);
    expect(week.days[2].entries).toHaveLength(1);
    expect(week.days[3].entries[0]).toMatchObject({
      hours: null,
      missedClockOut: 'yes',
      SignoutTime: null,
      Workplaces: 'Riverside Depot',
      signature: 'data:image/png;base64,AAAA',
      corrected: 'no',
    });
  });

  it('answers a week that does not start on a Monday with the contract message', async () => {
    const response = await call('mia.employee', 'timesheetWeek', { weekStart: addDays(OWN_WEEK, 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json().response_message).toBe(say.weekStartMonday);
  });

  it("opens a report's week for their manager and everyone's for payroll, nobody else's", async () => {
    const asManager = await data('ethan.coordinator', 'timesheetWeek', {
      employeeId: people.mia.id,
      weekStart: OWN_WEEK,
    });
    expect(asManager).toMatchObject({ totalHours: 19.83, mayCorrect: 'yes', mayApprove: 'yes' });
    const notReport = await call('ethan.coordinator', 'timesheetWeek', {
      employeeId: people.lucas.id,
      weekStart: OWN_WEEK,
    });
    expect(notReport.statusCode).toBe(404);
    const payroll = await data('olivia.admin', 'timesheetWeek', {
      employeeId: people.lucas.id,
      weekStart: OWN_WEEK,
    });
    expect(payroll.employee.manager).toBe('Mia Torres');
    const foreign = await call('sam.southbank', 'timesheetWeek', {
      employeeId: people.mia.id,
      weekStart: OWN_WEEK,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Mia');
  });
});

describe('the team list', () => {
  beforeAll(async () => {
    await clocked('jack', at(TEAM_WEEK, 7), at(TEAM_WEEK, 15, 15));
    // Henry's missed clock-out (Jack has an open one in the demo seed: one open entry per employee).
    await clocked('henry', at(addDays(TEAM_WEEK, 4), 7), null);
    await clocked('mia', at(addDays(TEAM_WEEK, 1), 8), at(addDays(TEAM_WEEK, 1), 12));
    await clocked('lucas', at(addDays(TEAM_WEEK, 2), 6), at(addDays(TEAM_WEEK, 2), 14, 45));
    // A night shift: its hours count on the Thursday it began, in the organisation's time zone.
    await clocked('lucas', at(addDays(TEAM_WEEK, 3), 22), at(addDays(TEAM_WEEK, 4), 4, 30));
  });

  it("lists the manager's reports and themself by name, with each one's hours of the week", async () => {
    const list = await data('ethan.coordinator', 'timesheetPeople', { weekStart: TEAM_WEEK });
    expect(list.isPayroll).toBe('no');
    const names = list.rows.map((row: { name: string }) => row.name);
    expect(names).toEqual(['Chloe Adams', 'Ethan Clarke', 'Jack Morrison', 'Mia Torres', 'Henry Walsh']);
    expect(list.total).toBe(5);
    const jack = list.rows.find((row: { name: string }) => row.name === 'Jack Morrison');
    expect(jack).toMatchObject({
      employeeId: people.jack.id,
      dayHours: [8.25, 0, 0, 0, 0, 0, 0],
      totalHours: 8.25,
      missedClockOuts: 0,
      approved: 'no',
      approvedBy: null,
      workplace: 'Riverside Depot',
    });
    expect(names).not.toContain('Lucas Romero');
    const henry = list.rows.find((row: { name: string }) => row.name === 'Henry Walsh');
    expect(henry).toMatchObject({ totalHours: 0, missedClockOuts: 1 });
  });

  it('filters by status, search and workplace, and pages', async () => {
    const names = async (filters: object, as = 'ethan.coordinator') =>
      (await data(as, 'timesheetPeople', { weekStart: TEAM_WEEK, ...filters })).rows.map(
        (row: { name: string }) => row.name,
      );
    expect(await names({ status: 'missed' })).toEqual(['Henry Walsh']);
    expect(await names({ status: 'toApprove' })).toEqual(['Jack Morrison', 'Mia Torres']);
    expect(await names({ status: 'approved' })).toEqual([]);
    expect(await names({ search: 'torr' })).toEqual(['Mia Torres']);
    expect(await names({ search: people.jack.employeeNumber })).toEqual(['Jack Morrison']);
    expect(await names({ workplaceId: NOWHERE })).toEqual([]);
    expect(await names({ workplaceId })).toContain('Mia Torres');
    const page = await data('ethan.coordinator', 'timesheetPeople', {
      weekStart: TEAM_WEEK,
      pageSize: 2,
      page: 3,
    });
    expect(page).toMatchObject({ total: 5 });
    expect(page.rows).toHaveLength(1);
  });

  it('counts a week "to approve" from its first entry of 0.01 hours (18 seconds), as the week view rounds', async () => {
    const week = '2024-06-03';
    await clocked('henry', at(week, 9), at(week, 9, 0.28));
    await clocked('jack', at(week, 9), at(week, 9, 0.3));
    const list = await data('ethan.coordinator', 'timesheetPeople', { weekStart: week, status: 'toApprove' });
    expect(list.rows.map((row: { name: string; totalHours: number }) => [row.name, row.totalHours])).toEqual([
      ['Jack Morrison', 0.01],
    ]);
  });

  it('shows payroll every active employee of the organisation, another organisation none of them', async () => {
    const all = await data('olivia.admin', 'timesheetPeople', { weekStart: TEAM_WEEK, pageSize: 100 });
    expect(all.isPayroll).toBe('yes');
    const active = await ctx.db.employee.count({ where: { companyId, isActive: true } });
    expect(all.total).toBe(active);
    expect(all.rows.find((row: { name: string }) => row.name === 'Lucas Romero')).toMatchObject({
      dayHours: [0, 0, 8.75, 6.5, 0, 0, 0],
      totalHours: 15.25,
    });
    const foreign = await data('sam.southbank', 'timesheetPeople', { weekStart: TEAM_WEEK, pageSize: 100 });
    expect(foreign.rows.map((row: { name: string }) => row.name)).not.toContain('Mia Torres');
  });
});

describe('corrections and approvals', () => {
  let entries: { monday: string; tuesday: string; open: string };
  const decision = { weekStart: FLOW_WEEK };

  beforeAll(async () => {
    // The own week's missed clock-out is still open: one open entry per employee.
    await ctx.db.timesheetRecord.deleteMany({ where: { employeeId: people.mia.id, signOutAt: null } });
    entries = {
      monday: (await clocked('mia', at(FLOW_WEEK, 8), at(FLOW_WEEK, 16, 30))).id,
      tuesday: (await clocked('mia', at(addDays(FLOW_WEEK, 1), 8), at(addDays(FLOW_WEEK, 1), 16))).id,
      open: (await clocked('mia', at(addDays(FLOW_WEEK, 2), 8), null)).id,
    };
  });

  const correction = (
    id: string,
    day: number,
    from: [number, number],
    to: [number, number],
    reason = 'Roster',
  ) => ({
    _id: id,
    SigninTime: at(addDays(FLOW_WEEK, day), ...from).toISOString(),
    SignoutTime: at(addDays(FLOW_WEEK, day), ...to).toISOString(),
    reason,
  });

  it('refuses the caller their own week, and anyone who may not open it', async () => {
    const own = await call('mia.employee', 'timesheetWeekApprove', {
      employeeId: people.mia.id,
      ...decision,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().response_message).toBe(say.notYourOwn);
    const ownCorrection = await call(
      'mia.employee',
      'timesheetEntryCorrect',
      correction(entries.monday, 0, [8, 0], [17, 0]),
    );
    expect(ownCorrection.statusCode).toBe(403);
    for (const [path, body] of [
      ['timesheetWeekApprove', { employeeId: people.mia.id, ...decision }],
      ['timesheetWeekUnapprove', { employeeId: people.mia.id, ...decision }],
      ['timesheetEntryCorrect', correction(entries.monday, 0, [8, 0], [17, 0])],
    ] as const)
      expect((await call('sam.southbank', path, body)).statusCode).toBe(404);
    const notManager = await call('ethan.coordinator', 'timesheetWeekApprove', {
      employeeId: people.lucas.id,
      ...decision,
    });
    expect(notManager.statusCode).toBe(404);
  });

  it('approves no week with a missed clock-out, no week not yet over and no empty week', async () => {
    const missed = await call('ethan.coordinator', 'timesheetWeekApprove', {
      employeeId: people.mia.id,
      ...decision,
    });
    expect(missed.statusCode).toBe(409);
    expect(missed.json().response_message).toBe(say.missedClockOuts);
    const monday = addDays(FLOW_WEEK, 7 * 200);
    const future = await call('ethan.coordinator', 'timesheetWeekApprove', {
      employeeId: people.mia.id,
      weekStart: monday,
    });
    expect(future.statusCode).toBe(409);
    expect(future.json().response_message).toBe(say.weekNotOver);
    const empty = await call('ethan.coordinator', 'timesheetWeekApprove', {
      employeeId: people.mia.id,
      weekStart: addDays(FLOW_WEEK, -7),
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json().response_message).toBe(say.emptyWeek);
  });

  it('refuses times that end first, last over 24 hours, end in the future, leave the week or overlap', async () => {
    const refused = async (body: object, message: string) => {
      const response = await call('ethan.coordinator', 'timesheetEntryCorrect', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().response_message).toBe(message);
    };
    await refused(correction(entries.open, 2, [8, 0], [7, 0]), say.signOutBeforeSignIn);
    await refused(
      {
        ...correction(entries.open, 2, [8, 0], [8, 0]),
        SignoutTime: at(addDays(FLOW_WEEK, 3), 8, 1).toISOString(),
      },
      say.entryTooLong,
    );
    await refused(
      {
        ...correction(entries.open, 2, [8, 0], [9, 0]),
        SigninTime: new Date(Date.now() - 3_600_000).toISOString(),
        SignoutTime: new Date(Date.now() + 3_600_000).toISOString(),
      },
      say.entryInFuture,
    );
    await refused(correction(entries.open, 7, [8, 0], [16, 0]), say.entryOutsideWeek);
    await refused(correction(entries.open, 1, [15, 0], [18, 0]), say.entryOverlaps);
    await refused({ ...correction(entries.open, 2, [8, 0], [16, 0]), reason: ' ' }, say.reasonRequired);
  });

  it('corrects with a reason in the log, approves, refuses a correction until the approval is withdrawn', async () => {
    const corrected = await call(
      'ethan.coordinator',
      'timesheetEntryCorrect',
      correction(entries.open, 2, [8, 0], [16, 45], 'Forgot to clock out'),
    );
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().response_message).toBe(say.corrected);

    const approved = await call('ethan.coordinator', 'timesheetWeekApprove', {
      employeeId: people.mia.id,
      ...decision,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().response_message).toBe(say.approved);
    const again = await call('olivia.admin', 'timesheetWeekApprove', {
      employeeId: people.mia.id,
      ...decision,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().response_message).toBe(say.alreadyApproved);

    const week = await data('ethan.coordinator', 'timesheetWeek', { employeeId: people.mia.id, ...decision });
    expect(week).toMatchObject({
      totalHours: 25.25,
      missedClockOuts: 0,
      approval: { approvedBy: 'Ethan Clarke', totalHours: 25.25 },
      mayCorrect: 'no',
      mayApprove: 'yes',
    });
    expect(week.days[2].entries[0]).toMatchObject({ hours: 8.75, corrected: 'yes', missedClockOut: 'no' });
    const stored = await ctx.db.timesheetApproval.findFirstOrThrow({
      where: { employeeId: people.mia.id, weekStart: new Date(`${FLOW_WEEK}T00:00:00Z`) },
    });
    expect(stored.dayHours.map(Number)).toEqual([8.5, 8, 8.75, 0, 0, 0, 0]);

    const blocked = await call(
      'olivia.admin',
      'timesheetEntryCorrect',
      correction(entries.monday, 0, [8, 0], [16, 0]),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().response_message).toBe(say.weekApproved);

    const withdrawn = await call('olivia.admin', 'timesheetWeekUnapprove', {
      employeeId: people.mia.id,
      ...decision,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().response_message).toBe(say.unapproved);
    const none = await call('olivia.admin', 'timesheetWeekUnapprove', {
      employeeId: people.mia.id,
      ...decision,
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().response_message).toBe(say.notApproved);
    const ok = await call(
      'olivia.admin',
      'timesheetEntryCorrect',
      correction(entries.monday, 0, [8, 0], [16, 0], 'Left early'),
    );
    expect(ok.statusCode).toBe(200);

    const log = (await data('mia.employee', 'timesheetWeek', decision)).log;
    expect(log.map((entry: { action: string; by: string }) => [entry.action, entry.by])).toEqual([
      ['corrected', 'Ethan Clarke'],
      ['approved', 'Ethan Clarke'],
      ['unapproved', 'Olivia Bennett'],
      ['corrected', 'Olivia Bennett'],
    ]);
    expect(log[0].detail).toBe('Forgot to clock out (08:00– → 08:00–16:45)');
    expect(log[1].detail).toBe('25.25 hours');
    expect(log[3].detail).toBe('Left early (08:00–16:30 → 08:00–16:00)');
  });
});

describe('the payroll export', () => {
  const get = (as: string, query: string) =>
    request(ctx.app.server).get(`/api/timesheetExport?${query}`).set('authtoken', tokens[as]!);

  it('holds the approved weeks only, of the employees the caller may open', async () => {
    await clocked('jack', at(addDays(FLOW_WEEK, 1), 7), at(addDays(FLOW_WEEK, 1), 15));
    // Approvals racing each other: one wins, the others meet the unique week.
    const racing = await Promise.all(
      ['ethan.coordinator', 'olivia.admin', 'ethan.coordinator'].map((as) =>
        call(as, 'timesheetWeekApprove', { employeeId: people.mia.id, weekStart: FLOW_WEEK }),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
    const csv = await get('olivia.admin', `from=2024-03-01&to=2024-05-31`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toContain('timesheets-2024-03-01-2024-05-31.csv');
    const lines = csv.text.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Employee number,Employee,Workplace,Week starting,Mon,Tue,Wed,Thu,Fri,Sat,Sun,Total hours,Approved by,Approved at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${people.mia.employeeNumber},Mia Torres,Riverside Depot,${FLOW_WEEK},8,8,8.75,0,0,0,0,24.75,`,
    );
    // A manager's export: their reports' (and their own) approved weeks.
    expect((await get('ethan.coordinator', 'from=2024-04-01&to=2024-04-30')).text).toContain('Mia Torres');
    expect((await get('mia.employee', 'from=2024-04-01&to=2024-04-30')).text).toContain('Mia Torres');
    const otherWorkplace = await get('olivia.admin', `from=2024-03-01&to=2024-05-31&workplaceId=${NOWHERE}`);
    expect(otherWorkplace.text.trim().split('\r\n')).toHaveLength(1);
    const foreign = await get('sam.southbank', 'from=2024-03-01&to=2024-05-31');
    expect(foreign.text).not.toContain('Mia Torres');
    const xlsx = await get('olivia.admin', 'from=2024-03-01&to=2024-05-31&format=xlsx')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('timesheets-2024-03-01-2024-05-31.xlsx');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a period over 92 days or reversed', async () => {
    const long = await get('olivia.admin', 'from=2024-03-01&to=2024-06-01');
    expect(long.status).toBe(400);
    expect(long.body.response_message).toBe(say.periodTooLong);
    const reversed = await get('olivia.admin', 'from=2024-03-02&to=2024-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.response_message).toBe(say.periodReversed);
  });
});
