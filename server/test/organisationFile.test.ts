import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TOrganisationFile } from '@compass/shared';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { projectRoot } from '../src/db/migrate';
import { createPrisma, type Db } from '../src/db/prisma';
import { PasswordHasher } from '../src/modules/auth/passwords';
import { exportOrganisation } from '../src/modules/organisationFile/exporter';
import {
  formatOrganisationFile,
  ORGANISATION_FILE_MAX_BYTES,
  organisationFileJsonSchema,
  parseOrganisationFile,
} from '../src/modules/organisationFile/files';
import { OrganisationImporter } from '../src/modules/organisationFile/importer';
import { ImportRefused } from '../src/modules/organisationFile/importProblems';
import type { ImportCounts } from '../src/modules/organisationFile/importRun';
import { Invitations } from '../src/modules/password/invitations';
import { MailQueue } from '../src/plugins/mail';
import { SecretBox } from '../src/plugins/secrets';
import { LocalFileStorage } from '../src/plugins/storage';
import { checkAnswers, createTestDatabase } from './helpers';

const EXAMPLE = path.join(projectRoot, 'docs', 'examples', 'harbour-logistics.yaml');
const exampleText = fs.readFileSync(EXAMPLE, 'utf8');
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
const secrets = new SecretBox(Buffer.alloc(32, 3));

interface Database {
  url: string;
  db: Db;
  importer: OrganisationImporter;
}
const opened: Array<{ db: Db; drop: () => Promise<void> }> = [];

async function database(options: { empty: boolean }): Promise<Database> {
  const created = await createTestDatabase(options);
  const db = createPrisma(created.url, 3);
  opened.push({ db, drop: created.drop });
  const mail = new MailQueue(db, config, Fastify().log);
  const importer = new OrganisationImporter(db, {
    passwords: new PasswordHasher({ concurrency: 2, queue: 1000 }),
    storage: new LocalFileStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'org-files-'))),
    secrets,
    invitations: new Invitations(mail, { publicUrl: 'http://compass.test', productName: 'Compass' }),
  });
  return { url: created.url, db, importer };
}

afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.$disconnect();
    await drop();
  }
});

const options = { baseDir: path.dirname(EXAMPLE), dryRun: false, invite: false };

/** The example as read, with its file to change before it is imported. */
function example() {
  const reading = parseOrganisationFile(exampleText);
  if (!reading.file) throw new Error(reading.problems.join('\n'));
  return { reading, file: reading.file };
}
const only = (counts: ImportCounts, outcome: 'created' | 'updated' | 'unchanged') =>
  Object.values(counts).every((count) =>
    Object.entries(count).every(([key, n]) => key === outcome || n === 0),
  );

async function tableCounts(db: Db) {
  return Promise.all([
    db.company.count(),
    db.employee.count(),
    db.user.count(),
    db.formTemplateVersion.count(),
    db.templateField.count(),
    db.notice.count(),
    db.changeLog.count(),
    db.mailMessage.count(),
  ]);
}

let empty: Database;
let companyId: string;

beforeAll(async () => {
  empty = await database({ empty: true });
  ({ companyId } = await empty.importer.import(parseOrganisationFile(exampleText), options));
});

