import fs from 'node:fs/promises';
import path from 'node:path';
import {
  FIELD_REGISTRY,
  MAX_UPLOAD_BYTES,
  type TOrganisationFile,
  type TOrganisationFileNames,
  type TOrganisationFileReading,
  type TTemplateFile,
} from '@compass/shared';
import sharp from 'sharp';
import { canonicalJson } from '../../db/json';
import type { Db, Prisma } from '../../db/prisma';
import { changesBetween, recordChange, type Snapshot } from '../../plugins/changeLog';
import type { SecretBox } from '../../plugins/secrets';
import type { FileStorage } from '../../plugins/storage';
import { allowedKeys } from '../administration';
import { accessMapOf } from '../administration';
import type { PasswordHasher } from '../auth';
import type { Invitations } from '../password';
import { templateFileOf, templateRows } from './templates';
import { dateOf } from '../../db/days';

type Tx = Prisma.TransactionClient;
export type Outcome = 'created' | 'updated' | 'unchanged';
export type ImportCounts = Record<string, Record<Outcome, number>>;

/**
 * A file that is malformed, names what does not exist, or clashes with another organisation: every
 * problem of every kind, each at its place in the file; nothing written.
 */
export class ImportRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`The organisation file was refused:\n  ${problems.join('\n  ')}`);
  }
}

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

const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
const lower = (value: string) => value.toLowerCase();

/**
 * The logo's file: inside the organisation file's folder (`baseDir`), as a relative path without
 * '..' whose real path, links followed, is inside the folder's real path too; a regular file no larger
 * than an uploaded one. Anything else is refused: a file must not make the import read the host's
 * other files (a logo of /etc/passwd was read before).
 */
