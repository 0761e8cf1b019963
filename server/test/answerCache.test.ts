import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCalls, setRoleKeys, setupTestApp, signInAll, type TestContext } from './helpers';

/**
 * The administration's option lists served from the answer cache (plugins/answerCache.ts): each is
 * the organisation's, and follows any committed change of what it reads, whoever wrote it (here
 * plain SQL, as another API process or a script would).
 */
let ctx: TestContext;
let tokens: Record<string, string>;
let northwind: string;
let southbank: string;

beforeAll(async () => {
  ctx = await setupTestApp();
  tokens = await signInAll(ctx.app);
  await setRoleKeys(ctx.db, 'mia.employee', { system: false, hrEmployee: false, supplier: false });
  northwind = (await ctx.db.user.findUniqueOrThrow({ where: { username: 'olivia.admin' } })).companyId;
  southbank = (await setRoleKeys(ctx.db, 'sam.southbank', { system: true, hrEmployee: true, supplier: true }))
    .companyId;
});

const { call, data } = apiCalls(
  () => ctx,
  () => tokens,
);

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('cached option lists', () => {
  it('workplaceList: a branch, a renamed workplace and a moved employee show on the next call', async () => {
    const before = await data('olivia.admin', 'workplaceList');
    const workplace = before.list[0];
    await ctx.db.$executeRaw`INSERT INTO "Branch" (id, "companyId", "workplaceId", name, "isActive")
      VALUES (${randomUUID()}::uuid, ${northwind}::uuid, ${workplace._id}::uuid, 'Branch by SQL', true)`;
    await ctx.db
      .$executeRaw`UPDATE "Workplace" SET name = 'Renamed by SQL' WHERE id = ${workplace._id}::uuid`;
    const mover = await ctx.db.employee.findFirstOrThrow({
      where: { companyId: northwind, isActive: true, workplaceId: { not: workplace._id } },
    });
    await ctx.db
      .$executeRaw`UPDATE "Employee" SET "workplaceId" = ${workplace._id}::uuid WHERE id = ${mover.id}::uuid`;

    const after = await data('olivia.admin', 'workplaceList');
    const changed = after.list.find((row: { _id: string }) => row._id === workplace._id);
    expect(changed.name).toBe('Renamed by SQL');
    expect(names(changed.branches)).toContain('Branch by SQL');
    expect(changed.employeeCount).toBe(workplace.employeeCount + 1);
  });

  it('employeeFormOptions: a role written by SQL shows on the next call, and is gone once deleted', async () => {
    expect(names((await data('olivia.admin', 'employeeFormOptions')).roles)).not.toContain('Role by SQL');
    const id = randomUUID();
    await ctx.db.$executeRaw`INSERT INTO "Role" (id, "companyId", name, access, "updatedAt")
      VALUES (${id}::uuid, ${northwind}::uuid, 'Role by SQL', '{}'::jsonb, now())`;
    expect(names((await data('olivia.admin', 'employeeFormOptions')).roles)).toContain('Role by SQL');
    await ctx.db.$executeRaw`DELETE FROM "Role" WHERE id = ${id}::uuid`;
    expect(names((await data('olivia.admin', 'employeeFormOptions')).roles)).not.toContain('Role by SQL');
  });

  it('supplierAssignmentOptions: a person made inactive by SQL is no longer offered', async () => {
    const before = await data('olivia.admin', 'supplierAssignmentOptions');
    const supplier = before.suppliers.find((row: { personnel: unknown[] }) => row.personnel.length > 0);
    const person = supplier.personnel[0];
    await ctx.db.$executeRaw`UPDATE "Personnel" SET "isActive" = false WHERE id = ${person._id}::uuid`;
    const after = await data('olivia.admin', 'supplierAssignmentOptions');
    const offered = after.suppliers.find((row: { _id: string }) => row._id === supplier._id);
    expect(offered.personnel.map((row: { _id: string }) => row._id)).not.toContain(person._id);
  });

  it("never serves one organisation's answer to another, and still refuses who may not call", async () => {
    for (const path of ['workplaceList', 'employeeFormOptions', 'supplierAssignmentOptions']) {
      await data('olivia.admin', path);
      const theirs = JSON.stringify(await data('sam.southbank', path));
      const ours = await ctx.db.workplace.findMany({ where: { companyId: northwind } });
      for (const workplace of ours) expect(theirs, path).not.toContain(workplace.id);
      const mine = await ctx.db.workplace.findMany({ where: { companyId: southbank } });
      if (path !== 'supplierAssignmentOptions') expect(theirs, path).toContain(mine[0]!.id);
      // Cached for the organisation, yet the caller checks run first on every call.
      expect((await call('mia.employee', path)).statusCode, path).toBe(403);
      expect((await call('liam.personnel', path)).statusCode, path).toBe(403);
      expect((await call(null, path)).statusCode, path).toBe(401);
    }
  });
});