describe('importing the example organisation into an empty database', () => {
  it('creates everything, and its admin signs in (then must change the initial password)', async () => {
    expect(await empty.db.employee.count({ where: { companyId } })).toBe(4);
    expect(await empty.db.templateField.count({ where: { companyId } })).toBe(25);
    const app = await buildApp({ config, db: empty.db, databaseUrl: empty.url });
    checkAnswers(app);
    try {
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/signIn',
        payload: { username: 'harriet.admin', password: 'Harbour@2026', appType: 'web' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const permissions = await app.inject({
        method: 'GET',
        url: '/api/permissions',
        headers: { authtoken: signIn.json().response_data.authToken },
      });
      expect(permissions.json().response_data).toMatchObject({
        companyName: 'Harbour Logistics',
        // The file's own title, which the app's header shows.
        HeaderTitle: 'Harbour Safety',
        isForceUpdatePassword: 'yes',
        // Its first sign-in: welcomed to choose a password, not told it expired (issue 40).
        isInitialPassword: 'yes',
        access: { system: 'yes', risk: 'yes' },
      });
    } finally {
      await app.close();
    }
  });

  it('a second import changes nothing, and says so per kind', async () => {
    const before = await tableCounts(empty.db);
    const { counts } = await empty.importer.import(parseOrganisationFile(exampleText), options);
    expect(only(counts, 'unchanged'), JSON.stringify(counts)).toBe(true);
    expect(counts.employees).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(await tableCounts(empty.db)).toEqual(before);
  });

  it('export → import into another empty database → export gives the same file', async () => {
    const first = formatOrganisationFile(await exportOrganisation(empty.db, companyId), 'yaml');
    const other = await database({ empty: true });
    const { companyId: otherId } = await other.importer.import(parseOrganisationFile(first), options);
    const second = formatOrganisationFile(await exportOrganisation(other.db, otherId), 'yaml');
    expect(second).toBe(first);
    const exported = YAML.parse(first) as TOrganisationFile;
    expect(first).not.toMatch(/password|clientSecret|Harbour@2026/);
    const incident = exported.templates?.find((template) => template.name === 'Incident Report');
    expect(
      new Set(incident?.sections.flatMap((section) => section.fields.map((field) => field.type))).size,
    ).toBe(23);
  });
});

describe('changes, dry runs and invitations', () => {
  it('a dry run reports what would change and writes nothing', async () => {
    const { reading, file } = example();
    file.positions = [...(file.positions ?? []), 'Lashing Crew'];
    const before = await tableCounts(empty.db);
    const { counts } = await empty.importer.import(reading, { ...options, dryRun: true });
    expect(counts.positions).toEqual({ created: 1, updated: 0, unchanged: 3 });
    expect(await tableCounts(empty.db)).toEqual(before);
    expect(await empty.db.position.count({ where: { name: 'Lashing Crew' } })).toBe(0);
  });

  it('a changed role, position and template label are updates; the template gets a new version', async () => {
    const { reading, file } = example();
    file.roles![1]!.access = [...file.roles![1]!.access, 'risk'];
    file.templates![0]!.sections[0]!.fields[0]!.label = 'Short summary';
    file.employees![2]!.position = 'Shift Supervisor';
    const { counts } = await empty.importer.import(reading, options);
    expect(counts.roles).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(counts.templates).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(counts.employees).toEqual({ created: 0, updated: 1, unchanged: 3 });
    const template = await empty.db.formTemplate.findFirstOrThrow({
      where: { companyId, name: 'Incident Report' },
    });
    expect(template.currentVersion).toBe(2);
    expect(await empty.db.formTemplateVersion.count({ where: { templateId: template.id } })).toBe(2);
    const role = await empty.db.role.findFirstOrThrow({ where: { companyId, name: 'Terminal Staff' } });
    const log = await empty.db.changeLog.findFirstOrThrow({
      where: { entityType: 'role', entityId: role.id, action: 'updated' },
    });
    expect(log.userId).toBeNull();
    expect((log.changes as Record<string, unknown>).access).toBeDefined();
  });

  it('--invite queues one invitation per new account without a password, and none the second time', async () => {
    const target = await database({ empty: true });
    await target.importer.import(parseOrganisationFile(exampleText), { ...options, invite: true });
    const invited = await target.db.mailMessage.findMany({ where: { category: 'invitation' } });
    expect(invited.map((mail) => mail.toAddress).sort()).toEqual([
      'lena.fischer@portside-cranes.example',
      'office@portside-cranes.example',
      'ruby.nguyen@harbour.example',
    ]);
    await target.importer.import(parseOrganisationFile(exampleText), { ...options, invite: true });
    expect(await target.db.mailMessage.count({ where: { category: 'invitation' } })).toBe(3);
  });
});

describe('the asset register of the file (issue 44)', () => {
  it('takes names or details: a known number, else a known name, names the asset; new ones are numbered', async () => {
    // A database of its own: the other tests count what the example's import changes.
    const target = await database({ empty: true });
    const { companyId } = await target.importer.import(parseOrganisationFile(exampleText), options);
    const { reading, file } = example();
    file.assets = [
      'Gantry Crane 7',
      {
        number: 'RS-2',
        name: 'Reach Stacker 2',
        category: 'Stackers',
        make: 'Kalmar',
        workplace: 'Botany Terminal',
        branch: 'Quay 3',
        owner: 'Harriet.Cole@harbour.example',
        supplier: 'Portside Cranes',
        purchaseDate: '2024-03-01',
        purchaseCost: 420000,
        status: 'outOfService',
      },
      { name: 'Forklift 9' },
    ];
    const { counts } = await target.importer.import(reading, options);
    expect(counts.assets).toEqual({ created: 1, updated: 1, unchanged: 1 });
    const stacker = await target.db.asset.findFirstOrThrow({ where: { companyId, name: 'Reach Stacker 2' } });
    expect(stacker).toMatchObject({ number: 'RS-2', make: 'Kalmar', status: 'outOfService', isActive: true });
    expect(stacker.purchaseCost?.toFixed(2)).toBe('420000.00');
    expect(await target.db.assetCategory.count({ where: { companyId, name: 'Stackers' } })).toBe(1);
    const numbers = (await target.db.asset.findMany({ where: { companyId } })).map((row) => row.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.filter((number) => /^A-\d{5}$/.test(number))).toHaveLength(2);

    file.assets = [{ number: 'rs-2', name: 'Reach Stacker Two' }];
    expect((await target.importer.import(reading, options)).counts.assets).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await target.db.asset.findFirstOrThrow({ where: { id: stacker.id } })).number).toBe('RS-2');
    const exported = await exportOrganisation(target.db, companyId);
    expect(exported.assets).toContainEqual(expect.objectContaining({ number: 'RS-2', category: 'Stackers' }));

    file.assets = [{ name: 'Crane 8', workplace: 'Nowhere', owner: 'nobody@harbour.example' }];
    await expect(target.importer.import(reading, options)).rejects.toMatchObject({
      problems: [
        'assets[0].workplace: "Nowhere" does not exist',
        'assets[0].owner: "nobody@harbour.example" does not exist',
      ],
    });
    expect(await target.db.asset.count({ where: { companyId, name: 'Crane 8' } })).toBe(0);
  });

  it("follows the register's rules for maintenance: a category's plans, disposal, no return from it", async () => {
    const target = await database({ empty: true });
    const { companyId } = await target.importer.import(parseOrganisationFile(exampleText), options);
    const { reading, file } = example();
    file.assets = [{ number: 'HS-1', name: 'Hoist 1', category: 'Hoists' }];
    await target.importer.import(reading, options);
    const category = await target.db.assetCategory.findFirstOrThrow({ where: { companyId, name: 'Hoists' } });
    const owner = await target.db.employee.findFirstOrThrow({ where: { companyId, isActive: true } });
    const plan = await target.db.maintenancePlan.create({
      data: {
        companyId,
        categoryId: category.id,
        title: 'Load test',
        frequency: 'years',
        assigneeEmployeeId: owner.id,
        firstDueDate: new Date('2020-01-01T00:00:00Z'),
      },
    });
    // A new asset of the category joins its plans, as one saved on the register does.
    file.assets = [
      { number: 'HS-1', name: 'Hoist 1', category: 'Hoists' },
      { number: 'HS-2', name: 'Hoist 2', category: 'Hoists' },
    ];
    await target.importer.import(reading, options);
    const hoist2 = await target.db.asset.findFirstOrThrow({ where: { companyId, number: 'HS-2' } });
    const openOf = (assetId: string) =>
      target.db.maintenanceRecord.count({ where: { assetId, planId: plan.id, status: 'open' } });
    expect(await openOf(hoist2.id)).toBe(1);

    file.assets = [{ number: 'HS-2', name: 'Hoist 2', category: 'Hoists', status: 'disposed' }];
    await target.importer.import(reading, options);
    expect(await openOf(hoist2.id)).toBe(0);
    expect(
      await target.db.maintenanceRecord.count({ where: { assetId: hoist2.id, status: 'cancelled' } }),
    ).toBe(1);

    file.assets = [{ number: 'HS-2', name: 'Hoist 2', status: 'inService' }];
    await expect(target.importer.import(reading, options)).rejects.toMatchObject({
      problems: ['assets: "HS-2" was disposed of and cannot return to service'],
    });
    expect((await target.db.asset.findFirstOrThrow({ where: { id: hoist2.id } })).status).toBe('disposed');
  });
});