async function logoFileBeside(baseDir: string, logoPath: string): Promise<string> {
  const outside = new ImportRefused([
    `organisation.logo: ${logoPath} must be a file in the organisation file's folder, named without .. or a leading /`,
  ]);
  if (path.isAbsolute(logoPath) || logoPath.split(/[\\/]/).includes('..')) throw outside;
  const missing = new ImportRefused([`organisation.logo: No file ${logoPath} next to the organisation file`]);
  const [folder, file] = await Promise.all([
    fs.realpath(baseDir),
    fs.realpath(path.resolve(baseDir, logoPath)),
  ]).catch(() => {
    throw missing;
  });
  const inside = path.relative(folder, file);
  if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside))
    throw outside;
  const stat = await fs.stat(file);
  if (!stat.isFile()) throw missing;
  if (stat.size > MAX_UPLOAD_BYTES)
    throw new ImportRefused([
      `organisation.logo: ${logoPath} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
    ]);
  return file;
}

/**
 * Creates or updates one organisation from its file, in one transaction. Records match by natural
 * keys (names, usernames, e-mail); records the file does not name are left as they are. A second
 * import of the same file changes nothing.
 */
export class OrganisationImporter {
  private counts: ImportCounts = {};
  private invitees: string[] = [];

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
    this.counts = {};
    this.invitees = [];
    const { file, names } = reading;
    const problems = [...reading.problems];
    const logoPath = names.organisation?.logo;
    const logo = logoPath
      ? await this.readLogo(options.baseDir, logoPath).catch((error: unknown) => {
          if (!(error instanceof ImportRefused)) throw error;
          problems.push(...error.problems);
          return null;
        })
      : null;
    // Hashing is slow: done before the transaction, which then only writes; not for a refused file.
    const hashes = file && problems.length === 0 ? await this.hashPasswords(file) : new Map<string, string>();
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
          problems.push(...(await this.referenceProblems(tx, names, existing?.id ?? null)));
          if (!file || problems.length) throw new ImportRefused(problems);
          companyId = await this.run(tx, file, existing, hashes, logo, options);
          if (options.dryRun) throw new DryRunDone();
        },
        { timeout: 30 * 60_000, maxWait: 60_000 },
      );
    } catch (error) {
      if (!(error instanceof DryRunDone)) throw error;
    }
    return { companyId, counts: this.counts };
  }

  private tally(kind: string, outcome: Outcome) {
    this.counts[kind] ??= { created: 0, updated: 0, unchanged: 0 };
    this.counts[kind][outcome] += 1;
  }

  /**
   * Brings one record to the file's values: creates it, updates what differs, or leaves it. An
   * administered record's change goes to the change log (no user: the file made it).
   */
  private async sync<R extends { id: string }>(
    tx: Tx,
    companyId: string,
    kind: string,
    entityType: string | null,
    found: R | null,
    desired: Snapshot,
    snapshotOf: (record: R) => Snapshot,
    write: { create: () => Promise<R>; update: (record: R) => Promise<R> },
  ): Promise<R> {
    let record: R;
    let before: Snapshot | null = null;
    if (!found) {
      record = await write.create();
      this.tally(kind, 'created');
    } else {
      before = snapshotOf(found);
      if (Object.keys(changesBetween(before, desired)).length === 0) {
        this.tally(kind, 'unchanged');
        return found;
      }
      record = await write.update(found);
      this.tally(kind, 'updated');
    }
    if (entityType) {
      await recordChange(tx, {
        companyId,
        userId: null,
        entityType,
        entityId: record.id,
        action: found ? 'updated' : 'created',
        before,
        after: desired,
      });
    }
    return record;
  }

  private async run(
    tx: Tx,
    file: TOrganisationFile,
    existing: Prisma.CompanyGetPayload<object> | null,
    hashes: Map<string, string>,
    logo: Buffer | null,
    options: ImportOptions,
  ): Promise<string> {
    const org = file.organisation;
    const company = await this.sync(
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
    if (logo) await this.syncLogo(tx, company, logo, options.dryRun);

    const workplaces = await this.syncWorkplaces(tx, companyId, file);
    const positions = await this.syncNamed(tx, companyId, 'positions', file.positions ?? []);
    const roles = await this.syncRoles(tx, companyId, file);
    const people = await this.syncEmployees(tx, companyId, file, { workplaces, positions, roles }, hashes);
    const suppliers = await this.syncSuppliers(tx, companyId, file, hashes);
    await this.syncRegisters(tx, companyId, file);
    await this.syncNotices(tx, companyId, file, { workplaces, roles, suppliers });
    await this.syncSso(tx, companyId, file);
    await this.syncTemplates(tx, companyId, file, people);
    if (options.invite) for (const userId of this.invitees) await this.deps.invitations.invite(tx, userId);
    return companyId;
  }

  /**
   * Where the file refers to a name that exists neither in the file nor in the organisation, or
   * takes a username of another organisation. Reads the names only, so a malformed file is checked too.
   */
  private async referenceProblems(
    tx: Tx,
    file: TOrganisationFileNames,
    companyId: string | null,
  ): Promise<string[]> {
    const problems: string[] = [];
    const stored = async (model: 'workplace' | 'role' | 'position' | 'supplierCompany') =>
      companyId
        ? (
            await (
              tx[model] as unknown as { findMany: (args: object) => Promise<{ name: string }[]> }
            ).findMany({
              where: { companyId },
              select: { name: true },
            })
          ).map((row) => lower(row.name))
        : [];
    /** The lower-cased values of a list of the file, without the unreadable ones. */
    const given = <T>(list: (T | undefined)[] | undefined, value: (item: T) => string | undefined) =>
      (list ?? []).flatMap((item) => {
        const found = item === undefined ? undefined : value(item);
        return found === undefined ? [] : [lower(found)];
      });
    const known = {
      workplace: new Set([...given(file.workplaces, (w) => w.name), ...(await stored('workplace'))]),
      role: new Set([...given(file.roles, (r) => r.name), ...(await stored('role'))]),
      position: new Set([...given(file.positions, (p) => p), ...(await stored('position'))]),
      supplier: new Set([...given(file.suppliers, (s) => s.name), ...(await stored('supplierCompany'))]),
    };
    const branchesOf = new Map(
      (file.workplaces ?? []).flatMap((w) =>
        w?.name ? [[lower(w.name), new Set(given(w.branches, (b) => b.name))] as const] : [],
      ),
    );
    const storedUsers = companyId
      ? await tx.user.findMany({
          where: { companyId },
          select: { username: true, employee: { select: { employeeNumber: true } } },
        })
      : [];
    const managers = new Set([
      ...given(file.employees, (e) => e.username),
      ...given(file.employees, (e) => e.employeeNumber),
      ...storedUsers.flatMap((u) =>
        [u.username, u.employee?.employeeNumber].filter((v): v is string => !!v).map(lower),
      ),
    ]);
    file.employees?.forEach((employee, index) => {
      if (!employee) return;
      const at = `employees[${index}]`;
      if (employee.role && !known.role.has(lower(employee.role)))
        problems.push(`${at}.role: No role named ${employee.role}`);
      if (employee.position && !known.position.has(lower(employee.position)))
        problems.push(`${at}.position: No position named ${employee.position}`);
      if (employee.workplace && !known.workplace.has(lower(employee.workplace)))
        problems.push(`${at}.workplace: No workplace named ${employee.workplace}`);
      if (employee.branch) {
        const branches = employee.workplace ? branchesOf.get(lower(employee.workplace)) : undefined;
        if (!employee.workplace) problems.push(`${at}.branch: A branch needs its workplace`);
        else if (branches && !branches.has(lower(employee.branch)))
          problems.push(`${at}.branch: ${employee.workplace} has no branch named ${employee.branch}`);
      }
      if (employee.manager && !managers.has(lower(employee.manager)))
        problems.push(`${at}.manager: No employee with username or number ${employee.manager}`);
    });
    file.notices?.forEach((notice, index) => {
      const set =
        notice?.audience === 'workplaces'
          ? known.workplace
          : notice?.audience === 'roles'
            ? known.role
            : notice?.audience === 'suppliers'
              ? known.supplier
              : null;
      notice?.audienceNames?.forEach((name, n) => {
        if (set && name && !set.has(lower(name)))
          problems.push(`notices[${index}].audienceNames[${n}]: Nothing named ${name} for this audience`);
      });
    });
    file.templates?.forEach((template, index) => {
      if (template?.coordinator && !managers.has(lower(template.coordinator)))
        problems.push(`templates[${index}].coordinator: No employee with username ${template.coordinator}`);
      template?.copied?.forEach((username, n) => {
        if (username && !managers.has(lower(username)))
          problems.push(`templates[${index}].copied[${n}]: No employee with username ${username}`);
      });
    });
    // Usernames are unique across organisations: one of another organisation is not taken over.
    const named: [string | undefined, string][] = [
      ...(file.employees ?? []).map((e, i): [string | undefined, string] => [
        e?.username,
        `employees[${i}].username`,
      ]),
      ...(file.suppliers ?? []).flatMap((s, si) => [
        ...(s?.users ?? []).map((u, ui): [string | undefined, string] => [
          u?.username,
          `suppliers[${si}].users[${ui}].username`,
        ]),
        ...(s?.personnel ?? []).map((p, pi): [string | undefined, string] => [
          p?.username,
          `suppliers[${si}].personnel[${pi}].username`,
        ]),
      ]),
    ];
    const usernames = named.filter((entry): entry is [string, string] => !!entry[0]);
    if (usernames.length) {
      const taken = await tx.user.findMany({
        where: {
          OR: usernames.map(([username]) => ({
            username: { equals: username, mode: 'insensitive' as const },
          })),
          ...(companyId ? { companyId: { not: companyId } } : {}),
        },
        select: { username: true },
      });
      const takenSet = new Set(taken.map((user) => lower(user.username)));
      for (const [username, at] of usernames)
        if (takenSet.has(lower(username)))
          problems.push(`${at}: The username ${username} belongs to another organisation`);
    }
    return problems;
  }

  private async readLogo(baseDir: string, logoPath: string): Promise<Buffer> {
    const content = await fs.readFile(await logoFileBeside(baseDir, logoPath)).catch(() => {
      throw new ImportRefused([`organisation.logo: No file ${logoPath} next to the organisation file`]);
    });
    try {
      return await sharp(content)
        .rotate()
        .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch {
      throw new ImportRefused([`organisation.logo: ${logoPath} is not a PNG, JPEG or WebP image`]);
    }
  }

  /** The logo is replaced only when its pixels differ from the stored one. */
  private async syncLogo(
    tx: Tx,
    company: { id: string; logoKey: string | null },
    logo: Buffer,
    dryRun: boolean,
  ) {
    if (company.logoKey) {
      const current = Buffer.concat(
        await this.deps.storage
          .read(company.logoKey)
          .toArray()
          .catch(() => []),
      );
      if (current.equals(logo)) return this.tally('logo', 'unchanged');
    }
    this.tally('logo', company.logoKey ? 'updated' : 'created');
    if (dryRun) return;
    const key = await this.deps.storage.put(logo, 'png');
    await tx.company.update({ where: { id: company.id }, data: { logoKey: key } });
  }

  private async hashPasswords(file: TOrganisationFile): Promise<Map<string, string>> {
    const wanted = [
      ...(file.employees ?? []).map((e) => [e.username, e.password] as const),
      ...(file.suppliers ?? []).flatMap((s) => [
        ...(s.users ?? []).map((u) => [u.username, u.password] as const),
        ...(s.personnel ?? []).map((p) => [p.username, p.password] as const),
      ]),
    ].filter((entry): entry is readonly [string, string] => !!entry[0] && !!entry[1]);
    const existing = new Set(
      (
        await this.db.user.findMany({
          where: { username: { in: wanted.map(([username]) => username), mode: 'insensitive' } },
          select: { username: true },
        })
      ).map((user) => lower(user.username)),
    );
    const hashes = new Map<string, string>();
    // Initial passwords only: an account that exists keeps its own.
    for (const [username, password] of wanted)
      if (!existing.has(lower(username)))
        hashes.set(lower(username), await this.deps.passwords.hash(password));
    return hashes;
  }

  private async syncWorkplaces(tx: Tx, companyId: string, file: TOrganisationFile) {
    const ids = new Map<string, { id: string; branches: Map<string, string> }>();
    const stored = await tx.workplace.findMany({ where: { companyId }, include: { branches: true } });
    for (const [name, row] of stored.map((w) => [lower(w.name), w] as const))
      ids.set(name, { id: row.id, branches: new Map(row.branches.map((b) => [lower(b.name), b.id])) });
    for (const workplace of file.workplaces ?? []) {
      const found = stored.find((row) => lower(row.name) === lower(workplace.name)) ?? null;
      const saved = await this.sync(
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
        const savedBranch = await this.sync(
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
  private async syncNamed(tx: Tx, companyId: string, kind: string, names: string[]) {
    const stored = await tx.position.findMany({ where: { companyId } });
    const ids = new Map(stored.map((row) => [lower(row.name), row.id]));
    for (const name of names) {
      const found = stored.find((row) => lower(row.name) === lower(name)) ?? null;
      const saved = await this.sync(
        tx,
        companyId,
        kind,
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

  private async syncRoles(tx: Tx, companyId: string, file: TOrganisationFile) {
    const stored = await tx.role.findMany({ where: { companyId } });
    const ids = new Map(stored.map((row) => [lower(row.name), row.id]));
    for (const role of file.roles ?? []) {
      const found = stored.find((row) => lower(row.name) === lower(role.name)) ?? null;
      const keys = allowedKeys(accessMapOf(role.access));
      const saved = await this.sync(
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

  private async syncEmployees(
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
      const before = this.counts.employees
        ? { ...this.counts.employees }
        : { created: 0, updated: 0, unchanged: 0 };
      const saved = await this.sync(
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
        (key) => this.counts.employees![key] > before[key],
      )!;
      if (employee.username)
        await this.syncUser(
          tx,
          companyId,
          { ...employee, username: employee.username },
          { employeeId: saved.id },
          saved.user ?? found?.user ?? null,
          hashes,
        );
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
        this.counts.employees!.unchanged -= 1;
        this.counts.employees!.updated += 1;
      }
    }
    return byKey;
  }

  /** A sign-in account: created with the initial password (changed at first sign-in) or for an invitation. */
  private async syncUser(
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
    await this.sync(
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
          if (!passwordHash && desired.email && desired.isActive) this.invitees.push(user.id);
          return user;
        },
        update: (row) => tx.user.update({ where: { id: row.id }, data: desired }),
      },
    );
  }

  private async syncSuppliers(
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
      const saved = await this.sync(
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
          found?.users.find((row) => !row.personnelId && lower(row.username) === lower(user.username)) ??
          null;
        await this.syncUser(tx, companyId, user, { supplierId: saved.id }, foundUser, hashes);
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
        const savedPerson = await this.sync(
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
          await this.syncUser(
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

  private async syncRegisters(tx: Tx, companyId: string, file: TOrganisationFile) {
    const assets = await tx.asset.findMany({ where: { companyId } });
    for (const name of file.assets ?? []) {
      const found = assets.find((row) => lower(row.name) === lower(name)) ?? null;
      await this.sync(tx, companyId, 'assets', null, found, { name }, (row) => ({ name: row.name }), {
        create: () => tx.asset.create({ data: { companyId, name } }),
        update: (row) => tx.asset.update({ where: { id: row.id }, data: { name } }),
      });
    }
    const risks = await tx.risk.findMany({ where: { companyId } });
    for (const risk of file.risks ?? []) {
      const found = risks.find((row) => lower(row.name) === lower(risk.name)) ?? null;
      const data = { name: risk.name, colour: risk.colour, isMaster: risk.master ?? false };
      await this.sync(
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
      await this.sync(
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

  private async syncNotices(
    tx: Tx,
    companyId: string,
    file: TOrganisationFile,
    refs: {
      workplaces: Map<string, { id: string }>;
      roles: Map<string, string>;
      suppliers: Map<string, string>;
    },
  ) {
    const stored = await tx.notice.findMany({ where: { companyId } });
    for (const notice of file.notices ?? []) {
      const audience = notice.audience ?? 'everyone';
      const idOf = (name: string) =>
        audience === 'workplaces'
          ? refs.workplaces.get(lower(name))?.id
          : audience === 'roles'
            ? refs.roles.get(lower(name))
            : refs.suppliers.get(lower(name));
      const audienceIds =
        audience === 'everyone'
          ? []
          : (notice.audienceNames ?? []).map(idOf).filter((id): id is string => !!id);
      const data = {
        title: notice.title,
        content: notice.content,
        priority: notice.priority ?? 'none',
        startDate: dateOf(notice.startDate),
        expireDate: notice.expireDate ? dateOf(notice.expireDate) : null,
        audience,
        audienceIds,
        isPublished: notice.published ?? true,
      };
      const found = stored.find((row) => lower(row.title) === lower(notice.title)) ?? null;
      await this.sync(
        tx,
        companyId,
        'notices',
        'notice',
        found,
        { ...data, startDate: notice.startDate, expireDate: notice.expireDate ?? null },
        (row) => ({
          title: row.title,
          content: row.content,
          priority: row.priority,
          startDate: day(row.startDate),
          expireDate: day(row.expireDate),
          audience: row.audience,
          audienceIds: row.audienceIds,
          isPublished: row.isPublished,
        }),
        {
          create: () => tx.notice.create({ data: { companyId, ...data } }),
          update: (row) => tx.notice.update({ where: { id: row.id }, data }),
        },
      );
    }
  }

  private async syncSso(tx: Tx, companyId: string, file: TOrganisationFile) {
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
      await this.sync(
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

  /** A changed template becomes a new version; submissions keep the version they were made on. */
  private async syncTemplates(
    tx: Tx,
    companyId: string,
    file: TOrganisationFile,
    people: Map<string, string>,
  ) {
    for (const template of file.templates ?? []) {
      const found = await tx.formTemplate.findFirst({
        where: { companyId, name: { equals: template.name, mode: 'insensitive' } },
      });
      const coordinatorEmployeeId = template.coordinator
        ? (people.get(lower(template.coordinator)) ?? null)
        : null;
      const current = found ? await templateFileOf(tx, found, companyId) : null;
      const desired = normalised(template);
      if (found && current && canonicalJson(normalised(current)) === canonicalJson(desired)) {
        this.tally('templates', 'unchanged');
        continue;
      }
      const settings = {
        name: template.name,
        formType: template.formType === 'form-submission' ? ('form_submission' as const) : template.formType,
        emailNotification: template.emailNotification ?? [],
        coordinatorEmployeeId,
        emailCcEmployeeIds: (template.copied ?? []).flatMap((username) => people.get(lower(username)) ?? []),
        formBranchType: template.branchRequirement ?? 'manualEntry',
        isActive: template.active ?? true,
      };
      const version = (found?.currentVersion ?? 0) + 1;
      const saved = found
        ? await tx.formTemplate.update({
            where: { id: found.id },
            data: { ...settings, currentVersion: version },
          })
        : await tx.formTemplate.create({ data: { companyId, ...settings, currentVersion: version } });
      await templateRows(tx, companyId, saved.id, version, template);
      this.tally('templates', found ? 'updated' : 'created');
    }
  }
}

/** A template as compared: defaults written out, so an omitted default equals a written one. */
function normalised(template: TTemplateFile) {
  return {
    ...template,
    emailNotification: template.emailNotification ?? [],
    branchRequirement: template.branchRequirement ?? 'manualEntry',
    active: template.active ?? true,
    coordinator: template.coordinator?.toLowerCase() ?? null,
    copied: (template.copied ?? []).map((username) => username.toLowerCase()),
    sections: template.sections.map((section) => ({
      ...section,
      fields: section.fields.map((field) => ({
        ...field,
        width: field.width ?? FIELD_REGISTRY[field.type].colSize,
        mandatory: field.mandatory ?? false,
      })),
    })),
  };
}
