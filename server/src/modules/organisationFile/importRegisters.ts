import type { TOrganisationFile } from '@compass/shared';
import { lower, type ImportRun, type Tx } from './importRun';

export async function syncRegisters(run: ImportRun, tx: Tx, companyId: string, file: TOrganisationFile) {
  const assets = await tx.asset.findMany({ where: { companyId } });
  for (const name of file.assets ?? []) {
    const found = assets.find((row) => lower(row.name) === lower(name)) ?? null;
    await run.sync(tx, companyId, 'assets', null, found, { name }, (row) => ({ name: row.name }), {
      create: () => tx.asset.create({ data: { companyId, name } }),
      update: (row) => tx.asset.update({ where: { id: row.id }, data: { name } }),
    });
  }
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
