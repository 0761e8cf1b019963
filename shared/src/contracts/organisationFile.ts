import { z } from 'zod';
import { NOTICE_PRIORITIES } from '../constants';
import { ACCESS_KEYS } from '../rules/access';
import { isValidTimeZone } from '../rules/dashboardPeriods';
import { updateUsernameError } from '../rules/email';
import { ASSET_STATUSES } from './assets';
import { ZDay } from './envelope';
import { NOTICE_AUDIENCES } from './noticeboard';
import { ZTemplateFile } from './templates';

/**
 * The organisation file: one organisation as `npm run org -- import|export` reads and writes it
 * (docs/administration.md). Records are named, never numbered: references between them are names
 * (workplace, role, position), usernames (manager, coordinator) or titles, so a file moves between
 * databases. Defaults are omitted on export, so export → import → export gives the same file.
 */

// Every record is a strict object: a misspelt key (`workplce:`) is a problem, never silently dropped.
const name = z.string().trim().min(1, 'Required').max(200);
const email = z
  .string()
  .trim()
  .max(320)
  .refine((value) => !updateUsernameError(value), 'Invalid email');
const username = z.string().trim().min(1, 'Required').max(320);
/** An initial password only: hashed on import, changed at first sign-in, never exported. */
const password = z.string().min(8, 'At least 8 characters').max(200);

const ZFileEmployee = z.strictObject({
  firstName: name,
  lastName: name,
  username: username.optional(),
  email: email.optional(),
  employeeNumber: z.string().trim().min(1).max(50).optional(),
  position: name.optional(),
  role: name.optional(),
  workplace: name.optional(),
  branch: name.optional(),
  /** Username or employee number of another employee of the file or the organisation. */
  manager: z.string().trim().min(1).max(320).optional(),
  active: z.boolean().optional(),
  password: password.optional(),
});

/**
 * An asset of the file: its name alone (the register numbers it), or its register details; a known
 * number (else a known name) names the asset the import changes (docs/assets.md).
 */
const ZFileAsset = z.union([
  name,
  z.strictObject({
    number: z.string().trim().min(1).max(40).optional(),
    name,
    category: name.optional(),
    make: z.string().trim().max(200).optional(),
    model: z.string().trim().max(200).optional(),
    serialNumber: z.string().trim().max(200).optional(),
    workplace: name.optional(),
    branch: name.optional(),
    location: z.string().trim().max(200).optional(),
    /** The owner employee's e-mail address. */
    owner: z.string().trim().max(200).optional(),
    supplier: name.optional(),
    purchaseDate: ZDay.optional(),
    purchaseCost: z.number().min(0).max(9_999_999_999.99).optional(),
    status: z.enum(ASSET_STATUSES).optional(),
    notes: z.string().max(10_000).optional(),
  }),
]);
export type TFileAsset = z.output<typeof ZFileAsset>;

const ZFileSupplier = z.strictObject({
  name,
  email: email.optional(),
  supplierPortal: z.boolean().optional(),
  supplierAccess: z.boolean().optional(),
  active: z.boolean().optional(),
  /** The company's own portal accounts. */
  users: z
    .array(z.strictObject({ username, email: email.optional(), password: password.optional() }))
    .max(500)
    .optional(),
  personnel: z
    .array(
      z.strictObject({
        firstName: name,
        lastName: name,
        email: email.optional(),
        /** A sign-in account for this person. */
        username: username.optional(),
        password: password.optional(),
        active: z.boolean().optional(),
      }),
    )
    .max(5000)
    .optional(),
});

