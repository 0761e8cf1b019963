/**
 * `npm run org -- import <file> [--dry-run] [--invite]`, `npm run org -- export <organisation>
 * [--out <file>]` and `npm run org -- schema`: an organisation from a file and back
 * (docs/administration.md). Works on DATABASE_URL or the embedded PostgreSQL, like `npm run seed`.
 * It runs without the API, so it registers itself what the areas hook into the import's writes
 * (as app.ts assembles the areas): a person joining a position is assigned its standing courses.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { loadConfig } from './config';
import { projectRoot } from './db/migrate';
import { createPrisma, type Db } from './db/prisma';
import { openToolDatabase } from './db/toolDatabase';
import { asServed } from './installation';
import { PasswordHasher } from './modules/auth';
import { onPositionJoin } from './modules/employees';
import { assignOnJoin } from './modules/onlineTraining';
import {
  exportOrganisation,
  formatOrganisationFile,
  ImportRefused,
  organisationFileJsonSchema,
  OrganisationImporter,
  parseOrganisationFile,
  readOrganisationFile,
  type ImportCounts,
} from './modules/organisationFile';
import { Invitations } from './modules/password';
import { MailQueue } from './plugins/mail';
import { loadSecretsKey, SecretBox } from './plugins/secrets';
import { fileStorageOf } from './plugins/storage';

const USAGE = `Usage:
  npm run org -- import <file.yaml|file.json> [--dry-run] [--invite]
  npm run org -- export <organisation name or id> [--out <file.yaml|file.json>]
  npm run org -- schema [--out <file.json>]`;

export const SCHEMA_FILE = path.join(projectRoot, 'docs', 'organisation-file.schema.json');

function report(counts: ImportCounts, dryRun: boolean): string {
  const lines = Object.entries(counts).map(
    ([kind, { created, updated, unchanged }]) =>
      `  ${kind}: ${created} created, ${updated} updated, ${unchanged} unchanged`,
  );
  return `${dryRun ? 'Dry run: nothing was written. It would give:' : 'Imported:'}\n${lines.join('\n')}`;
}

async function importFile(db: Db, file: string, options: { dryRun: boolean; invite: boolean }) {
  const parsed = parseOrganisationFile(await readOrganisationFile(file));
  const { config, recorded } = await asServed(db, loadConfig());
  if (options.invite)
    console.warn(
      recorded
        ? `Invitation links open ${config.PUBLIC_URL}, where the server was last started.`
        : `No server has started on this database yet: invitation links open ${config.PUBLIC_URL} (PUBLIC_URL here).`,
    );
  const mail = new MailQueue(db, config, Fastify({ logger: { level: 'warn' } }).log);
  // What onlineTraining's area registers when the API starts (onlineTraining/area.ts).
  onPositionJoin('onlineTraining', (tx, join) =>
    assignOnJoin(tx, { mail, publicUrl: config.PUBLIC_URL }, join),
  );
  const importer = new OrganisationImporter(db, {
    passwords: new PasswordHasher({ concurrency: 2, queue: 100_000 }),
    storage: fileStorageOf(config, db),
    secrets: new SecretBox(loadSecretsKey(config)),
    invitations: new Invitations(mail, { publicUrl: config.PUBLIC_URL, productName: config.PRODUCT_NAME }),
  });
  const { counts } = await importer.import(parsed, { baseDir: path.dirname(path.resolve(file)), ...options });
  console.log(report(counts, options.dryRun));
  if (options.invite && !options.dryRun)
    console.log('Invitations are queued: the running server sends them.');
}

async function exportFile(db: Db, organisation: string, out: string | undefined) {
  const companies = await db.company.findMany({
    where: /^[0-9a-f-]{36}$/i.test(organisation) ? { id: organisation } : { name: organisation },
    take: 2,
  });
  if (companies.length !== 1) {
    throw new ImportRefused([
      companies.length
        ? `several organisations are named ${organisation}: give its id`
        : `no organisation ${organisation}`,
    ]);
  }
  const company = companies[0]!;
  let logoName: string | undefined;
  if (company.logoKey && out) {
    logoName = `${path.basename(out).replace(/\.[^.]+$/, '')}-logo.png`;
    const storage = fileStorageOf(loadConfig(), db);
    await fs.writeFile(
      path.join(path.dirname(out), logoName),
      Buffer.concat(await storage.read(company.logoKey).toArray()),
    );
  }
  const text = formatOrganisationFile(
    await exportOrganisation(db, company.id, logoName),
    out?.endsWith('.json') ? 'json' : 'yaml',
  );
  if (out) await fs.writeFile(out, text);
  else process.stdout.write(text);
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean' }, invite: { type: 'boolean' }, out: { type: 'string' } },
  });
  const [command, target] = positionals;
  if (command === 'schema') {
    await fs.writeFile(values.out ?? SCHEMA_FILE, organisationFileJsonSchema());
    return 0;
  }
  if ((command !== 'import' && command !== 'export') || !target) {
    console.error(USAGE);
    return 1;
  }
  const database = await openToolDatabase(loadConfig());
  const db = createPrisma(database.url);
  try {
    if (command === 'import')
      await importFile(db, target, { dryRun: values['dry-run'] ?? false, invite: values.invite ?? false });
    else await exportFile(db, target, values.out);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await db.$disconnect();
    await database.stop();
  }
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error);
  return 1;
});
