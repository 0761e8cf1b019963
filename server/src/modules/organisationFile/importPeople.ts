import type { TOrganisationFile } from '@compass/shared';
import type { Db } from '../../db/prisma';
import type { PasswordHasher } from '../auth';
import { positionJoined } from '../employees';
import { lower, type ImportRun, type Outcome, type Tx } from './importRun';

export async function hashPasswords(
  db: Db,
  passwords: PasswordHasher,
  file: TOrganisationFile,
): Promise<Map<string, string>> {
  const wanted = [
    ...(file.employees ?? []).map((e) => [e.username, e.password] as const),
    ...(file.suppliers ?? []).flatMap((s) => [
      ...(s.users ?? []).map((u) => [u.username, u.password] as const),
      ...(s.personnel ?? []).map((p) => [p.username, p.password] as const),
    ]),
  ].filter((entry): entry is readonly [string, string] => !!entry[0] && !!entry[1]);
  const existing = new Set(
    (
      await db.user.findMany({
        where: { username: { in: wanted.map(([username]) => username), mode: 'insensitive' } },
        select: { username: true },
      })
    ).map((user) => lower(user.username)),
  );
  const hashes = new Map<string, string>();
  // Initial passwords only: an account that exists keeps its own.
  for (const [username, password] of wanted)
    if (!existing.has(lower(username))) hashes.set(lower(username), await passwords.hash(password));
  return hashes;
}

export async function syncEmployees(
  run: ImportRun,
  tx: Tx,
  companyId: string,
  file: TOrganisationFile,
  refs: {
    workplaces: Map<string, { id: string; branches: Map<string, string> }>;
    positions: Map<string, string>;
    roles: Map<string, string>;
  },
  hashes: Map<string, string>,
) {
  const stored = await tx.employee.findMany({ where: { companyId }, include: { user: true } });
  const byKey = new Map<string, string>();
  for (const row of stored) {
    if (row.user) byKey.set(lower(row.user.username), row.id);
    if (row.employeeNumber) byKey.set(lower(row.employeeNumber), row.id);
  }
  const resolved: { employeeId: string; manager?: string; outcome: Outcome }[] = [];
  for (const employee of file.employees ?? []) {
    const found =
      stored.find(
        (row) =>
          (employee.username && row.user && lower(row.user.username) === lower(employee.username)) ||
          (employee.employeeNumber && row.employeeNumber === employee.employeeNumber) ||
          (!employee.username &&
            !employee.employeeNumber &&
            employee.email &&
            row.email &&
            lower(row.email) === lower(employee.email)),
      ) ?? null;
    const workplace = employee.workplace ? refs.workplaces.get(lower(employee.workplace)) : undefined;
    const data = {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email ?? null,
      employeeNumber: employee.employeeNumber ?? null,
      positionId: employee.position ? (refs.positions.get(lower(employee.position)) ?? null) : null,
      roleId: employee.role ? (refs.roles.get(lower(employee.role)) ?? null) : null,
      workplaceId: workplace?.id ?? null,
      branchId:
        employee.branch && workplace ? (workplace.branches.get(lower(employee.branch)) ?? null) : null,
      isActive: employee.active ?? true,
    };
    const before = run.counts.employees
      ? { ...run.counts.employees }
      : { created: 0, updated: 0, unchanged: 0 };
    const saved = await run.sync(
      tx,
      companyId,
      'employees',
      'employee',
      found,
      { ...data, username: employee.username ?? null },
      (row) => ({
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        employeeNumber: row.employeeNumber,
        positionId: row.positionId,
        roleId: row.roleId,
        workplaceId: row.workplaceId,
        branchId: row.branchId,
        isActive: row.isActive,
        username: row.user?.username ?? null,
      }),
      {
        create: async () => ({
          ...(await tx.employee.create({ data: { companyId, ...data } })),
          user: null,
        }),
        update: async (row) => ({
          ...(await tx.employee.update({ where: { id: row.id }, data })),
          user: row.user,
        }),
      },
    );
    const outcome: Outcome = (['created', 'updated', 'unchanged'] as const).find(
      (key) => run.counts.employees![key] > before[key],
    )!;
    if (employee.username)
      await syncUser(
        run,
        tx,
        companyId,
        { ...employee, username: employee.username },
        { employeeId: saved.id },
        saved.user ?? found?.user ?? null,
        hashes,
      );
    // After the account: a standing rule's mail goes to who signs in, a link to who does not.
    await positionJoined(tx, found, { ...saved, companyId }, null);
    if (employee.username) byKey.set(lower(employee.username), saved.id);
    if (employee.employeeNumber) byKey.set(lower(employee.employeeNumber), saved.id);
    resolved.push({ employeeId: saved.id, manager: employee.manager, outcome });
  }
  // Managers once everyone exists: a manager may come later in the file.
  for (const entry of resolved) {
    const managerId = entry.manager ? (byKey.get(lower(entry.manager)) ?? null) : null;
    const current = await tx.employee.findUniqueOrThrow({ where: { id: entry.employeeId } });
    if (current.managerEmployeeId === managerId) continue;
    await tx.employee.update({ where: { id: entry.employeeId }, data: { managerEmployeeId: managerId } });
    if (entry.outcome === 'unchanged') {
      run.counts.employees!.unchanged -= 1;
      run.counts.employees!.updated += 1;
    }
  }
  return byKey;
}

