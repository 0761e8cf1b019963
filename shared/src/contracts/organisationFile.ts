import { z } from 'zod';
import { NOTICE_PRIORITIES } from '../constants';
import { ACCESS_KEYS } from '../rules/access';
import { isValidTimeZone } from '../rules/dashboardPeriods';
import { updateUsernameError } from '../rules/email';
import { ZDay } from './envelope';
import { NOTICE_AUDIENCES } from './noticeboard';
import { ZTemplateFile } from './templates';

/**
 * The organisation file: one organisation as `npm run org -- import|export` reads and writes it
 * (docs/administration.md). Records are named, never numbered: references between them are names
 * (workplace, role, position), usernames (manager, coordinator) or titles, so a file moves between
 * databases. Defaults are omitted on export, so export → import → export gives the same file.
 */

const name = z.string().trim().min(1, 'Required').max(200);
const email = z
  .string()
  .trim()
  .max(320)
  .refine((value) => !updateUsernameError(value), 'Invalid email');
const username = z.string().trim().min(1, 'Required').max(320);
/** An initial password only: hashed on import, changed at first sign-in, never exported. */
const password = z.string().min(8, 'At least 8 characters').max(200);

const ZFileEmployee = z.object({
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

const ZFileSupplier = z.object({
  name,
  email: email.optional(),
  supplierPortal: z.boolean().optional(),
  supplierAccess: z.boolean().optional(),
  active: z.boolean().optional(),
  /** The company's own portal accounts. */
  users: z
    .array(z.object({ username, email: email.optional(), password: password.optional() }))
    .max(500)
    .optional(),
  personnel: z
    .array(
      z.object({
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

export const ZOrganisationFile = z
  .object({
    version: z.literal(1),
    organisation: z.object({
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
        z.object({
          name,
          active: z.boolean().optional(),
          branches: z
            .array(z.object({ name, active: z.boolean().optional() }))
            .max(1000)
            .optional(),
        }),
      )
      .max(5000)
      .optional(),
    positions: z.array(name).max(5000).optional(),
    roles: z
      .array(
        z.object({
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
    assets: z.array(name).max(100_000).optional(),
    risks: z
      .array(
        z.object({
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
        z.object({
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
        z.object({
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
  .strict()
  .superRefine((file, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const unique = <T>(
      list: T[] | undefined,
      key: (item: T) => string | undefined,
      at: (string | number)[],
      what: string,
    ) => {
      const seen = new Set<string>();
      list?.forEach((item, index) => {
        const value = key(item)?.toLowerCase();
        if (value === undefined) return;
        if (seen.has(value)) issue([...at, index], `Duplicate ${what}`);
        seen.add(value);
      });
    };
    unique(file.workplaces, (w) => w.name, ['workplaces'], 'workplace name');
    file.workplaces?.forEach((workplace, w) =>
      unique(workplace.branches, (b) => b.name, ['workplaces', w, 'branches'], 'branch name'),
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
    file.employees?.forEach((employee, index) => claim(employee.username, ['employees', index, 'username']));
    file.suppliers?.forEach((supplier, s) => {
      supplier.users?.forEach((user, u) => claim(user.username, ['suppliers', s, 'users', u, 'username']));
      supplier.personnel?.forEach((person, p) =>
        claim(person.username, ['suppliers', s, 'personnel', p, 'username']),
      );
    });
    file.notices?.forEach((notice, index) => {
      if (notice.expireDate && notice.expireDate < notice.startDate)
        issue(['notices', index, 'expireDate'], 'The expiry date is before the start date');
      if ((notice.audience ?? 'everyone') !== 'everyone' && !notice.audienceNames?.length)
        issue(['notices', index, 'audienceNames'], 'Name at least one for this audience');
    });
  });
export type TOrganisationFile = z.output<typeof ZOrganisationFile>;

/** Every problem of a parsed file as `path: message` (employees[3].email: Invalid email). */
export function fileProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path
      .map((part, index) =>
        typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
      )
      .join('');
    return `${path || '(file)'}: ${issue.message}`;
  });
}