describe('a file that is refused changes nothing', () => {
  async function refusal(mutate: (file: Record<string, unknown>) => void, db: Database = empty) {
    const raw = YAML.parse(exampleText) as Record<string, unknown>;
    mutate(raw);
    const before = await tableCounts(db.db);
    try {
      await db.importer.import(parseOrganisationFile(YAML.stringify(raw)), options);
    } catch (error) {
      expect(error).toBeInstanceOf(ImportRefused);
      expect(await tableCounts(db.db)).toEqual(before);
      return (error as ImportRefused).problems;
    }
    throw new Error('the file was accepted');
  }
  type Raw = {
    employees: Record<string, unknown>[];
    roles: { access: string[] }[];
    templates: Record<string, unknown>[];
  };

  it('lists every problem of the file with its path', async () => {
    const problems = await refusal((file) => {
      const raw = file as unknown as Raw;
      raw.employees[3]!.email = 'not an email';
      raw.roles[1]!.access.push('launchRockets');
      (raw.templates[0]!.sections as { fields: { type: string }[] }[])[0]!.fields[0]!.type = 'hologram';
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'employees[3].email: Invalid email',
        'roles[1].access[4]: Unknown access key: launchRockets',
        'templates[0].sections[0].fields[0].type: Unknown field type: hologram',
      ]),
    );
  });

  it('finds names used twice', async () => {
    const problems = await refusal((file) => {
      const raw = file as unknown as Raw;
      raw.employees[2]!.username = 'harriet.admin';
      (raw.employees[3] as Record<string, unknown>).employeeNumber = 'H-001';
    });
    expect(problems).toEqual([
      'employees[3]: Duplicate employee number',
      'employees[2].username: Duplicate username',
    ]);
  });

  it('reports a wrong key with the unknown workplace it hid, and every other kind, at once (issue 40)', async () => {
    const problems = await refusal((file) => {
      const raw = file as unknown as Raw;
      raw.employees[0]!.workplce = 'Head Office';
      raw.employees[1]!.workplace = 'Dock 9';
      raw.employees[3]!.email = 'not an email';
      raw.employees[2]!.username = 'harriet.admin';
      raw.employees[1]!.role = 'Astronaut';
    });
    expect(problems).toEqual([
      'employees[0]: Unrecognized key: "workplce"',
      'employees[3].email: Invalid email',
      'employees[2].username: Duplicate username',
      'employees[1].role: No role named Astronaut',
      'employees[1].workplace: No workplace named Dock 9',
    ]);
  });

  it('checks the references of a file whose records are unreadable in part', async () => {
    // Into a new database: nothing the file names exists there but what the file gives.
    const problems = await refusal(
      (file) => {
        file.workplace = file.workplaces;
        delete file.workplaces;
        file.roles = 'Administrator';
        (file as unknown as Raw).employees[2] = 'Ruby Nguyen' as unknown as Record<string, unknown>;
      },
      await database({ empty: true }),
    );
    expect(problems).toEqual([
      'roles: Invalid input: expected array, received string',
      'employees[2]: Invalid input: expected object, received string',
      '(file): Unrecognized key: "workplace"',
      'employees[0].role: No role named Administrator',
      'employees[0].workplace: No workplace named Head Office',
      'employees[1].role: No role named Terminal Staff',
      'employees[1].workplace: No workplace named Botany Terminal',
      'employees[3].workplace: No workplace named Old Yard',
      'notices[1].audienceNames[0]: Nothing named Botany Terminal for this audience',
    ]);
  });

  it('names references to what does not exist', async () => {
    const problems = await refusal((file) => {
      const raw = file as unknown as Raw;
      raw.employees[1]!.role = 'Astronaut';
      raw.employees[1]!.manager = 'nobody.here';
    });
    expect(problems).toEqual([
      'employees[1].role: No role named Astronaut',
      'employees[1].manager: No employee with username or number nobody.here',
    ]);
  });

  it('does not take over a username of another organisation', async () => {
    const seeded = await database({ empty: false });
    const problems = await refusal((file) => {
      (file as unknown as Raw).employees[2]!.username = 'olivia.admin';
    }, seeded);
    expect(problems).toEqual([
      'employees[2].username: The username olivia.admin belongs to another organisation',
    ]);
  });

  it('the committed JSON Schema is the one the zod schema generates', () => {
    expect(fs.readFileSync(path.join(projectRoot, 'docs', 'organisation-file.schema.json'), 'utf8')).toBe(
      organisationFileJsonSchema(),
    );
  });
});

