import type { AssetStatus, TFileAsset, TOrganisationFile } from '@compass/shared';
import { sql, uuid } from '../../db/sql';
import { organisationToday } from '../../plugins/organisationDay';
import { followAssetChange } from '../maintenanceSchedule';
import type { Asset } from '../../generated/prisma/client';
import { ImportRefused } from './importProblems';
import { day, lower, type ImportRun, type Tx } from './importRun';

/** The next free "A-00001"-style number of the organisation (the caller holds assetNumberLock). */
export async function nextAssetNumber(tx: Tx, companyId: string): Promise<string> {
  const [row] = await tx.$queryRaw<
    { next: number }[]
  >(sql`SELECT (coalesce(max(substring(number from 3)::bigint), 0) + 1)::int AS next
    FROM "Asset" WHERE "companyId" = ${uuid(companyId)} AND number ~ '^A-[0-9]{1,9}$'`);
  return `A-${String(row?.next ?? 1).padStart(5, '0')}`;
}

/**
 * Serialises the organisation's asset numbering until the transaction ends: two new assets never
 * draw the same number (the register's saves and the organisation file alike).
 */
export async function assetNumberLock(tx: Tx, companyId: string): Promise<void> {
  await tx.$executeRaw(sql`SELECT pg_advisory_xact_lock(hashtext(${`asset-number:${companyId}`}))`);
}

/** An asset's columns as the file gives them: only what it names, so an entry of a name alone changes the name. */
type AssetColumns = Partial<{
  number: string;
  name: string;
  categoryId: string | null;
  make: string;
  model: string;
  serialNumber: string;
  workplaceId: string | null;
  branchId: string | null;
  location: string;
  ownerEmployeeId: string | null;
  supplierId: string | null;
  purchaseDate: string | null;
  purchaseCost: string | null;
  status: AssetStatus;
  notes: string;
}>;

/**
 * The register's assets of the file (names, or objects with their details): a known number, else a
 * known name (case-insensitively), names the asset to change; a new category is created; the
 * workplace, branch and supplier are named, the owner by e-mail; a new asset without a number
 * takes the next free one. A reference to nothing refuses the file. Maintenance follows a new
 * category or a disposal as on the register (maintenanceSchedule); disposal is final.
 */
