import type { TOrganisationFileNames } from '@compass/shared';
import { lower, type Tx } from './importRun';

/**
 * A file that is malformed, names what does not exist, or clashes with another organisation: every
 * problem of every kind, each at its place in the file; nothing written.
 */
export class ImportRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`The organisation file was refused:\n  ${problems.join('\n  ')}`);
  }
}

/**
 * Where the file refers to a name that exists neither in the file nor in the organisation, or
 * takes a username of another organisation. Reads the names only, so a malformed file is checked too.
 */
export async function referenceProblems(
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