describe("the logo is read only from the organisation file's folder", () => {
  const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'org-outside-'));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'org-folder-'));
  const outsideLogo = path.join(outsideDir, 'logo.png');

  beforeAll(async () => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    fs.writeFileSync(outsideLogo, png);
    fs.writeFileSync(path.join(folder, 'logo.png'), png);
    fs.mkdirSync(path.join(folder, 'images'));
    fs.writeFileSync(path.join(folder, 'images', 'logo.png'), png);
    fs.symlinkSync(outsideLogo, path.join(folder, 'link.png'));
    fs.symlinkSync(outsideDir, path.join(folder, 'elsewhere'));
  });
  afterAll(() => {
    for (const dir of [outsideDir, folder]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const importWithLogo = (logo: string) => {
    const { reading, file } = example();
    file.organisation.logo = logo;
    return empty.importer.import(reading, { baseDir: folder, dryRun: true, invite: false });
  };

  it.each([
    ['a path of the host', '/etc/passwd'],
    ['an absolute path to an image', outsideLogo],
    ['a path up and out of the folder', `../${path.basename(outsideDir)}/logo.png`],
    ['a path that goes up and comes back', `images/../../${path.basename(folder)}/logo.png`],
    ['a link in the folder to an image outside it', 'link.png'],
    ['an image in a linked folder outside it', 'elsewhere/logo.png'],
  ])('refuses %s, reading nothing', async (_what, logo) => {
    const refused = await importWithLogo(logo).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImportRefused);
    expect((refused as ImportRefused).problems).toEqual([
      `organisation.logo: ${logo} must be a file in the organisation file's folder, named without .. or a leading /`,
    ]);
  });

  it('reads an image beside the file or in a folder beside it', async () => {
    for (const logo of ['logo.png', './logo.png', 'images/logo.png']) {
      const { counts } = await importWithLogo(logo);
      expect(counts.logo, logo).toEqual({ created: 1, updated: 0, unchanged: 0 });
    }
    const missing = await importWithLogo('nothing.png').catch((error: unknown) => error);
    expect((missing as ImportRefused).problems).toEqual([
      'organisation.logo: No file nothing.png next to the organisation file',
    ]);
  });
});