const ZOrganisationFileShape = z
  .object({
    version: z.literal(1),
    organisation: z.strictObject({
      name,
      timeZone: z.string().refine(isValidTimeZone, 'Unknown time zone').optional(),
      mailSenderName: z.string().trim().min(1).max(100).optional(),
      headerTitle: z.string().trim().min(1).max(100).optional(),
      homeSiteUrl: z.url().optional(),
      /** A PNG, JPEG or WebP file next to the organisation file. */
      logo: z.string().max(500).optional(),
    }),
    workplaces: z
      .array(
        z.strictObject({
          name,
          active: z.boolean().optional(),
          branches: z
            .array(z.strictObject({ name, active: z.boolean().optional() }))
            .max(1000)
            .optional(),
        }),
      )
      .max(5000)
      .optional(),
    positions: z.array(name).max(5000).optional(),
    roles: z
      .array(
        z.strictObject({
          name,
          access: z.array(
            z.enum(ACCESS_KEYS, { error: (issue) => `Unknown access key: ${String(issue.input)}` }),
          ),
        }),
      )
      .max(1000)
      .optional(),
    employees: z.array(ZFileEmployee).max(200_000).optional(),
    suppliers: z.array(ZFileSupplier).max(20_000).optional(),
    assets: z.array(ZFileAsset).max(100_000).optional(),
    risks: z
      .array(
        z.strictObject({
          name,
          colour: z.enum(['green', 'yellow', 'orange', 'red']),
          master: z.boolean().optional(),
        }),
      )
      .max(100_000)
      .optional(),
    hazardousSubstances: z.array(name).max(100_000).optional(),
    notices: z
      .array(
        z.strictObject({
          title: name,
          content: z.string().min(1, 'Required').max(20_000),
          priority: z.enum(NOTICE_PRIORITIES).optional(),
          startDate: ZDay,
          expireDate: ZDay.optional(),
          audience: z.enum(NOTICE_AUDIENCES).optional(),
          /** Names of the workplaces, roles or supplier companies the audience names. */
          audienceNames: z.array(name).max(500).optional(),
          published: z.boolean().optional(),
        }),
      )
      .max(10_000)
      .optional(),
    sso: z
      .array(
        z.strictObject({
          provider: z.enum(['microsoft', 'google']),
          issuer: z.url(),
          clientId: z.string().trim().min(1).max(500),
          /** Write-only: never exported; absent keeps the stored secret. */
          clientSecret: z.string().min(1).max(2000).optional(),
          enabled: z.boolean().optional(),
        }),
      )
      .max(2)
      .optional(),
    templates: z.array(ZTemplateFile).max(5000).optional(),
  })
  .strict();

/** A value that is left out when it does not fit `schema`; a list whose unfit items are left out in their place. */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const lenientText = lenient(z.string().trim().min(1));
const lenientList = <T extends z.ZodType>(item: T) => lenient(z.array(lenient(item)));

/**
 * The names a file gives and refers to, read leniently: a part too malformed to read is left out
 * (a list keeps its length, so every place in the file keeps its index). A file with schema
 * problems is still checked for duplicate names and for references to what does not exist, so all
 * its problems are reported at once (issue 40: a wrong key hid an unknown workplace).
 */
const ZOrganisationFileNames = z
  .object({
    organisation: lenient(z.object({ name: lenientText, logo: lenientText })),
    workplaces: lenientList(
      z.object({ name: lenientText, branches: lenientList(z.object({ name: lenientText })) }),
    ),
    positions: lenientList(z.string().trim().min(1)),
    roles: lenientList(z.object({ name: lenientText })),
    employees: lenientList(
      z.object({
        username: lenientText,
        email: lenientText,
        employeeNumber: lenientText,
        position: lenientText,
        role: lenientText,
        workplace: lenientText,
        branch: lenientText,
        manager: lenientText,
      }),
    ),
    suppliers: lenientList(
      z.object({
        name: lenientText,
        users: lenientList(z.object({ username: lenientText })),
        personnel: lenientList(z.object({ username: lenientText })),
      }),
    ),
    notices: lenientList(
      z.object({
        startDate: lenient(ZDay),
        expireDate: lenient(ZDay),
        audience: lenient(z.enum(NOTICE_AUDIENCES)),
        audienceNames: lenientList(z.string().trim().min(1)),
      }),
    ),
    templates: lenientList(
      z.object({
        name: lenientText,
        coordinator: lenientText,
        copied: lenientList(z.string().trim().min(1)),
      }),
    ),
  })
  .catch({});
export type TOrganisationFileNames = z.output<typeof ZOrganisationFileNames>;

interface FileProblem {
  path: (string | number)[];
  message: string;
}

