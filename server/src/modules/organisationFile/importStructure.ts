import type { TOrganisationFile } from '@compass/shared';
import { accessMapOf, allowedKeys } from '../administration';
import { lower, type ImportRun, type Tx } from './importRun';

export async function syncWorkplaces(run: ImportRun, tx: Tx, companyId: string, file: TOrganisationFile) {
  const ids = new Map<string, { id: string; branches: Map<string, string> }>();
  const stored = await tx.workplace.findMany({ where: { companyId }, include: { branches: true } });
  for (const [name, row] of stored.map((w) => [lower(w.name), w] as const))
    ids.set(name, { id: row.id, branches: new Map(row.branches.map((b) => [lower(b.name), b.id])) });
  for (const workplace of file.workplaces ?? []) {
    const found = stored.find((row) => lower(row.name) === lower(workplace.name)) ?? null;
    const saved = await run.sync(
      tx,
      companyId,
      'workplaces',
      'workplace',
      found,
      { name: workplace.name, active: workplace.active ?? true },
      (row) => ({ name: row.name, active: row.isActive }),
      {
        create: () =>
          tx.workplace.create({
            data: { companyId, name: workplace.name, isActive: workplace.active ?? true },
          }),
        update: (row) =>
          tx.workplace.update({
            where: { id: row.id },
            data: { name: workplace.name, isActive: workplace.active ?? true },
          }),
      },
    );
    const branches = new Map(found?.branches.map((b) => [lower(b.name), b.id]) ?? []);
    for (const branch of workplace.branches ?? []) {
      const foundBranch = found?.branches.find((row) => lower(row.name) === lower(branch.name)) ?? null;
      const savedBranch = await run.sync(
        tx,
        companyId,
        'branches',
        'branch',
        foundBranch,
        { name: branch.name, active: branch.active ?? true },
        (row) => ({ name: row.name, active: row.isActive }),
        {
          create: () =>
            tx.branch.create({
              data: {
                companyId,
                workplaceId: saved.id,
                name: branch.name,
                isActive: branch.active ?? true,
              },
            }),
          update: (row) =>
            tx.branch.update({
              where: { id: row.id },
              data: { name: branch.name, isActive: branch.active ?? true },
            }),
        },
      );
      branches.set(lower(branch.name), savedBranch.id);
    }
    ids.set(lower(workplace.name), { id: saved.id, branches });
  }
  return ids;
}

/** Positions: names only. */
export async function syncPositions(run: ImportRun, tx: Tx, companyId: string, names: string[]) {
  const stored = await tx.position.findMany({ where: { companyId } });
  const ids = new Map(stored.map((row) => [lower(row.name), row.id]));
  for (const name of names) {
    const found = stored.find((row) => lower(row.name) === lower(name)) ?? null;
    const saved = await run.sync(
      tx,
      companyId,
      'positions',
      'position',
      found,
      { name },
      (row) => ({ name: row.name }),
      {
        create: () => tx.position.create({ data: { companyId, name } }),
        update: (row) => tx.position.update({ where: { id: row.id }, data: { name } }),
      },
    );
    ids.set(lower(name), saved.id);
  }
  return ids;
}

export async function syncRoles(run: ImportRun, tx: Tx, companyId: string, file: TOrganisationFile) {
  const stored = await tx.role.findMany({ where: { companyId } });
  const ids = new Map(stored.map((row) => [lower(row.name), row.id]));
  for (const role of file.roles ?? []) {
    const found = stored.find((row) => lower(row.name) === lower(role.name)) ?? null;
    const keys = allowedKeys(accessMapOf(role.access));
    const saved = await run.sync(
      tx,
      companyId,
      'roles',
      'role',
      found,
      { name: role.name, access: keys },
      (row) => ({ name: row.name, access: allowedKeys(row.access) }),
      {
        create: () => tx.role.create({ data: { companyId, name: role.name, access: accessMapOf(keys) } }),
        update: (row) =>
          tx.role.update({ where: { id: row.id }, data: { name: role.name, access: accessMapOf(keys) } }),
      },
    );
    ids.set(lower(role.name), saved.id);
  }
  return ids;
}
