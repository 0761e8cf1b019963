import {
  ACCESS_KEYS,
  administrationMessages as adminSay,
  holdsAll,
  NO_RIGHTS,
  type AccessKey,
  type Rights,
} from '@compass/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { allowedKeys, readRights } from '../src/modules/administration/rights';
import { accessMapOf } from '../src/modules/administration/structure';
import { apiCalls, employeeOf, setupTestApp, signIn, type TestContext } from './helpers';

/**
 * Nobody raises their own rights (issue 39): no administration call, alone or in any sequence, lets
 * an employee give a right they do not hold, or take over an account that holds one.
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};
let companyId: string;
/** The seeded state every sequence starts from, whatever an earlier test (or a failed one) left. */
let state: Snapshot;
let roleIds: string[];
/** The targets' employee ids: a sequence may change their usernames. */
let targetIds: string[];

/** The demo employees, and one whose role has System Administration and HR but little else. */
const TARGETS = [
  'olivia.admin',
  'ethan.coordinator',
  'mia.employee',
  'noah.expired',
  'ava.dual',
  'lena.limited',
];
/** Who acts: every demo role that may reach an administration call, and the limited administrator. */
const ACTORS = ['olivia.admin', 'ethan.coordinator', 'mia.employee', 'lena.limited'];
const ROLES = ['Administrator', 'Coordinator', 'Restricted Employee', 'Limited Administrator'];
/** A mailbox and usernames the acting employee controls. */
const ATTACKER_EMAIL = 'taken.over@attacker.example';
const ATTACKER_USERNAME = 'taken.over';

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

beforeAll(async () => {
  ctx = await setupTestApp();
  const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
  companyId = olivia.companyId;
  const role = await ctx.db.role.create({
    data: { companyId, name: 'Limited Administrator', access: accessMapOf(['system', 'hr', 'hrEmployee']) },
  });
  const employee = await ctx.db.employee.create({
    data: {
      companyId,
      firstName: 'Lena',
      lastName: 'Limited',
      email: 'lena@northwind.example',
      roleId: role.id,
    },
  });
  await ctx.db.user.create({
    data: {
      companyId,
      username: 'lena.limited',
      email: 'lena@northwind.example',
      userType: 'employee',
      employeeId: employee.id,
      passwordHash: olivia.passwordHash,
    },
  });
  for (const username of ACTORS) tokens[username] = await signIn(ctx.app, username);
  state = await snapshot();
  roleIds = await Promise.all(ROLES.map(roleId));
  targetIds = await Promise.all(TARGETS.map(async (username) => (await employeeOf(ctx.db, username)).id));
});

const roleId = async (name: string) =>
  (await ctx.db.role.findFirstOrThrow({ where: { companyId, name } })).id;

/** An employeeSave body that keeps everything as stored, with `change` applied. */
async function saveBody(as: string, username: string, change: Record<string, unknown>) {
  const employee = await employeeOf(ctx.db, username);
  const details = await data(as, 'employeeDetails', { _id: employee.id });
  return {
    _id: details._id,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    username: details.username,
    employeeNumber: details.employeeNumber,
    positionId: details.positionId,
    roleId: details.roleId,
    workplaceId: details.workplaceId,
    branchId: details.branchId,
    managerEmployeeId: details.managerEmployeeId,
    ...change,
  };
}

/** A user's rights as stored: its employee's role, none when it or its employee is inactive. */
async function rightsOfUser(where: { username?: string; id?: string }): Promise<Rights> {
  const user = await ctx.db.user.findFirst({ where, include: { employee: true } });
  if (!user?.isActive || !user.employee?.isActive) return NO_RIGHTS;
  const rights = await readRights(ctx.db, { companyId, employeeId: null, accessKeys: new Set() });
  return rights.ofRole(user.employee.roleId);
}

/**
 * What the acting employee can reach: its own account, and every account whose sign-in e-mail or
 * username it now controls (a reset mail to its mailbox, or SSO by that address, signs in there).
 */