/** Names used twice, and notices whose dates or audience do not fit: what the schema cannot say. */
function nameProblems(file: TOrganisationFileNames): FileProblem[] {
  const problems: FileProblem[] = [];
  const issue = (path: (string | number)[], message: string) => problems.push({ path, message });
  const unique = <T>(
    list: (T | undefined)[] | undefined,
    key: (item: T) => string | undefined,
    at: (string | number)[],
    what: string,
  ) => {
    const seen = new Set<string>();
    list?.forEach((item, index) => {
      const value = item === undefined ? undefined : key(item)?.toLowerCase();
      if (value === undefined) return;
      if (seen.has(value)) issue([...at, index], `Duplicate ${what}`);
      seen.add(value);
    });
  };
  unique(file.workplaces, (w) => w.name, ['workplaces'], 'workplace name');
  file.workplaces?.forEach((workplace, w) =>
    unique(workplace?.branches, (b) => b.name, ['workplaces', w, 'branches'], 'branch name'),
  );
  unique(file.positions, (p) => p, ['positions'], 'position name');
  unique(file.roles, (r) => r.name, ['roles'], 'role name');
  unique(file.suppliers, (s) => s.name, ['suppliers'], 'supplier name');
  unique(file.templates, (t) => t.name, ['templates'], 'template name');
  unique(file.employees, (e) => e.employeeNumber, ['employees'], 'employee number');
  unique(file.employees, (e) => e.email, ['employees'], 'employee e-mail');
  const usernames = new Set<string>();
  const claim = (value: string | undefined, path: (string | number)[]) => {
    if (!value) return;
    if (usernames.has(value.toLowerCase())) issue(path, 'Duplicate username');
    usernames.add(value.toLowerCase());
  };
  file.employees?.forEach((employee, index) => claim(employee?.username, ['employees', index, 'username']));
  file.suppliers?.forEach((supplier, s) => {
    supplier?.users?.forEach((user, u) => claim(user?.username, ['suppliers', s, 'users', u, 'username']));
    supplier?.personnel?.forEach((person, p) =>
      claim(person?.username, ['suppliers', s, 'personnel', p, 'username']),
    );
  });
  file.notices?.forEach((notice, index) => {
    if (!notice) return;
    if (notice.expireDate && notice.startDate && notice.expireDate < notice.startDate)
      issue(['notices', index, 'expireDate'], 'The expiry date is before the start date');
    if ((notice.audience ?? 'everyone') !== 'everyone' && !notice.audienceNames?.length)
      issue(['notices', index, 'audienceNames'], 'Name at least one for this audience');
  });
  return problems;
}

export const ZOrganisationFile = ZOrganisationFileShape.superRefine((file, ctx) => {
  for (const { path, message } of nameProblems(file)) ctx.addIssue({ code: 'custom', path, message });
});
export type TOrganisationFile = z.output<typeof ZOrganisationFile>;

/** A problem as the importer reports it: `employees[3].email: Invalid email`, `(file)` for the whole file. */
function problemAt(path: PropertyKey[], message: string): string {
  const place = path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
  return `${place || '(file)'}: ${message}`;
}

/**
 * A file's data as read: the file when it has no problem, and always the names it gives and uses
 * for the checks against the database: the file itself when it is well formed (a change to `file`
 * is a change to `names`), else read leniently.
 */
export interface TOrganisationFileReading {
  file: TOrganisationFile | null;
  names: TOrganisationFileNames;
  problems: string[];
}

/** Reads a parsed YAML or JSON document as an organisation file: every schema and name problem at once. */
export function readOrganisationFileData(data: unknown): TOrganisationFileReading {
  const shape = ZOrganisationFileShape.safeParse(data);
  const names: TOrganisationFileNames = shape.success ? shape.data : ZOrganisationFileNames.parse(data);
  const problems = [
    ...(shape.success ? [] : fileProblems(shape.error)),
    ...nameProblems(names).map(({ path, message }) => problemAt(path, message)),
  ];
  return { file: shape.success && problems.length === 0 ? shape.data : null, names, problems };
}

/** Every problem of a parsed file as `path: message` (employees[3].email: Invalid email). */
export function fileProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => problemAt(issue.path, issue.message));
}