/** A sign-in account: created with the initial password (changed at first sign-in) or for an invitation. */
export async function syncUser(
  run: ImportRun,
  tx: Tx,
  companyId: string,
  person: { username: string; email?: string; active?: boolean },
  owner: { employeeId?: string; supplierId?: string; personnelId?: string },
  found: { id: string; username: string; email: string | null; isActive: boolean } | null,
  hashes: Map<string, string>,
) {
  const desired = {
    username: person.username,
    email: person.email ?? null,
    isActive: person.active ?? true,
  };
  const existing =
    found ??
    (await tx.user.findFirst({
      where: { companyId, username: { equals: person.username, mode: 'insensitive' } },
    }));
  await run.sync(
    tx,
    companyId,
    'accounts',
    null,
    existing,
    desired,
    (row) => ({ username: row.username, email: row.email, isActive: row.isActive }),
    {
      create: async () => {
        const passwordHash = hashes.get(lower(person.username)) ?? null;
        const user = await tx.user.create({
          data: {
            companyId,
            ...desired,
            userType: owner.employeeId ? 'employee' : 'supplier',
            employeeId: owner.employeeId ?? null,
            supplierId: owner.supplierId ?? null,
            personnelId: owner.personnelId ?? null,
            passwordHash,
            isForceUpdatePassword: passwordHash !== null,
          },
        });
        if (!passwordHash && desired.email && desired.isActive) run.invitees.push(user.id);
        return user;
      },
      update: (row) => tx.user.update({ where: { id: row.id }, data: desired }),
    },
  );
}

export async function syncSuppliers(
  run: ImportRun,
  tx: Tx,
  companyId: string,
  file: TOrganisationFile,
  hashes: Map<string, string>,
) {
  const stored = await tx.supplierCompany.findMany({
    where: { companyId },
    include: { personnel: { include: { user: true } }, users: true },
  });
  const ids = new Map(stored.map((row) => [lower(row.name), row.id]));
  for (const supplier of file.suppliers ?? []) {
    const found = stored.find((row) => lower(row.name) === lower(supplier.name)) ?? null;
    const data = {
      name: supplier.name,
      email: supplier.email ?? null,
      supplierPortal: supplier.supplierPortal ?? false,
      supplierAccess: supplier.supplierAccess ?? false,
      isActive: supplier.active ?? true,
    };
    const saved = await run.sync(
      tx,
      companyId,
      'suppliers',
      'supplierCompany',
      found,
      data,
      (row) => ({
        name: row.name,
        email: row.email,
        supplierPortal: row.supplierPortal,
        supplierAccess: row.supplierAccess,
        isActive: row.isActive,
      }),
      {
        create: () => tx.supplierCompany.create({ data: { companyId, ...data } }),
        update: (row) => tx.supplierCompany.update({ where: { id: row.id }, data }),
      },
    );
    ids.set(lower(supplier.name), saved.id);
    for (const user of supplier.users ?? []) {
      const foundUser =
        found?.users.find((row) => !row.personnelId && lower(row.username) === lower(user.username)) ?? null;
      await syncUser(run, tx, companyId, user, { supplierId: saved.id }, foundUser, hashes);
    }
    for (const person of supplier.personnel ?? []) {
      const foundPerson =
        found?.personnel.find(
          (row) =>
            (person.username && row.user && lower(row.user.username) === lower(person.username)) ||
            (person.email && row.email && lower(row.email) === lower(person.email)) ||
            (lower(row.firstName) === lower(person.firstName) &&
              lower(row.lastName) === lower(person.lastName)),
        ) ?? null;
      const personData = {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email ?? null,
        isActive: person.active ?? true,
      };
      const savedPerson = await run.sync(
        tx,
        companyId,
        'personnel',
        'personnel',
        foundPerson,
        personData,
        (row) => ({
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          isActive: row.isActive,
        }),
        {
          create: () => tx.personnel.create({ data: { companyId, supplierId: saved.id, ...personData } }),
          update: (row) => tx.personnel.update({ where: { id: row.id }, data: personData }),
        },
      );
      if (person.username)
        await syncUser(
          run,
          tx,
          companyId,
          { ...person, username: person.username },
          { supplierId: saved.id, personnelId: savedPerson.id },
          foundPerson?.user ?? null,
          hashes,
        );
    }
  }
  return ids;
}
