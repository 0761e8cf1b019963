import { MAX_SHIFT_HOURS, messages, timesheetMessages } from '@compass/shared';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, signIn, type TestContext } from './helpers';

let ctx: TestContext;
const api = () => request(ctx.app.server);
const tokens: Record<string, string> = {};
/** A signature as the clock-in page's canvas sends it: a PNG data URL (a 1×1 pixel here). */
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The bounds of the local day containing `instant` in a zone with a fixed offset (hours). */
function dayIn(instant: Date, offsetHours: number, localTimeZone: string) {
  const local = new Date(instant.getTime() + offsetHours * 3_600_000);
  const midnight =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetHours * 3_600_000;
  return {
    startDate: new Date(midnight).toISOString(),
    endDate: new Date(midnight + 86_400_000 - 1).toISOString(),
    localTimeZone,
  };
}

async function userOf(username: string) {
  return ctx.db.user.findUniqueOrThrow({ where: { username } });
}

beforeAll(async () => {
  ctx = await setupTestApp();
  for (const username of [
    'ethan.coordinator',
    'mia.employee',
    'sam.southbank',
    'liam.personnel',
    'olivia.admin',
  ]) {
    tokens[username] = await signIn(ctx.app, username);
  }
});

describe('clock-in by QR code', () => {
  it("shows the scanned employee's details, and 'no information' for an unknown or foreign code", async () => {
    const ethan = await userOf('ethan.coordinator');
    const res = await api()
      .post('/api/clockInEmployee')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({ employeeId: ethan.employeeId });
    expect(res.status).toBe(200);
    expect(res.body.response_data).toMatchObject({
      _id: ethan.employeeId,
      Companies: 'Northwind Facilities',
      firstName: 'Ethan',
      lastName: 'Clarke',
    });
    const unknown = await api()
      .post('/api/clockInEmployee')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({ employeeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.response_message).toBe(messages.clockIn.notFound);
    const foreign = await api()
      .post('/api/clockInEmployee')
      .set('authtoken', tokens['sam.southbank']!)
      .send({ employeeId: ethan.employeeId });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Ethan');
  });

  it("refuses someone else's code unless the caller runs the visitor register", async () => {
    const ethan = await userOf('ethan.coordinator');
    const mia = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'mia.employee' },
      include: { employee: true },
    });
    const role = await ctx.db.role.findUniqueOrThrow({ where: { id: mia.employee!.roleId! } });
    await ctx.db.role.update({
      where: { id: role.id },
      data: { access: { ...(role.access as Record<string, boolean>), vismate: false } },
    });
    const refused = await api()
      .post('/api/clockInEmployee')
      .set('authtoken', tokens['mia.employee']!)
      .send({ employeeId: ethan.employeeId });
    expect(refused.status).toBe(403);
    expect(refused.body.response_message).toBe(messages.clockIn.notYours);
    const personnel = await api()
      .post('/api/clockInEmployee')
      .set('authtoken', tokens['liam.personnel']!)
      .send({ employeeId: ethan.employeeId });
    expect(personnel.status).toBe(403);
    const supervisor = await api()
      .post('/api/clockInEmployee')
      .set('authtoken', tokens['olivia.admin']!)
      .send({ employeeId: ethan.employeeId });
    expect(supervisor.status).toBe(200);
  });

  it('clocks in once however often it is tapped, then out; out again is a clear error', async () => {
    const ethan = await userOf('ethan.coordinator');
    const day = dayIn(new Date(), 11, 'Australia/Sydney');
    const body = { companyId: ethan.companyId, employeeId: ethan.employeeId, ...day };
    const tap = () =>
      api()
        .post('/api/clockIn')
        .set('authtoken', tokens['ethan.coordinator']!)
        .send({
          ...body,
          workplace: null,
          branch: null,
          fullName: 'Ethan Clarke',
          signinnote: 'Gate 2',
          signature: SIGNATURE,
        });
    const taps = await Promise.all([tap(), tap(), tap()]);
    expect(taps.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    expect(taps.find((res) => res.status === 409)!.body.response_message).toBe(
      messages.clockIn.alreadyClockedIn,
    );
    expect(
      await ctx.db.timesheetRecord.count({ where: { employeeId: ethan.employeeId!, signOutAt: null } }),
    ).toBe(1);
    const record = await ctx.db.timesheetRecord.findFirstOrThrow({
      where: { employeeId: ethan.employeeId!, signOutAt: null },
    });
    expect(record.signature).toBe(SIGNATURE);

    const state = await api()
      .post('/api/signInsToday')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send(body);
    expect(state.body.response_data).toMatchObject({ isSignedIn: 'yes' });
    expect(state.body.response_data.list).toHaveLength(1);
    expect(state.body.response_data.list[0]).toMatchObject({ SignoutTime: null, signinnote: 'Gate 2' });

    const out = await api().post('/api/clockOut').set('authtoken', tokens['ethan.coordinator']!).send(body);
    expect(out.status).toBe(200);
    expect(out.body.response_message).toBe(messages.clockIn.clockedOut);
    const after = await api()
      .post('/api/signInsToday')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send(body);
    expect(after.body.response_data.isSignedIn).toBe('no');
    expect(after.body.response_data.list[0].SignoutTime).not.toBeNull();

    const again = await api().post('/api/clockOut').set('authtoken', tokens['ethan.coordinator']!).send(body);
    expect(again.status).toBe(409);
    expect(again.body.response_message).toBe(messages.clockIn.notClockedIn);
  });

  it('keeps a shift across midnight open the next day, so it can be clocked out', async () => {
    const olivia = await userOf('olivia.admin');
    const now = new Date();
    const yesterdayEvening = new Date(now.getTime() - 20 * 3_600_000);
    await ctx.db.timesheetRecord.create({
      data: {
        companyId: olivia.companyId,
        employeeId: olivia.employeeId!,
        fullName: 'Olivia Bennett',
        signInAt: yesterdayEvening,
      },
    });
    const body = { companyId: olivia.companyId, employeeId: olivia.employeeId, ...dayIn(now, 0, 'UTC') };
    const state = await api().post('/api/signInsToday').set('authtoken', tokens['olivia.admin']!).send(body);
    expect(state.body.response_data.isSignedIn).toBe('yes');
    expect(state.body.response_data.openRecord.SigninTime).toBe(yesterdayEvening.toISOString());
    const out = await api().post('/api/clockOut').set('authtoken', tokens['olivia.admin']!).send(body);
    expect(out.status).toBe(200);
    const record = await ctx.db.timesheetRecord.findFirstOrThrow({
      where: { employeeId: olivia.employeeId! },
    });
    expect(record.signOutAt!.getTime()).toBeGreaterThan(yesterdayEvening.getTime());
  });

  it('refuses to clock out a record open longer than a shift, and leaves it to be corrected', async () => {
    const olivia = await userOf('olivia.admin');
    const now = new Date();
    const stale = await ctx.db.timesheetRecord.create({
      data: {
        companyId: olivia.companyId,
        employeeId: olivia.employeeId!,
        fullName: 'Olivia Bennett',
        signInAt: new Date(now.getTime() - (MAX_SHIFT_HOURS + 6) * 3_600_000),
      },
    });
    const body = { companyId: olivia.companyId, employeeId: olivia.employeeId, ...dayIn(now, 0, 'UTC') };
    const out = await api().post('/api/clockOut').set('authtoken', tokens['olivia.admin']!).send(body);
    expect(out.status).toBe(409);
    expect(out.body.response_message).toBe(messages.clockIn.missedClockOut);
    const kept = await ctx.db.timesheetRecord.findUniqueOrThrow({ where: { id: stale.id } });
    expect(kept.signOutAt).toBeNull();
    await ctx.db.timesheetRecord.delete({ where: { id: stale.id } });
  });

  it("counts a record in the day of the caller's time zone", async () => {
    const mia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'mia.employee' } });
    // 2026-03-10 20:00 UTC is the 10th in London and already the 11th in Sydney (UTC+11).
    const instant = new Date('2026-03-10T20:00:00.000Z');
    await ctx.db.timesheetRecord.create({
      data: {
        companyId: mia.companyId,
        employeeId: mia.employeeId!,
        fullName: 'Mia Torres',
        signInAt: instant,
        signOutAt: new Date('2026-03-10T22:00:00.000Z'),
      },
    });
    const ask = (day: ReturnType<typeof dayIn>) =>
      api()
        .post('/api/signInsToday')
        .set('authtoken', tokens['mia.employee']!)
        .send({ companyId: mia.companyId, employeeId: mia.employeeId, ...day });
    const london10 = await ask(dayIn(new Date('2026-03-10T12:00:00Z'), 0, 'Europe/London'));
    const sydney10 = await ask(dayIn(new Date('2026-03-10T02:00:00Z'), 11, 'Australia/Sydney'));
    const sydney11 = await ask(dayIn(new Date('2026-03-11T02:00:00Z'), 11, 'Australia/Sydney'));
    expect(london10.body.response_data.list).toHaveLength(1);
    expect(sydney10.body.response_data.list).toHaveLength(0);
    expect(sydney11.body.response_data.list).toHaveLength(1);
  });

  it('refuses day bounds that are not one day, an unknown time zone and another organisation', async () => {
    const ethan = await userOf('ethan.coordinator');
    const base = { companyId: ethan.companyId, employeeId: ethan.employeeId };
    const week = await api()
      .post('/api/signInsToday')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({
        ...base,
        startDate: '2026-11-01T00:00:00.000Z',
        endDate: '2026-11-08T00:00:00.000Z',
        localTimeZone: 'UTC',
      });
    expect(week.status).toBe(400);
    const zone = await api()
      .post('/api/signInsToday')
      .set('authtoken', tokens['ethan.coordinator']!)
      .send({ ...base, ...dayIn(new Date(), 0, 'Mars/Olympus') });
    expect(zone.status).toBe(400);
    const sam = await userOf('sam.southbank');
    const foreign = await api()
      .post('/api/clockIn')
      .set('authtoken', tokens['sam.southbank']!)
      .send({
        ...base,
        ...dayIn(new Date(), 0, 'UTC'),
        workplace: null,
        branch: null,
        fullName: 'x',
        signature: SIGNATURE,
        companyId: sam.companyId,
      });
    expect(foreign.status).toBe(404);
  });

  it('clocks in only with a signature drawn as a PNG', async () => {
    const mia = await userOf('mia.employee');
    const body = {
      companyId: mia.companyId,
      employeeId: mia.employeeId,
      ...dayIn(new Date(), 0, 'UTC'),
      workplace: null,
      branch: null,
      fullName: 'Mia Torres',
    };
    const clockIn = (extra: object) =>
      api()
        .post('/api/clockIn')
        .set('authtoken', tokens['mia.employee']!)
        .send({ ...body, ...extra });
    const unsigned = await clockIn({});
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.response_message).toBe(messages.clockIn.signatureRequired);
    for (const signature of ['data:image/jpeg;base64,/9j/4AAQ', 'not a picture', '']) {
      const wrong = await clockIn({ signature });
      expect(wrong.status).toBe(400);
      expect(wrong.body.response_message).toBe(timesheetMessages.signatureInvalid);
    }
    expect(
      await ctx.db.timesheetRecord.count({ where: { employeeId: mia.employeeId!, signOutAt: null } }),
    ).toBe(0);
  });
});