async function reachableRights(actor: string): Promise<Rights> {
  const users = await ctx.db.user.findMany({
    where: {
      companyId,
      OR: [{ username: actor }, { email: ATTACKER_EMAIL }, { username: { startsWith: ATTACKER_USERNAME } }],
    },
  });
  const all = await Promise.all(users.map((user) => rightsOfUser({ id: user.id })));
  return {
    keys: new Set(all.flatMap((rights) => [...rights.keys])),
    free: new Set(all.flatMap((rights) => [...rights.free])),
  };
}

describe('one rule for every administration write', () => {
  it("an HR key cannot give its holder's own account the Administrator role", async () => {
    const ethan = await employeeOf(ctx.db, 'ethan.coordinator');
    const response = await call(
      'ethan.coordinator',
      'employeeSave',
      await saveBody('olivia.admin', 'ethan.coordinator', { roleId: await roleId('Administrator') }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().response_message).toBe(adminSay.grantBeyondOwn);
    expect((await employeeOf(ctx.db, 'ethan.coordinator')).roleId).toBe(ethan.roleId);
  });

  it("an HR key cannot change an administrator's e-mail, username, role or account state", async () => {
    const before = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const mails = await ctx.db.mailMessage.count();
    for (const change of [
      { email: ATTACKER_EMAIL },
      { username: ATTACKER_USERNAME },
      { roleId: await roleId('Coordinator') },
    ]) {
      const response = await call(
        'ethan.coordinator',
        'employeeSave',
        await saveBody('olivia.admin', 'olivia.admin', change),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().response_message).toBe(adminSay.manageBeyondOwn);
    }
    const olivia = await employeeOf(ctx.db, 'olivia.admin');
    expect((await call('ethan.coordinator', 'employeeDeactivate', { _id: olivia.id })).statusCode).toBe(403);
    expect(await ctx.db.user.findUniqueOrThrow({ where: { id: before.id } })).toMatchObject({
      username: before.username,
      email: before.email,
      isActive: true,
    });
    expect(await ctx.db.mailMessage.count()).toBe(mails);
    // Its edit page says so before anyone tries.
    expect((await data('ethan.coordinator', 'employeeDetails', { _id: olivia.id })).mayManage).toBe(false);
    expect((await data('olivia.admin', 'employeeDetails', { _id: olivia.id })).mayManage).toBe(true);
  });

  it('System Administration is no exception: a role with it cannot be given keys its editor lacks', async () => {
    const limited = await roleId('Limited Administrator');
    const give = await call('lena.limited', 'roleSave', {
      _id: limited,
      name: 'Limited Administrator',
      access: ['system', 'hr', 'hrEmployee', 'risk'],
    });
    expect(give.statusCode).toBe(403);
    expect(give.json().response_message).toBe(adminSay.grantBeyondOwn);
    const create = await call('lena.limited', 'roleSave', { name: 'Everything', access: [...ACCESS_KEYS] });
    expect(create.statusCode).toBe(403);
    expect(await ctx.db.role.count({ where: { companyId, name: 'Everything' } })).toBe(0);
    expect(allowedKeys((await ctx.db.role.findUniqueOrThrow({ where: { id: limited } })).access)).toEqual([
      'hr',
      'hrEmployee',
      'system',
    ]);
    // Renaming a stronger role, keeping keys its editor lacks, gives nothing.
    const administrator = await ctx.db.role.findUniqueOrThrow({
      where: { id: await roleId('Administrator') },
    });
    const rename = await call('lena.limited', 'roleSave', {
      _id: administrator.id,
      name: 'Administrator',
      access: allowedKeys(administrator.access).filter((key) => key !== 'reportChart'),
    });
    expect(rename.statusCode).toBe(200);
    await ctx.db.role.update({ where: { id: administrator.id }, data: { access: administrator.access! } });
  });

  it("a change of an account's e-mail tells the old address, ends its sessions and voids its links", async () => {
    const token = await signIn(ctx.app, 'ava.dual');
    const ava = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ava.dual' } });
    await call(null, 'forgotPassword', { username: 'ava.dual' });
    expect(await ctx.db.passwordResetToken.count({ where: { userId: ava.id, usedAt: null } })).toBe(1);

    const saved = await call(
      'olivia.admin',
      'employeeSave',
      await saveBody('olivia.admin', 'ava.dual', { email: 'ava.new@northwind.example' }),
    );
    expect(saved.statusCode).toBe(200);
    const told = await ctx.db.mailMessage.findFirstOrThrow({
      where: { userId: ava.id, category: 'signInEmailChanged' },
    });
    expect(told.toAddress).toBe(ava.email);
    expect(told.textBody).toContain('ava.new@northwind.example');
    expect(told.textBody).toContain('Olivia Bennett');
    expect(await ctx.db.passwordResetToken.count({ where: { userId: ava.id, usedAt: null } })).toBe(0);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authtoken: token },
    });
    expect(after.statusCode).toBe(401);
    // The administrator's own session goes on.
    expect((await call('olivia.admin', 'employeeDetails', { _id: ava.employeeId })).statusCode).toBe(200);
  });

  it('an open invitation goes again, to the corrected address; the old link stops working', async () => {
    const created = await data('olivia.admin', 'employeeSave', {
      firstName: 'Ivy',
      lastName: 'Invited',
      email: 'ivy@typo.example',
      username: 'ivy.invited',
      invite: true,
    });
    const user = await ctx.db.user.findUniqueOrThrow({ where: { username: 'ivy.invited' } });
    const first = await ctx.db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    const saved = await call(
      'olivia.admin',
      'employeeSave',
      await saveBody('olivia.admin', 'ivy.invited', { email: 'ivy@northwind.example' }),
    );
    expect(saved.json().response_message).toBe(
      'Employee saved. The open invitation was sent again, to the new e-mail address.',
    );
    expect(await ctx.db.passwordResetToken.findUnique({ where: { id: first.id } })).toBeNull();
    const invitations = await ctx.db.mailMessage.findMany({
      where: { userId: user.id, category: 'invitation' },
      orderBy: { createdAt: 'asc' },
    });
    expect(invitations.map((mail) => mail.toAddress)).toEqual(['ivy@typo.example', 'ivy@northwind.example']);
    expect(created._id).toBe(user.employeeId);
  });
});

