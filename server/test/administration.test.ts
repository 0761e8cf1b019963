import { ACCESS_KEYS, administrationMessages as say } from '@compass/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/** Organisation profile, SSO settings, workplaces and branches, positions and roles. */
let ctx: TestContext;
let tokens: Record<string, string>;
let southbank: { workplaceId: string; roleId: string; positionId: string; branchId: string };

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  // Mia's role (Restricted Employee) lacks system; without hrPosition too, she is refused every call here.
  await setRoleKeys(ctx.db, 'mia.employee', { hrPosition: false });
  const sam = await ctx.db.user.findUniqueOrThrow({ where: { username: 'sam.southbank' } });
  const workplace = await ctx.db.workplace.findFirstOrThrow({ where: { companyId: sam.companyId } });
  const branch = await ctx.db.branch.create({
    data: { companyId: sam.companyId, workplaceId: workplace.id, name: 'Southbank branch' },
  });
  const role = await ctx.db.role.findFirstOrThrow({ where: { companyId: sam.companyId } });
  const position = await ctx.db.position.create({
    data: { companyId: sam.companyId, name: 'Southbank position' },
  });
  southbank = { workplaceId: workplace.id, roleId: role.id, positionId: position.id, branchId: branch.id };
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

/** Every call of the area with a harmless body, and the key it needs. */
const CALLS: { path: string; key: string; body?: object }[] = [
  { path: 'organisationProfile', key: 'system' },
  { path: 'organisationProfileUpdate', key: 'system', body: { name: 'X', timeZone: 'UTC' } },
  { path: 'organisationLogoDelete', key: 'system' },
  {
    path: 'ssoSettingsUpdate',
    key: 'system',
    body: { provider: 'google', issuer: 'https://accounts.google.com', clientId: 'c', isEnabled: false },
  },
  { path: 'workplaceList', key: 'system' },
  { path: 'workplaceSave', key: 'system', body: { name: 'Nope', isActive: true } },
  { path: 'workplaceDelete', key: 'system', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  {
    path: 'branchSave',
    key: 'system',
    body: { workplaceId: '00000000-0000-4000-8000-000000000000', name: 'B', isActive: true },
  },
  { path: 'branchDelete', key: 'system', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'positionList', key: 'hrPosition' },
  { path: 'positionSave', key: 'hrPosition', body: { name: 'Nope' } },
  { path: 'positionDelete', key: 'hrPosition', body: { _id: '00000000-0000-4000-8000-000000000000' } },
  { path: 'roleList', key: 'system' },
  { path: 'roleSave', key: 'system', body: { name: 'Nope', access: [] } },
  { path: 'roleDelete', key: 'system', body: { _id: '00000000-0000-4000-8000-000000000000' } },
];

describe('who may call administration', () => {
  it.each(CALLS)(
    '$path: 401 without a session, 403 for a role without $key and for supplier callers',
    async ({ path, body }) => {
      expect((await call(null, path, body)).statusCode).toBe(401);
      for (const as of ['mia.employee', 'liam.personnel']) {
        const res = await call(as, path, body);
        expect(res.statusCode).toBe(403);
      }
      expect(await ctx.db.workplace.count({ where: { name: 'Nope' } })).toBe(0);
      expect(await ctx.db.role.count({ where: { name: 'Nope' } })).toBe(0);
    },
  );
});

describe('organisation profile', () => {
  it('changes name, time zone and mail sender name, and logs the change', async () => {
    const before = await data('olivia.admin', 'organisationProfile');
    const saved = await data('olivia.admin', 'organisationProfileUpdate', {
      name: before.name,
      timeZone: 'Australia/Sydney',
      mailSenderName: 'Northwind Safety',
      headerTitle: null,
    });
    expect(saved).toMatchObject({ timeZone: 'Australia/Sydney', mailSenderName: 'Northwind Safety' });
    const log = await data('olivia.admin', 'changeLogList', {
      entityType: 'organisation',
      entityId: before._id,
    });
    expect(log.list[0].changedBy).toBe('Olivia Bennett');
    expect(log.list[0].changes).toContainEqual({
      field: 'timeZone',
      from: before.timeZone,
      to: 'Australia/Sydney',
    });
  });

  it('refuses an unknown time zone and an empty name, changing nothing', async () => {
    const before = await data('olivia.admin', 'organisationProfile');
    for (const body of [
      { name: 'X', timeZone: 'Mars/Olympus' },
      { name: '  ', timeZone: 'UTC' },
    ]) {
      const res = await call('olivia.admin', 'organisationProfileUpdate', body);
      expect(res.statusCode).toBe(400);
      expect([say.timeZoneInvalid, say.nameRequired]).toContain(res.json().response_message);
    }
    expect(await data('olivia.admin', 'organisationProfile')).toEqual(before);
  });

  it('stores an uploaded logo resized to 512 px, serves it publicly, and shows it in the permissions', async () => {
    const big = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#1f5fbf' } })
      .jpeg()
      .toBuffer();
    const boundary = 'logo-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      big,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/organisationLogoUpload',
      headers: {
        authtoken: tokens['olivia.admin']!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const logo = upload.json().response_data.logo as string;
    expect(logo).toMatch(/^\/api\/organisationLogo\/[0-9a-f-]+\?v=/);
    const served = await ctx.app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(512);
    const permissions = await ctx.app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authtoken: tokens['mia.employee']! },
    });
    expect(permissions.json().response_data.companyLogo).toBe(logo);

    const notImage = await ctx.app.inject({
      method: 'POST',
      url: '/api/organisationLogoUpload',
      headers: {
        authtoken: tokens['olivia.admin']!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\nnot an image\r\n--${boundary}--\r\n`,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().response_message).toBe(say.logoType);

    expect((await data('olivia.admin', 'organisationLogoDelete')).logo).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
  });

  it('stores the SSO client secret sealed, never answers it, and keeps it when the field is left empty', async () => {
    const secret = 'super-secret-client-value-42';
    const body = {
      provider: 'microsoft',
      issuer: 'https://login.microsoftonline.com/tenant/v2.0',
      clientId: 'client-1',
      isEnabled: true,
    };
    const first = await call('olivia.admin', 'ssoSettingsUpdate', { ...body, clientSecret: secret });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.body).not.toContain(secret);
    expect(first.json().response_data.sso).toContainEqual({ ...body, hasClientSecret: true });
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const row = await ctx.db.ssoProvider.findUniqueOrThrow({
      where: { companyId_provider: { companyId: olivia.companyId, provider: 'microsoft' } },
    });
    expect(row.clientSecret).toMatch(/^enc:v1:/);
    expect(ctx.app.secrets.open(row.clientSecret)).toBe(secret);

    await data('olivia.admin', 'ssoSettingsUpdate', { ...body, clientId: 'client-2', clientSecret: '' });
    const kept = await ctx.db.ssoProvider.findUniqueOrThrow({ where: { id: row.id } });
    expect(ctx.app.secrets.open(kept.clientSecret)).toBe(secret);
    for (const path of ['organisationProfile', 'changeLogList']) {
      const res = await call('olivia.admin', path, {
        entityType: 'organisation',
        entityId: olivia.companyId,
      });
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(row.clientSecret);
    }
  });

  it('refuses a first SSO set-up without a secret, and an issuer that is not https', async () => {
    const google = {
      provider: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'g',
      isEnabled: true,
    };
    const noSecret = await call('olivia.admin', 'ssoSettingsUpdate', google);
    expect(noSecret.json().response_message).toBe(say.ssoSecretRequired);
    const plain = await call('olivia.admin', 'ssoSettingsUpdate', {
      ...google,
      issuer: 'http://evil.example',
      clientSecret: 's',
    });
    expect(plain.json().response_message).toBe(say.ssoIssuerInvalid);
    expect(await ctx.db.ssoProvider.count({ where: { provider: 'google', clientId: 'g' } })).toBe(0);
  });
});

describe('workplaces and branches', () => {
  it('creates, renames and deactivates a workplace and a branch, refusing duplicates', async () => {
    const { _id } = await data('olivia.admin', 'workplaceSave', { name: 'Harbour Depot', isActive: true });
    const duplicate = await call('olivia.admin', 'workplaceSave', { name: 'harbour depot', isActive: true });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().response_message).toBe(say.workplaceExists);
    const branch = await data('olivia.admin', 'branchSave', {
      workplaceId: _id,
      name: 'Gate 1',
      isActive: true,
    });
    expect(
      (await call('olivia.admin', 'branchSave', { workplaceId: _id, name: 'Gate 1', isActive: true })).json()
        .response_message,
    ).toBe(say.branchExists);
    await data('olivia.admin', 'workplaceSave', { _id, name: 'Harbour Depot North', isActive: false });
    const list = (await data('olivia.admin', 'workplaceList')).list;
    expect(list.find((row: { _id: string }) => row._id === _id)).toMatchObject({
      name: 'Harbour Depot North',
      isActive: false,
      branches: [{ _id: branch._id, name: 'Gate 1', isActive: true }],
    });
    const log = await data('olivia.admin', 'changeLogList', { entityType: 'workplace', entityId: _id });
    expect(log.list.map((entry: { action: string }) => entry.action)).toEqual(['updated', 'created']);
  });

  it('refuses to delete a workplace in use, naming why; deletes an unused one with its branches', async () => {
    const used = await ctx.db.employee.findFirstOrThrow({
      where: { workplaceId: { not: null }, user: { username: 'mia.employee' } },
    });
    const res = await call('olivia.admin', 'workplaceDelete', { _id: used.workplaceId });
    expect(res.statusCode).toBe(409);
    expect(res.json().response_message).toMatch(/cannot be deleted: \d+ employee/);
    expect(await ctx.db.workplace.count({ where: { id: used.workplaceId! } })).toBe(1);

    const { _id } = await data('olivia.admin', 'workplaceSave', { name: 'Temporary Yard', isActive: true });
    await data('olivia.admin', 'branchSave', { workplaceId: _id, name: 'Only branch', isActive: true });
    await data('olivia.admin', 'workplaceDelete', { _id });
    expect(await ctx.db.workplace.count({ where: { id: _id } })).toBe(0);
    expect(await ctx.db.branch.count({ where: { workplaceId: _id } })).toBe(0);
  });

  it('reads a change log only with the key of the record', async () => {
    const olivia = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const body = { entityType: 'organisation', entityId: olivia.companyId };
    expect((await call('mia.employee', 'changeLogList', body)).statusCode).toBe(403);
    expect((await call('olivia.admin', 'changeLogList', body)).statusCode).toBe(200);
    const bad = await call('olivia.admin', 'changeLogList', {
      entityType: 'spaceship',
      entityId: olivia.companyId,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("reads a record's log newest first with who: a person's name, an account's username, the organisation file", async () => {
    const olivia = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'olivia.admin' },
      include: { employee: true },
    });
    const { _id } = await data('olivia.admin', 'workplaceSave', { name: 'Logged Yard', isActive: true });
    expect(
      (await data('olivia.admin', 'changeLogList', { entityType: 'workplace', entityId: _id })).list,
    ).toHaveLength(1);
    const account = await ctx.db.user.findFirstOrThrow({
      where: { companyId: olivia.companyId, employeeId: null },
    });
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
    await ctx.db.changeLog.createMany({
      data: [
        {
          companyId: olivia.companyId,
          entityType: 'workplace',
          entityId: _id,
          userId: account.id,
          action: 'renamed',
          changes: { name: ['A', 'B'] },
          createdAt: at(60),
        },
        {
          companyId: olivia.companyId,
          entityType: 'workplace',
          entityId: _id,
          userId: null,
          action: 'imported',
          changes: {},
          createdAt: at(120),
        },
      ],
    });
    const log = await data('olivia.admin', 'changeLogList', { entityType: 'workplace', entityId: _id });
    expect(
      log.list.map((entry: { action: string; changedBy: string }) => [entry.action, entry.changedBy]),
    ).toEqual([
      ['imported', 'Organisation file'],
      ['renamed', account.username],
      ['created', `${olivia.employee!.firstName} ${olivia.employee!.lastName}`],
    ]);
    expect(log.list[1].changes).toEqual([{ field: 'name', from: 'A', to: 'B' }]);
    const role = await ctx.db.role.findFirstOrThrow({ where: { companyId: olivia.companyId } });
    expect(
      (await call('olivia.admin', 'changeLogList', { entityType: 'role', entityId: role.id })).statusCode,
    ).toBe(200);
    for (const [entityType, entityId] of [
      ['role', southbank.roleId],
      ['position', southbank.positionId],
      ['branch', southbank.branchId],
      ['organisation', southbank.workplaceId],
    ] as const) {
      expect((await call('olivia.admin', 'changeLogList', { entityType, entityId })).statusCode).toBe(404);
    }
  });

  it("answers another organisation's workplace or branch as not found, changing nothing", async () => {
    for (const [path, body] of [
      ['workplaceSave', { _id: southbank.workplaceId, name: 'Taken over', isActive: true }],
      ['workplaceDelete', { _id: southbank.workplaceId }],
      ['branchSave', { workplaceId: southbank.workplaceId, name: 'Sneaky', isActive: true }],
      ['branchDelete', { _id: southbank.branchId }],
      ['changeLogList', { entityType: 'workplace', entityId: southbank.workplaceId }],
    ] as const) {
      expect((await call('olivia.admin', path, body)).statusCode).toBe(404);
    }
    expect(await ctx.db.workplace.count({ where: { id: southbank.workplaceId, name: 'Taken over' } })).toBe(
      0,
    );
    expect(await ctx.db.branch.count({ where: { id: southbank.branchId } })).toBe(1);
  });
});

describe('positions', () => {
  it('creates, renames and deletes a position; one that employees hold cannot be deleted', async () => {
    const { _id } = await data('olivia.admin', 'positionSave', { name: 'Forklift Driver' });
    await data('olivia.admin', 'positionSave', { _id, name: 'Forklift Operator' });
    expect((await call('olivia.admin', 'positionSave', { name: 'forklift operator' })).statusCode).toBe(409);
    await data('olivia.admin', 'positionDelete', { _id });
    const held = await ctx.db.employee.findFirstOrThrow({
      where: {
        positionId: { not: null },
        companyId: (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } })).companyId,
      },
    });
    const res = await call('olivia.admin', 'positionDelete', { _id: held.positionId });
    expect(res.statusCode).toBe(409);
    expect(res.json().response_message).toMatch(/cannot be deleted/);
    expect((await call('olivia.admin', 'positionDelete', { _id: southbank.positionId })).statusCode).toBe(
      404,
    );
  });

  it("counts each position's and role's active employees of the organisation only", async () => {
    const { companyId } = await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } });
    const active = { companyId, isActive: true };
    const byPosition = await ctx.db.employee.groupBy({
      by: ['positionId'],
      where: active,
      _count: { _all: true },
    });
    const byRole = await ctx.db.employee.groupBy({ by: ['roleId'], where: active, _count: { _all: true } });
    const positions = (await data('olivia.admin', 'positionList')).list as {
      _id: string;
      employeeCount: number;
    }[];
    const roles = (await data('olivia.admin', 'roleList')).list as { _id: string; memberCount: number }[];
    const counted = (rows: { _count: { _all: number } }[], id: (row: never) => string | null, of: string) =>
      rows.find((row) => id(row as never) === of)?._count._all ?? 0;
    expect(positions.length).toBeGreaterThan(1);
    for (const row of positions)
      expect(row.employeeCount).toBe(
        counted(byPosition, (r: { positionId: string | null }) => r.positionId, row._id),
      );
    for (const row of roles)
      expect(row.memberCount).toBe(counted(byRole, (r: { roleId: string | null }) => r.roleId, row._id));
    expect(positions.some((row) => row.employeeCount > 0)).toBe(true);

    // A deactivated employee leaves the counts.
    const held = await ctx.db.employee.findFirstOrThrow({
      where: {
        ...active,
        positionId: { not: null },
        roleId: { not: null },
        user: { username: { not: 'olivia.admin' } },
      },
    });
    const before = positions.find((row) => row._id === held.positionId)!.employeeCount;
    const members = roles.find((row) => row._id === held.roleId)!.memberCount;
    await ctx.db.employee.update({ where: { id: held.id }, data: { isActive: false } });
    const after = (await data('olivia.admin', 'positionList')).list.find(
      (row: { _id: string }) => row._id === held.positionId,
    );
    const role = (await data('olivia.admin', 'roleList')).list.find(
      (row: { _id: string }) => row._id === held.roleId,
    );
    await ctx.db.employee.update({ where: { id: held.id }, data: { isActive: true } });
    expect(after.employeeCount).toBe(before - 1);
    expect(role.memberCount).toBe(members - 1);
  });
});

describe('roles and their access keys', () => {
  it('creates a role with chosen keys; an unknown key or an empty name is refused', async () => {
    const { _id } = await data('olivia.admin', 'roleSave', {
      name: 'Depot Staff',
      access: ['formSubmission', 'formSubmissionNewSubmission'],
    });
    const role = (await data('olivia.admin', 'roleList')).list.find(
      (row: { _id: string }) => row._id === _id,
    );
    expect(role).toMatchObject({
      name: 'Depot Staff',
      access: ['formSubmission', 'formSubmissionNewSubmission'],
      memberCount: 0,
    });
    const stored = await ctx.db.role.findUniqueOrThrow({ where: { id: _id } });
    expect(Object.keys(stored.access as object)).toHaveLength(ACCESS_KEYS.length);

    const unknown = await call('olivia.admin', 'roleSave', {
      name: 'Bad',
      access: ['formSubmission', 'launchRockets'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().response_message).toBe('Unknown access key: launchRockets');
    const empty = await call('olivia.admin', 'roleSave', { name: ' ', access: [] });
    expect(empty.json().response_message).toBe(say.nameRequired);
    expect(await ctx.db.role.count({ where: { name: 'Bad' } })).toBe(0);
    expect((await call('olivia.admin', 'roleSave', { name: 'depot staff', access: [] })).statusCode).toBe(
      409,
    );
  });

  it('an admin cannot take System Administration from their own role', async () => {
    const olivia = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'olivia.admin' },
      include: { employee: { include: { role: true } } },
    });
    const role = olivia.employee!.role!;
    const keys = ACCESS_KEYS.filter((key) => key !== 'system');
    const res = await call('olivia.admin', 'roleSave', { _id: role.id, name: role.name, access: keys });
    expect(res.statusCode).toBe(409);
    expect(res.json().response_message).toBe(say.ownSystemAccess);
    expect((await ctx.db.role.findUniqueOrThrow({ where: { id: role.id } })).access).toEqual(role.access);
  });

  it('a role change reaches its members on their next call', async () => {
    const mia = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'mia.employee' },
      include: { employee: { include: { role: true } } },
    });
    const role = mia.employee!.role!;
    const before = (await data('olivia.admin', 'roleList')).list.find(
      (row: { _id: string }) => row._id === role.id,
    );
    expect((await call('mia.employee', 'workplaceList')).statusCode).toBe(403);
    try {
      await data('olivia.admin', 'roleSave', {
        _id: role.id,
        name: role.name,
        access: [...before.access, 'system'],
      });
      expect((await call('mia.employee', 'workplaceList')).statusCode).toBe(200);
    } finally {
      await data('olivia.admin', 'roleSave', { _id: role.id, name: role.name, access: before.access });
    }
    expect((await call('mia.employee', 'workplaceList')).statusCode).toBe(403);
    const log = await data('olivia.admin', 'changeLogList', { entityType: 'role', entityId: role.id });
    expect(log.list[0].changes).toContainEqual(expect.objectContaining({ field: 'access' }));
  });

  it("refuses to delete a role with members, and answers another organisation's role as not found", async () => {
    const mia = await ctx.db.user.findUniqueOrThrow({
      where: { username: 'mia.employee' },
      include: { employee: true },
    });
    const res = await call('olivia.admin', 'roleDelete', { _id: mia.employee!.roleId });
    expect(res.statusCode).toBe(409);
    expect(res.json().response_message).toMatch(/cannot be deleted: \d+ employee/);
    expect(
      (await call('olivia.admin', 'roleSave', { _id: southbank.roleId, name: 'Mine now', access: [] }))
        .statusCode,
    ).toBe(404);
    expect((await call('olivia.admin', 'roleDelete', { _id: southbank.roleId })).statusCode).toBe(404);
  });
});