describe('the command', () => {
  const run = promisify(execFile);
  const cli = (args: string[], url: string) =>
    run('npx', ['tsx', path.join(projectRoot, 'server/src/organisationFileCli.ts'), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: url, FILE_STORAGE_DIR: os.tmpdir() },
    });

  it('imports with --dry-run and prints the counts; a bad file exits 1 with its problems', async () => {
    const { stdout } = await cli(['import', EXAMPLE, '--dry-run'], empty.url);
    expect(stdout).toContain('Dry run: nothing was written');
    // The example against the organisation the tests above changed: one employee would change back.
    expect(stdout).toContain('employees: 0 created, 1 updated, 3 unchanged');
    const bad = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'org-')), 'bad.yaml');
    fs.writeFileSync(bad, exampleText.replace('timeZone: Australia/Sydney', 'timeZone: Mars/Olympus'));
    const failed = await cli(['import', bad], empty.url).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain('organisation.timeZone: Unknown time zone');
  }, 60_000);

  it("assigns a position's standing courses to whoever joins it through the file (the areas' hooks)", async () => {
    const target = await database({ empty: true });
    const { companyId } = await target.importer.import(parseOrganisationFile(exampleText), options);
    const position = await target.db.position.findFirstOrThrow({
      where: { companyId, name: 'Crane Operator' },
    });
    const reviewer = await target.db.employee.findFirstOrThrow({
      where: { companyId, employeeNumber: 'H-001' },
    });
    const course = await target.db.trainingCourse.create({
      data: { companyId, name: 'Crane Induction', currentVersion: 1 },
    });
    await target.db.trainingCourseVersion.create({
      data: {
        companyId,
        courseId: course.id,
        number: 1,
        content: {},
        passMark: 80,
        attemptsAllowed: 2,
        expectedMinutes: 20,
        questionCount: 0,
      },
    });
    await target.db.trainingPositionRule.create({
      data: {
        companyId,
        courseId: course.id,
        positionId: position.id,
        reviewerEmployeeId: reviewer.id,
        completeWithinDays: 14,
      },
    });
    const raw = YAML.parse(exampleText) as { employees: Record<string, unknown>[] };
    raw.employees.push({
      firstName: 'Ana',
      lastName: 'Silva',
      employeeNumber: 'H-009',
      position: 'Crane Operator',
      workplace: 'Botany Terminal',
    });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'org-')), 'joiner.yaml');
    fs.writeFileSync(file, YAML.stringify(raw));
    await cli(['import', file], target.url);
    const ana = await target.db.employee.findFirstOrThrow({ where: { companyId, employeeNumber: 'H-009' } });
    expect(
      await target.db.onlineTrainingAssignment.count({ where: { courseId: course.id, employeeId: ana.id } }),
    ).toBe(1);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }, 60_000);

  it('refuses a file larger than ORGANISATION_FILE_MAX_BYTES before reading it', async () => {
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'org-')), 'big.yaml');
    // A valid file, made too large by a comment: only its size is wrong.
    const padding = `# ${'x'.repeat(98)}\n`.repeat(Math.ceil(ORGANISATION_FILE_MAX_BYTES / 100));
    fs.writeFileSync(big, `${exampleText}${padding}`);
    expect(fs.statSync(big).size).toBeGreaterThan(ORGANISATION_FILE_MAX_BYTES);
    const refused = await cli(['import', big, '--dry-run'], empty.url).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      `(file): ${big} is larger than 5 MB; import the organisation in several files`,
    );
    fs.rmSync(path.dirname(big), { recursive: true, force: true });
  }, 60_000);
});