/** The stored state a sequence may change, put back before the next one. */
interface Snapshot {
  roles: { id: string; name: string; access: unknown }[];
  employees: { id: string; roleId: string | null; email: string | null; isActive: boolean }[];
  users: { id: string; username: string; email: string | null; isActive: boolean }[];
}

async function snapshot(): Promise<Snapshot> {
  const [roles, employees, users] = await Promise.all([
    ctx.db.role.findMany({ where: { companyId }, select: { id: true, name: true, access: true } }),
    ctx.db.employee.findMany({
      where: { companyId },
      select: { id: true, roleId: true, email: true, isActive: true },
    }),
    ctx.db.user.findMany({
      where: { companyId },
      select: { id: true, username: true, email: true, isActive: true },
    }),
  ]);
  return { roles, employees, users };
}

async function restore(state: Snapshot, actor: string) {
  await ctx.db.$transaction(async (tx) => {
    for (const user of state.users)
      await tx.user.update({
        where: { id: user.id },
        data: { username: user.username, email: user.email, isActive: user.isActive },
      });
    for (const role of state.roles)
      await tx.role.update({ where: { id: role.id }, data: { name: role.name, access: role.access! } });
    for (const employee of state.employees)
      await tx.employee.update({
        where: { id: employee.id },
        data: { roleId: employee.roleId, email: employee.email, isActive: employee.isActive },
      });
    await tx.user.deleteMany({ where: { companyId, id: { notIn: state.users.map((row) => row.id) } } });
    await tx.employee.deleteMany({
      where: { companyId, id: { notIn: state.employees.map((row) => row.id) } },
    });
    await tx.role.deleteMany({ where: { companyId, id: { notIn: state.roles.map((row) => row.id) } } });
    const user = await tx.user.findUniqueOrThrow({ where: { username: actor } });
    await tx.session.updateMany({ where: { userId: user.id }, data: { revokedAt: null } });
  });
}

type Command =
  | { kind: 'employeeSave'; target: number; role: number | null | 'same'; email: boolean; username: boolean }
  | { kind: 'employeeCreate'; role: number | null }
  | {
      kind: 'employeeDeactivate' | 'employeeReactivate' | 'employeeInvite' | 'employeeUnlock';
      target: number;
    }
  | { kind: 'roleSave'; role: number; keys: AccessKey[] }
  | { kind: 'roleCreate'; keys: AccessKey[] };

