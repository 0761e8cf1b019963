import {
  ASSET_IMPORT_COLUMNS,
  ASSET_IMPORT_LIMIT,
  ASSET_STATUS_LABELS,
  ASSET_STATUSES,
  assetMessages as say,
  ZAssetSave,
  type AssetStatus,
  type TAssetSaveParsed,
} from '@compass/shared';
import { parse } from 'csv-parse/sync';
import type { Db, Prisma } from '../../db/prisma';
import { AppError, badRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import { callerToday } from '../../plugins/organisationDay';
import { cancelAssetMaintenance } from '../maintenanceSchedule';
import { saveAsset } from './save';
import { isUniqueViolation } from '../../db/errors';

type Column = (typeof ASSET_IMPORT_COLUMNS)[number];
/** How many problems the refusal lists (the rest are found again once these are fixed). */
const PROBLEMS_SHOWN = 10;
/** A long import runs in one transaction: all lines or none. */
const IMPORT_TRANSACTION = { timeout: 120_000, maxWait: 10_000 };

/** One line of the file by column (the header's names, whatever their case). */
type Line = Partial<Record<Column, string>>;

/**
 * The file's lines by column; a BOM is dropped. The header line says the separator: ';' (Excel's
 * where the decimal mark is a comma, so "Bay 3, Level 2" and "1250,50" stay one value) or ','.
 */
function readLines(content: Buffer): Line[] {
  const firstLine = content.toString('utf8', 0, Math.min(content.length, 4096)).split(/\r?\n/, 1)[0] ?? '';
  let records: string[][];
  try {
    records = parse(content, {
      bom: true,
      delimiter: firstLine.includes(';') ? ';' : ',',
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw badRequest(say.importEmpty);
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw badRequest(say.importEmpty);
  const columns = header.map(
    (name) => ASSET_IMPORT_COLUMNS.find((column) => column.toLowerCase() === name.toLowerCase()) ?? null,
  );
  if (!columns.includes('Name')) throw badRequest(say.importNameColumn);
  if (rows.length > ASSET_IMPORT_LIMIT) throw badRequest(say.importTooMany);
  return rows.map((row) => {
    const line: Line = {};
    columns.forEach((column, index) => {
      if (column) line[column] = row[index] ?? '';
    });
    return line;
  });
}

/** The organisation's names for the file's words: categories, workplaces, branches, people, suppliers. */
async function lookups(tx: Prisma.TransactionClient, companyId: string) {
  const [categories, workplaces, branches, employees, suppliers, assets] = await Promise.all([
    tx.assetCategory.findMany({ where: { companyId }, select: { id: true, name: true } }),
    tx.workplace.findMany({ where: { companyId, isActive: true }, select: { id: true, name: true } }),
    tx.branch.findMany({
      where: { companyId, isActive: true },
      select: { id: true, name: true, workplaceId: true },
    }),
    tx.employee.findMany({
      where: { companyId, isActive: true, email: { not: null } },
      select: { id: true, email: true },
    }),
    tx.supplierCompany.findMany({ where: { companyId, isActive: true }, select: { id: true, name: true } }),
    tx.asset.findMany({ where: { companyId }, select: { id: true, number: true, status: true } }),
  ]);
  const byName = <T extends { name: string }>(rows: T[]) =>
    new Map(rows.map((row) => [row.name.toLowerCase(), row]));
  return {
    categories: byName(categories),
    workplaces: byName(workplaces),
    branches,
    employees: new Map(employees.map((row) => [row.email!.toLowerCase(), row.id])),
    suppliers: byName(suppliers),
    assets: new Map(assets.map((row) => [row.number.toLowerCase(), row])),
  };
}
type Lookups = Awaited<ReturnType<typeof lookups>>;

const STATUS_OF_LABEL = new Map<string, AssetStatus>(
  ASSET_STATUSES.flatMap((status) => [
    [ASSET_STATUS_LABELS[status].toLowerCase(), status],
    [status.toLowerCase(), status],
  ]),
);

/** What is wrong with a line, in the words of the contract's messages. */
/**
 * A cost as a spreadsheet writes it: "1250", "1,250.50" (thousands commas) or "1250,50" (a decimal
 * comma, as the `;`-separated files of European spreadsheets have it); empty is none. Anything else
 * stays a number the contract refuses.
 */
function amountOf(text: string): number | null {
  const plain = text.replace(/\s/g, '');
  if (!plain) return null;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain)) return Number(plain.replace(/,/g, ''));
  if (/^\d+,\d{1,2}$/.test(plain)) return Number(plain.replace(',', '.'));
  return Number(plain);
}

class LineProblem extends Error {}

/** A line as a save (its words turned into the organisation's ids), or the problem with it. */
function saveOf(
  line: Line,
  known: Lookups,
  categoriesMade: Map<string, string>,
): { input: TAssetSaveParsed; status: AssetStatus | null } | string {
  try {
    return lineSave(line, known, categoriesMade);
  } catch (error) {
    if (error instanceof LineProblem) return error.message;
    throw error;
  }
}

function lineSave(line: Line, known: Lookups, categoriesMade: Map<string, string>) {
  const word = (column: Column) => line[column]?.trim() ?? '';
  const find = <T>(map: Map<string, T>, column: Column, problem: string): T | null => {
    const text = word(column);
    if (!text) return null;
    const found = map.get(text.toLowerCase());
    if (found === undefined) throw new LineProblem(problem);
    return found;
  };
  const workplace = find(known.workplaces, 'Workplace', say.workplaceUnknown);
  const branchName = word('Branch').toLowerCase();
  const branch = branchName
    ? known.branches.find((row) => row.workplaceId === workplace?.id && row.name.toLowerCase() === branchName)
    : null;
  if (branch === undefined) throw new LineProblem(say.branchUnknown);
  const owner = find(known.employees, 'Owner email', say.personUnknown);
  const supplier = find(known.suppliers, 'Supplier', say.supplierUnknown);
  const statusText = word('Status');
  const status = statusText ? (STATUS_OF_LABEL.get(statusText.toLowerCase()) ?? null) : null;
  if (statusText && !status) throw new LineProblem(`Unknown status "${statusText}".`);
  const cost = amountOf(word('Purchase cost'));
  const category = word('Category');
  const existing = known.assets.get(word('Number').toLowerCase());
  const parsed = ZAssetSave.safeParse({
    _id: existing?.id,
    // A known number keeps its spelling: the file names the asset, it does not renumber it.
    number: existing?.number ?? word('Number'),
    name: word('Name'),
    categoryId: category
      ? (known.categories.get(category.toLowerCase())?.id ??
        categoriesMade.get(category.toLowerCase()) ??
        null)
      : null,
    make: word('Make'),
    model: word('Model'),
    serialNumber: word('Serial number'),
    workplaceId: workplace?.id ?? null,
    branchId: branch?.id ?? null,
    location: word('Location'),
    ownerId: owner,
    supplierId: supplier?.id ?? null,
    purchaseDate: word('Purchase date') || null,
    purchaseCost: cost,
    notes: word('Notes'),
  });
  if (!parsed.success) throw new LineProblem(parsed.error.issues[0]?.message ?? 'The line cannot be read.');
  return { input: parsed.data, status };
}

/**
 * Imports the assets of a CSV file in one transaction: every line is checked first and any
 * problem refuses the whole file (the first problems listed by line); a line whose number is
 * known changes that asset, a new category is created. Lines count from the header's (line 1).
 */
export async function importAssets(db: Db, auth: AuthContext, content: Buffer | undefined) {
  if (!content) throw badRequest(say.importFileRequired);
  const lines = readLines(content);
  const companyId = auth.companyId;
  const today = callerToday(auth);
  try {
    return await db.$transaction(async (tx) => {
      const known = await lookups(tx, companyId);
      const categoriesMade = new Map<string, string>();
      for (const line of lines) {
        const name = line.Category?.trim();
        if (name && !known.categories.has(name.toLowerCase()) && !categoriesMade.has(name.toLowerCase())) {
          const made = await tx.assetCategory.create({ data: { companyId, name } });
          categoriesMade.set(name.toLowerCase(), made.id);
        }
      }
      const saves = lines.map((line) => saveOf(line, known, categoriesMade));
      const problems = saves.flatMap((save, index) =>
        typeof save === 'string' ? [say.importLine(index + 2, save)] : [],
      );
      if (problems.length) throw badRequest(problems.slice(0, PROBLEMS_SHOWN).join('\n'));
      let created = 0;
      for (const [index, save] of saves.entries()) {
        if (typeof save === 'string') continue;
        const saved = await saveAsset(tx, auth, save.input, today).catch((error: unknown) => {
          if (error instanceof AppError) throw badRequest(say.importLine(index + 2, error.message));
          throw error;
        });
        if (saved.created) created += 1;
        if (save.status) await importedStatus(tx, auth, saved.id, save.status);
      }
      return { created, updated: saves.length - created };
    }, IMPORT_TRANSACTION);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(say.numberTaken);
    throw error;
  }
}

/** A line's Status column, applied as the register would (disposal cancels the asset's maintenance). */
async function importedStatus(
  tx: Prisma.TransactionClient,
  auth: AuthContext,
  id: string,
  status: AssetStatus,
) {
  const asset = await tx.asset.findUniqueOrThrow({ where: { id }, select: { status: true } });
  if (asset.status === status) return;
  await tx.asset.update({ where: { id }, data: { status, isActive: status !== 'disposed' } });
  if (status === 'disposed') await cancelAssetMaintenance(tx, auth.companyId, id);
  await recordChange(tx, {
    companyId: auth.companyId,
    userId: auth.userId,
    entityType: 'asset',
    entityId: id,
    action: 'status changed',
    before: { status: asset.status },
    after: { status, reason: 'Imported' },
  });
}
