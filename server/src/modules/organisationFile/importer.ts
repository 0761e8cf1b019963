import type { TOrganisationFile, TOrganisationFileReading } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { SecretBox } from '../../plugins/secrets';
import type { FileStorage } from '../../plugins/storage';
import type { PasswordHasher } from '../auth';
import type { Invitations } from '../password';
import { readLogo, syncLogo } from './importLogo';
import { hashPasswords, syncEmployees, syncSuppliers } from './importPeople';
import { ImportRefused, referenceProblems } from './importProblems';
import { syncRegisters } from './importRegisters';
import { ImportRun, type ImportCounts, type Tx } from './importRun';
import { syncPositions, syncRoles, syncWorkplaces } from './importStructure';
import { syncNotices, syncTemplates } from './importWork';

/** Thrown at the end of a dry run so its transaction rolls back. */
class DryRunDone extends Error {}

export interface ImportOptions {
  /** The file's folder: a logo is read relative to it. */
  baseDir: string;
  dryRun: boolean;
  /** Mail an invitation to every user created without a password. */
  invite: boolean;
}

export interface ImportDeps {
  passwords: PasswordHasher;
  storage: FileStorage;
  secrets: SecretBox;
  invitations: Invitations;
}

/**
 * Creates or updates one organisation from its file, in one transaction. Records match by natural
 * keys (names, usernames, e-mail); records the file does not name are left as they are. A second
 * import of the same file changes nothing.
 */
export class OrganisationImporter {
  constructor(
    private readonly db: Db,
    private readonly deps: ImportDeps,
  ) {}

  /**
   * Imports a file as read (files.ts). A file with problems of its own is checked against the
   * organisation too, and refused with all of them at once: its schema problems, its logo's and its
   * references'.
   */
  async import(
    reading: TOrganisationFileReading,
    options: ImportOptions,
  ): Promise<{ companyId: string; counts: ImportCounts }> {
    const run = new ImportRun();
    const { file, names } = reading;
    const problems = [...reading.problems];
    const logoPath = names.organisation?.logo;
    const logo = logoPath
      ? await readLogo(options.baseDir, logoPath).catch((error: unknown) => {
          if (!(error instanceof ImportRefused)) throw error;
          problems.push(...error.problems);
          return null;
        })
      : null;
    // Hashing is slow: done before the transaction, which then only writes; not for a refused file.
    const hashes =
      file && problems.length === 0
        ? await hashPasswords(this.db, this.deps.passwords, file)
        : new Map<string, string>();
    let companyId = '';
    try {
      await this.db.$transaction(
        async (tx) => {
          const organisation = names.organisation?.name;
          const companies = organisation
            ? await tx.company.findMany({ where: { name: organisation }, take: 2 })
            : [];
          if (companies.length > 1)
            problems.push(`organisation.name: several organisations are named ${organisation}`);
          const existing = companies.length === 1 ? companies[0]! : null;
          problems.push(...(await referenceProblems(tx, names, existing?.id ?? null)));
          if (!file || problems.length) throw new ImportRefused(problems);
          companyId = await this.writeRecords(run, tx, file, existing, hashes, logo, options);
          if (options.dryRun) throw new DryRunDone();
        },
        { timeout: 30 * 60_000, maxWait: 60_000 },
      );
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error;
    }
    return { companyId, counts: run.counts };
  }

  /** Writes the records of a sound file, each kind after those it refers to. */
  private async writeRecords(
    run: ImportRun,
    tx: Tx,
    file: TOrganisationFile,
    existing: Prisma.CompanyGetPayload<object> | null,
    hashes: Map<string, string>,
    logo: Buffer | null,
    options: ImportOptions,
  ): Promise<string> {
    const org = file.organisation;
    const company = await run.sync(
      tx,
      existing?.id ?? '',
      'organisation',
      null,
      existing,
      {
        name: org.name,
        timeZone: org.timeZone ?? 'UTC',
        mailSenderName: org.mailSenderName ?? null,
        headerTitle: org.headerTitle ?? null,
        homeSiteUrl: org.homeSiteUrl ?? null,
      },
      (row) => ({
        name: row.name,
        timeZone: row.timeZone,
        mailSenderName: row.mailSenderName,
        headerTitle: row.headerTitle,
        homeSiteUrl: row.homeSiteUrl,
      }),
      {
        create: () =>
          tx.company.create({
            data: {
              name: org.name,
              timeZone: org.timeZone ?? 'UTC',
              mailSenderName: org.mailSenderName ?? null,
              headerTitle: org.headerTitle ?? null,
              homeSiteUrl: org.homeSiteUrl ?? null,
            },
          }),
        update: (row) =>
          tx.company.update({
            where: { id: row.id },
            data: {
              timeZone: org.timeZone ?? 'UTC',
              mailSenderName: org.mailSenderName ?? null,
              headerTitle: org.headerTitle ?? null,
              homeSiteUrl: org.homeSiteUrl ?? null,
            },
          }),
      },
    );
    const companyId = company.id;
    if (logo) await syncLogo(run, this.deps.storage, tx, company, logo, options.dryRun);

    const workplaces = await syncWorkplaces(run, tx, companyId, file);
    const positions = await syncPositions(run, tx, companyId, file.positions ?? []);
    const roles = await syncRoles(run, tx, companyId, file);
    const people = await syncEmployees(run, tx, companyId, file, { workplaces, positions, roles }, hashes);
    const suppliers = await syncSuppliers(run, tx, companyId, file, hashes);
    await syncRegisters(run, tx, companyId, file);
    await syncNotices(run, tx, companyId, file, { workplaces, roles, suppliers });
    await this.syncSso(run, tx, companyId, file);
    await syncTemplates(run, tx, companyId, file, people);
    if (options.invite) for (const userId of run.invitees) await this.deps.invitations.invite(tx, userId);
    return companyId;
  }

  private async syncSso(run: ImportRun, tx: Tx, companyId: string, file: TOrganisationFile) {
    for (const provider of file.sso ?? []) {
      const found = await tx.ssoProvider.findUnique({
        where: { companyId_provider: { companyId, provider: provider.provider } },
      });
      const secretChanged =
        provider.clientSecret !== undefined &&
        (!found || this.deps.secrets.open(found.clientSecret) !== provider.clientSecret);
      const data = {
        issuer: provider.issuer,
        clientId: provider.clientId,
        isEnabled: provider.enabled ?? true,
      };
      const clientSecret = provider.clientSecret
        ? this.deps.secrets.seal(provider.clientSecret)
        : (found?.clientSecret ?? '');
      await run.sync(
        tx,
        companyId,
        'sso',
        null,
        found,
        { ...data, secret: secretChanged ? 'new' : 'kept' },
        (row) => ({ issuer: row.issuer, clientId: row.clientId, isEnabled: row.isEnabled, secret: 'kept' }),
        {
          create: () =>
            tx.ssoProvider.create({
              data: { companyId, provider: provider.provider, clientSecret, ...data },
            }),
          update: (row) => tx.ssoProvider.update({ where: { id: row.id }, data: { ...data, clientSecret } }),
        },
      );
    }
  }
}