const target = fc.nat({ max: TARGETS.length - 1 });
const keys = fc.subarray([...ACCESS_KEYS]);
const COMMAND: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('employeeSave' as const),
    target,
    role: fc.oneof(fc.constant('same' as const), fc.constant(null), fc.nat({ max: 7 })),
    email: fc.boolean(),
    username: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('employeeCreate' as const), role: fc.option(fc.nat({ max: 7 })) }),
  fc.record({
    kind: fc.constantFrom(
      'employeeDeactivate' as const,
      'employeeReactivate' as const,
      'employeeInvite' as const,
      'employeeUnlock' as const,
    ),
    target,
  }),
  fc.record({ kind: fc.constant('roleSave' as const), role: fc.nat({ max: 7 }), keys }),
  fc.record({ kind: fc.constant('roleCreate' as const), keys }),
);

const tried = { sequences: 0, calls: 0, refused: 0 };

/** Sends one command as the actor; roles made during the sequence join the pool commands pick from. */
async function run(actor: string, command: Command, roles: string[]) {
  const pick = (index: number) => roles[index % roles.length]!;
  const employee =
    'target' in command
      ? await ctx.db.employee.findUniqueOrThrow({ where: { id: targetIds[command.target]! } })
      : null;
  let response;
  switch (command.kind) {
    case 'employeeSave': {
      const stored = employee!;
      const change: Record<string, unknown> = {};
      if (command.role !== 'same') change.roleId = command.role === null ? null : pick(command.role);
      if (command.email) change.email = ATTACKER_EMAIL;
      if (command.username) change.username = `${ATTACKER_USERNAME}.${tried.calls}`;
      response = await call(actor, 'employeeSave', {
        _id: stored.id,
        firstName: stored.firstName,
        lastName: stored.lastName,
        email: stored.email,
        username: (await ctx.db.user.findUniqueOrThrow({ where: { employeeId: stored.id } })).username,
        roleId: stored.roleId,
        workplaceId: stored.workplaceId,
        branchId: stored.branchId,
        ...change,
      });
      break;
    }
    case 'employeeCreate':
      response = await call(actor, 'employeeSave', {
        firstName: 'Mallory',
        lastName: `Made ${tried.calls}`,
        email: tried.calls % 2 ? ATTACKER_EMAIL : null,
        username: `${ATTACKER_USERNAME}.${tried.calls}`,
        roleId: command.role === null ? null : pick(command.role),
        invite: false,
      });
      break;
    case 'roleSave': {
      const id = pick(command.role);
      const role = await ctx.db.role.findUniqueOrThrow({ where: { id } });
      response = await call(actor, 'roleSave', { _id: id, name: role.name, access: command.keys });
      break;
    }
    case 'roleCreate':
      response = await call(actor, 'roleSave', { name: `Made ${tried.calls}`, access: command.keys });
      if (response.statusCode === 200) roles.push(response.json().response_data._id);
      break;
    default:
      response = await call(actor, command.kind, { _id: employee!.id });
  }
  tried.calls++;
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode !== 200) tried.refused++;
}

describe('property: no sequence of administration calls raises the caller’s rights', () => {
  it.each(ACTORS)('as %s', async (actor) => {
    onTestFinished(() => restore(state, actor));
    await fc.assert(
      fc.asyncProperty(fc.array(COMMAND, { minLength: 1, maxLength: 6 }), async (commands) => {
        await restore(state, actor);
        const before = await rightsOfUser({ username: actor });
        const roles = [...roleIds];
        for (const command of commands) await run(actor, command, roles);
        tried.sequences++;
        const after = await reachableRights(actor);
        expect(holdsAll(before, after), `${actor} reached ${[...after.keys].join(', ')}`).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('tried sequences and calls (figures for docs/security.md)', async ({ annotate }) => {
    await annotate(`${tried.sequences} sequences, ${tried.calls} calls, ${tried.refused} refused`);
    expect(tried.sequences).toBeGreaterThanOrEqual(ACTORS.length * 40);
  });
});
