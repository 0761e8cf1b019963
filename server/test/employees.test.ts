import { administrationMessages, employeeMessages as say, messages } from '@compass/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/plugins/auth';
import {
  apiCalls,
  DEMO_PASSWORD,
  setRoleKeys,
  setupTestApp,
  signIn,
  signInAll,
  type TestContext,
} from './helpers';

/** Human Resources > Employees: the list, create and invite, edit, unlock, deactivate. */
let ctx: TestContext;
let tokens: Record<string, string>;
let northwindId: string;
let southbankEmployeeId: string;
let olivia: { employeeId: string; roleId: string };

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  const admin = await ctx.db.user.findUniqueOrThrow({
    where: { username: 'olivia.admin' },
    include: { employee: true },
  });
  northwindId = admin.companyId;
  olivia = { employeeId: admin.employeeId!, roleId: admin.employee!.roleId! };
  const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
  // Mia's role (Restricted Employee) reads employee records; without hrEmployee she administers none.
  await setRoleKeys(ctx.db, 'mia.employee', { hrEmployee: false });
  southbankEmployeeId = sam.employeeId!;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

let serial = 0;
const newEmployee = (extra: object = {}) => {
  serial += 1;
  return {
    firstName: 'Nora',
    lastName: `Quinn${serial}`,
    email: `nora.quinn${serial}@northwind.example`,
    username: `nora.quinn${serial}`,
    ...extra,
  };
};

const invitationMails = (email: string) =>
  ctx.db.mailMessage.findMany({
    where: { toAddress: email, category: 'invitation' },
    orderBy: { createdAt: 'asc' },
  });