async function syncAssets(run: ImportRun, tx: Tx, companyId: string, entries: TFileAsset[]) {
  const [assets, categories, workplaces, branches, suppliers, employees] = await Promise.all([
    tx.asset.findMany({ where: { companyId } }),
    tx.assetCategory.findMany({ where: { companyId } }),
    tx.workplace.findMany({ where: { companyId } }),
    tx.branch.findMany({ where: { companyId } }),
    tx.supplierCompany.findMany({ where: { companyId } }),
    tx.employee.findMany({ where: { companyId, email: { not: null } }, select: { id: true, email: true } }),
  ]);
  const today = await organisationToday(tx, companyId);
  const named = <T extends { name: string }>(rows: T[], name: string) =>
    rows.find((row) => lower(row.name) === lower(name));
  const problems: string[] = [];
  const idOf = <T extends { id: string }>(place: string, found: T | undefined, given: string | undefined) => {
    if (given === undefined) return undefined;
    if (!found) problems.push(`${place}: "${given}" does not exist`);
    return found?.id ?? null;
  };
  const columnsOf = async (entry: TFileAsset, index: number): Promise<AssetColumns> => {
    if (typeof entry === 'string') return { name: entry };
    const at = `assets[${index}]`;
    let categoryId: string | undefined;
    if (entry.category !== undefined) {
      const category =
        named(categories, entry.category) ??
        (await tx.assetCategory.create({ data: { companyId, name: entry.category } }));
      if (!categories.includes(category)) categories.push(category);
      categoryId = category.id;
    }
    const workplace = entry.workplace === undefined ? undefined : named(workplaces, entry.workplace);
    const branch =
      entry.branch === undefined
        ? undefined
        : named(
            branches.filter((row) => row.workplaceId === workplace?.id),
            entry.branch,
          );
    const owner =
      entry.owner === undefined
        ? undefined
        : employees.find((row) => lower(row.email!) === lower(entry.owner!));
    const columns: AssetColumns = {
      number: entry.number,
      name: entry.name,
      categoryId,
      make: entry.make,
      model: entry.model,
      serialNumber: entry.serialNumber,
      workplaceId: idOf(`${at}.workplace`, workplace, entry.workplace),
      branchId: idOf(`${at}.branch`, branch, entry.branch),
      location: entry.location,
      ownerEmployeeId: idOf(`${at}.owner`, owner, entry.owner),
      supplierId: idOf(
        `${at}.supplier`,
        entry.supplier === undefined ? undefined : named(suppliers, entry.supplier),
        entry.supplier,
      ),
      purchaseDate: entry.purchaseDate,
      purchaseCost: entry.purchaseCost?.toFixed(2),
      status: entry.status,
      notes: entry.notes,
    };
    return JSON.parse(JSON.stringify(columns)) as AssetColumns;
  };
  const desired = [];
  for (const [index, entry] of entries.entries()) desired.push(await columnsOf(entry, index));
  if (problems.length) throw new ImportRefused(problems);
  const snapshotOf = (keys: string[]) => (row: Asset) => {
    const stored: Record<string, unknown> = {
      ...row,
      purchaseDate: day(row.purchaseDate),
      purchaseCost: row.purchaseCost?.toFixed(2) ?? null,
    };
    return Object.fromEntries(keys.map((key) => [key, stored[key]]));
  };
  const dataOf = (columns: AssetColumns) => ({
    ...columns,
    ...(columns.purchaseDate !== undefined && {
      purchaseDate: columns.purchaseDate ? new Date(`${columns.purchaseDate}T00:00:00Z`) : null,
    }),
    ...(columns.status && { isActive: columns.status !== 'disposed' }),
  });
  for (const given of desired) {
    const byNumber = given.number
      ? assets.find((row) => lower(row.number) === lower(given.number!))
      : undefined;
    // A known number keeps its spelling: the file names the asset, it does not renumber it.
    const columns = byNumber ? { ...given, number: byNumber.number } : given;
    const found = byNumber ?? named(assets, columns.name!) ?? null;
    // Disposal is final (docs/assets.md): the file may name a disposed asset, not bring it back.
    if (found?.status === 'disposed' && columns.status !== undefined && columns.status !== 'disposed') {
      problems.push(`assets: "${found.number}" was disposed of and cannot return to service`);
      continue;
    }
    const record = await run.sync(
      tx,
      companyId,
      'assets',
      'asset',
      found,
      columns,
      snapshotOf(Object.keys(columns)),
      {
        create: async () => {
          if (!columns.number) await assetNumberLock(tx, companyId);
          const number = columns.number ?? (await nextAssetNumber(tx, companyId));
          return tx.asset.create({ data: { ...dataOf(columns), number, name: columns.name!, companyId } });
        },
        update: (row) => tx.asset.update({ where: { id: row.id }, data: dataOf(columns) }),
      },
    );
    if (!found) assets.push(record);
    await followAssetChange(tx, { companyId, before: found, after: record }, today);
  }
  if (problems.length) throw new ImportRefused(problems);
}

export async function syncRegisters(run: ImportRun, tx: Tx, companyId: string, file: TOrganisationFile) {
  await syncAssets(run, tx, companyId, file.assets ?? []);
  const risks = await tx.risk.findMany({ where: { companyId } });
  for (const risk of file.risks ?? []) {
    const found = risks.find((row) => lower(row.name) === lower(risk.name)) ?? null;
    const data = { name: risk.name, colour: risk.colour, isMaster: risk.master ?? false };
    await run.sync(
      tx,
      companyId,
      'risks',
      null,
      found,
      data,
      (row) => ({ name: row.name, colour: row.colour, isMaster: row.isMaster }),
      {
        create: () => tx.risk.create({ data: { companyId, ...data } }),
        update: (row) => tx.risk.update({ where: { id: row.id }, data }),
      },
    );
  }
  const substances = await tx.hazardousSubstance.findMany({ where: { companyId } });
  for (const name of file.hazardousSubstances ?? []) {
    const found = substances.find((row) => lower(row.name) === lower(name)) ?? null;
    await run.sync(
      tx,
      companyId,
      'hazardousSubstances',
      null,
      found,
      { name },
      (row) => ({ name: row.name }),
      {
        create: () => tx.hazardousSubstance.create({ data: { companyId, name } }),
        update: (row) => tx.hazardousSubstance.update({ where: { id: row.id }, data: { name } }),
      },
    );
  }
}