/** The token in the newest invitation mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mails = await invitationMails(email);
  const text = mails.at(-1)!.textBody;
  return /\/reset-password\/([\w-]+)/.exec(text)![1]!;
}

const CALLS: { path: string; body?: object }[] = [
  { path: 'employeeList', body: {} },
  { path: 'employeeDetails', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'employeeFormOptions' },
  { path: 'employeeSave', body: { firstName: 'No', lastName: 'Body', username: 'no.body.refused' } },
  { path: 'employeeInvite', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'employeeUnlock', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'employeeDeactivate', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'employeeReactivate', body: { _id: '00000000-0000-4000-8000-000000000000' } },
];

describe('who may call the employee administration', () => {
  it.each(CALLS)(
    '$path: 401 without a session, 403 without hrEmployee and for supplier callers',
    async ({ path, body }) => {
      expect((await call(null, path, body)).statusCode).toBe(401);
      const mia = await ctx.db.user.findUniqueOrThrow({
        where: { username: 'mia.employee' },
        include: { employee: { include: { role: true } } },
      });
      expect((mia.employee!.role!.access as Record<string, boolean>).hrEmployee).not.toBe(true);
      for (const as of ['mia.employee', 'liam.personnel', 'acme.supplier']) {
        if (!tokens[as]) tokens[as] = await signIn(ctx.app, as);
        expect((await call(as, path, body)).statusCode).toBe(403);
      }
      expect(await ctx.db.user.count({ where: { username: 'no.body.refused' } })).toBe(0);
    },
  );

  it.each([
    'employeeDetails',
    'employeeInvite',
    'employeeUnlock',
    'employeeDeactivate',
    'employeeReactivate',
  ])("%s: another organisation's employee is not found", async (path) => {
    expect((await call('olivia.admin', path, { _id: southbankEmployeeId })).statusCode).toBe(404);
  });
});

describe('employee list', () => {
  it('pages, searches by name, username and e-mail, and filters by status', async () => {
    const first = await data('olivia.admin', 'employeeList', { page: 1, pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBeGreaterThan(2);
    const second = await data('olivia.admin', 'employeeList', { page: 2, pageSize: 2 });
    expect(second.rows[0]._id).not.toBe(first.rows[0]._id);

    const byUsername = await data('olivia.admin', 'employeeList', { search: 'mia.employee' });
    expect(byUsername.rows.map((row: { username: string }) => row.username)).toEqual(['mia.employee']);
    const mia = byUsername.rows[0];
    const byFullName = await data('olivia.admin', 'employeeList', {
      search: `${mia.firstName} ${mia.lastName}`,
    });
    expect(byFullName.rows.map((row: { _id: string }) => row._id)).toContain(mia._id);
    expect(byUsername.rows[0]).toMatchObject({ status: 'active', role: expect.any(String) });

    const all = await data('olivia.admin', 'employeeList', { pageSize: 100 });
    expect(all.rows.every((row: { _id: string }) => row._id !== southbankEmployeeId)).toBe(true);
    const deactivated = await data('olivia.admin', 'employeeList', { status: 'deactivated', pageSize: 100 });
    expect(deactivated.rows.every((row: { status: string }) => row.status === 'deactivated')).toBe(true);
  });
  it('searches any part of the names, e-mail, employee number or username, its % and _ literally', async () => {
    const search = async (text: string) =>
      (await data('olivia.admin', 'employeeList', { search: text, pageSize: 100 })) as {
        rows: {
          _id: string;
          firstName: string;
          lastName: string;
          email: string | null;
          username: string | null;
        }[];
        total: number;
      };
    const mia = (await search('mia.employee')).rows[0]!;
    const mid = (text: string) => text.slice(1, -1);
    for (const part of [mid(mia.firstName), mid(mia.lastName).toUpperCase(), mid(mia.email!), 'ia.employe']) {
      expect((await search(part)).rows.map((row) => row._id)).toContain(mia._id);
    }
    // The first name's start with the last name's start; a part of the first name is not enough.
    expect((await search(`${mia.firstName.slice(0, 2)} ${mia.lastName.slice(0, 3)}`)).rows[0]?._id).toBe(
      mia._id,
    );
    expect((await search(`${mid(mia.firstName)} ${mia.lastName.slice(0, 3)}`)).total).toBe(0);
    const everyone = await data('olivia.admin', 'employeeList', { pageSize: 1 });
    expect(everyone.total).toBeGreaterThan(1);
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
    const numbered = await ctx.db.employee.findFirstOrThrow({
      where: { companyId: northwindId, employeeNumber: { not: null } },
    });
    const byNumber = await search(numbered.employeeNumber!);
    expect(byNumber.rows.map((row) => row._id)).toContain(numbered.id);
    expect(byNumber.total).toBe(byNumber.rows.length);
  });

  it('counts every match, and lists only the invited with a running invitation as invited', async () => {
    const body = newEmployee({ invite: true });
    const { _id } = await data('olivia.admin', 'employeeSave', body);
    const invited = await data('olivia.admin', 'employeeList', { status: 'invited', pageSize: 100 });
    expect(invited.rows.map((row: { _id: string }) => row._id)).toContain(_id);
    expect(invited.rows.every((row: { status: string }) => row.status === 'invited')).toBe(true);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: body.username } });
    await ctx.db.passwordResetToken.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const after = await data('olivia.admin', 'employeeList', { status: 'invited', pageSize: 100 });
    expect(after.rows.map((row: { _id: string }) => row._id)).not.toContain(_id);
    expect((await data('olivia.admin', 'employeeDetails', { _id })).status).toBe('notInvited');
    const all = await data('olivia.admin', 'employeeList', { pageSize: 1 });
    expect(all.total).toBe(await ctx.db.employee.count({ where: { companyId: northwindId } }));
  });
});

describe('creating and inviting an employee', () => {
  it('creates the employee and an account, mails a working invitation, and logs it', async () => {
    const options = await data('olivia.admin', 'employeeFormOptions');
    const workplace = options.workplaces[0];
    const body = newEmployee({
      roleId: options.roles[0]._id,
      positionId: options.positions[0]._id,
      workplaceId: workplace._id,
      branchId: workplace.branches[0]?._id ?? null,
      managerEmployeeId: olivia.employeeId,
      invite: true,
    });
    const res = await call('olivia.admin', 'employeeSave', body);
    expect(res.json().response_message).toBe(say.createdInvited);
    const { _id } = res.json().response_data;
    const details = await data('olivia.admin', 'employeeDetails', { _id });
    expect(details).toMatchObject({ username: body.username, status: 'invited', manager: 'Olivia Bennett' });

    const token = await invitationToken(body.email);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/resetPassword',
      payload: { token, password: 'Welcome@2026', confirmPassword: 'Welcome@2026' },
    });
    expect(set.json().response_message).toBe(messages.invitation.done);
    expect(await signIn(ctx.app, body.username, 'Welcome@2026')).toEqual(expect.any(String));
    expect((await data('olivia.admin', 'employeeDetails', { _id })).status).toBe('active');

    const log = await data('olivia.admin', 'changeLogList', { entityType: 'employee', entityId: _id });
    expect(log.list.map((entry: { action: string }) => entry.action)).toEqual(['invited', 'created']);
    expect(log.list[1].changes).toContainEqual({ field: 'manager', from: null, to: 'Olivia Bennett' });
  });

  it('resending replaces the earlier invitation', async () => {
    const body = newEmployee();
    const { _id } = await data('olivia.admin', 'employeeSave', body);
    expect((await data('olivia.admin', 'employeeDetails', { _id })).status).toBe('notInvited');
    await data('olivia.admin', 'employeeInvite', { _id });
    const first = await invitationToken(body.email);
    await data('olivia.admin', 'employeeInvite', { _id });
    const second = await invitationToken(body.email);
    expect(second).not.toBe(first);
    expect(await ctx.db.passwordResetToken.count({ where: { tokenHash: hashToken(first) } })).toBe(0);
    expect((await invitationMails(body.email)).length).toBe(2);
  });

  it('refuses a taken username (in any organisation), e-mail or employee number with 409, writing nothing', async () => {
    const count = await ctx.db.employee.count();
    for (const [extra, message] of [
      [{ username: 'SAM.southbank' }, say.usernameTaken],
      [{ email: 'mia.torres@northwind.example' }, say.emailTaken],
    ] as const) {
      const res = await call('olivia.admin', 'employeeSave', newEmployee(extra));
      expect(res.statusCode).toBe(409);
      expect(res.json().response_message).toBe(message);
    }
    expect(await ctx.db.employee.count()).toBe(count);
  });

  it('refuses bad input and references of another organisation with a clear message, writing nothing', async () => {
    const count = await ctx.db.employee.count();
    const southbankWorkplace = await ctx.db.workplace.findFirstOrThrow({
      where: { companyId: { not: northwindId } },
    });
    const cases: [object, string][] = [
      [{ firstName: ' ' }, say.firstNameRequired],
      [{ email: 'not-an-email' }, say.emailInvalid],
      [{ email: null, invite: true }, say.inviteNeedsEmail],
      [{ workplaceId: southbankWorkplace.id }, say.missing('workplace')],
      [{ managerEmployeeId: southbankEmployeeId }, say.missing('manager')],
      [{ roleId: '00000000-0000-4000-8000-000000000000' }, say.missing('role')],
    ];
    for (const [extra, message] of cases) {
      const res = await call('olivia.admin', 'employeeSave', newEmployee(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().response_message).toBe(message);
    }
    expect(await ctx.db.employee.count()).toBe(count);
  });

  it('refuses a manager chain that loops', async () => {
    const a = await data('olivia.admin', 'employeeSave', newEmployee());
    const bBody = newEmployee({ managerEmployeeId: a._id });
    const b = await data('olivia.admin', 'employeeSave', bBody);
    const aDetails = await data('olivia.admin', 'employeeDetails', { _id: a._id });
    const res = await call('olivia.admin', 'employeeSave', {
      _id: a._id,
      firstName: aDetails.firstName,
      lastName: aDetails.lastName,
      username: aDetails.username,
      managerEmployeeId: b._id,
    });
    expect(res.json().response_message).toBe(say.managerCycle);
  });
});

describe('locks and deactivation', () => {
  it('unlocks an account locked by failed sign-ins', async () => {
    const body = newEmployee();
    const { _id } = await data('olivia.admin', 'employeeSave', body);
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: body.username } });
    await ctx.db.signInThrottle.create({
      data: {
        account: `user:${user.id}`,
        address: '',
        failures: 10,
        lockedUntil: new Date(Date.now() + 3_600_000),
      },
    });
    expect((await data('olivia.admin', 'employeeDetails', { _id })).status).toBe('locked');
    await data('olivia.admin', 'employeeUnlock', { _id });
    expect(await ctx.db.signInThrottle.count({ where: { account: `user:${user.id}` } })).toBe(0);
  });

  it('deactivation ends open sessions at once and refuses sign-in with a clear message; reactivation restores it', async () => {
    const ethan = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ethan.coordinator' } });
    const session = await signIn(ctx.app, 'ethan.coordinator');
    expect((await call(session, 'dashboardList', {})).statusCode).toBe(200);
    await data('olivia.admin', 'employeeDeactivate', { _id: ethan.employeeId });
    expect((await call(session, 'dashboardList', {})).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/signIn',
      payload: { username: 'ethan.coordinator', password: DEMO_PASSWORD, appType: 'web' },
    });
    expect(refused.json().response_message).toBe(messages.common.accountDeactivated);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/signIn',
      payload: { username: 'ethan.coordinator', password: 'Wrong@1234', appType: 'web' },
    });
    expect(wrong.json().response_message).toBe(messages.common.invalidCredentials);
    const list = await data('olivia.admin', 'employeeList', { search: 'ethan.coordinator' });
    expect(list.rows[0].status).toBe('deactivated');

    await data('olivia.admin', 'employeeReactivate', { _id: ethan.employeeId });
    expect(await signIn(ctx.app, 'ethan.coordinator')).toEqual(expect.any(String));
  });

  it('an admin cannot deactivate themselves, nor the last administrator', async () => {
    const self = await call('olivia.admin', 'employeeDeactivate', { _id: olivia.employeeId });
    expect(self.json().response_message).toBe(say.deactivateSelf);
    // A second administrator tries to deactivate the only other one: refused while it is the last.
    const admins = await ctx.db.employee.findMany({
      where: {
        companyId: northwindId,
        isActive: true,
        role: { is: { access: { path: ['system'], equals: true } } },
      },
    });
    const others = admins.filter((admin) => admin.id !== olivia.employeeId);
    await ctx.db.employee.updateMany({
      where: { id: { in: others.map((admin) => admin.id) } },
      data: { isActive: false },
    });
    try {
      const body = newEmployee({ roleId: olivia.roleId });
      const helper = await data('olivia.admin', 'employeeSave', body);
      await ctx.db.user.update({
        where: { username: body.username },
        data: {
          passwordHash: (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } }))
            .passwordHash,
        },
      });
      tokens[body.username] = await signIn(ctx.app, body.username);
      await data(body.username, 'employeeDeactivate', { _id: olivia.employeeId });
      const last = await call('olivia.admin', 'employeeDeactivate', { _id: helper._id });
      expect(last.statusCode).toBe(401);
      const refused = await call(body.username, 'employeeSave', { _id: helper._id, ...body, roleId: null });
      expect(refused.json().response_message).toBe(administrationMessages.lastAdmin);
      await data(body.username, 'employeeReactivate', { _id: olivia.employeeId });
    } finally {
      await ctx.db.employee.updateMany({
        where: { id: { in: others.map((admin) => admin.id) } },
        data: { isActive: true },
      });
      tokens['olivia.admin'] = await signIn(ctx.app, 'olivia.admin');
    }
  });
});
