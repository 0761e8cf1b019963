import { personName } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';

/**
 * Active employees of the organisation who sign in (they have an account), whose first or last
 * name matches the search (and their username too with `byUsername`: template coordinators are
 * found by it, supplier reviewers are not): the people a coordinator or a reviewer is chosen from.
 * The first 20 by name.
 */
export async function findAccountHolders(
  db: Db,
  companyId: string,
  search: string | undefined,
  { byUsername = false }: { byUsername?: boolean } = {},
) {
  const words = search?.trim();
  const employees = await db.employee.findMany({
    where: {
      companyId,
      isActive: true,
      user: { isNot: null },
      ...(words && {
        OR: [
          { firstName: { contains: words, mode: 'insensitive' } },
          { lastName: { contains: words, mode: 'insensitive' } },
          ...(byUsername ? [{ user: { username: { contains: words, mode: 'insensitive' as const } } }] : []),
        ],
      }),
    },
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
    take: 20,
    select: { id: true, firstName: true, lastName: true, user: { select: { username: true } } },
  });
  return employees.map((employee) => ({
    id: employee.id,
    username: employee.user!.username,
    name: personName(employee),
  }));
}

/** Who did something, by user id: the employee's name, else the account's username. */
export async function userNames(
  db: Db,
  companyId: string,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await db.user.findMany({
    where: { companyId, id: { in: wanted } },
    select: { id: true, username: true, employee: { select: { firstName: true, lastName: true } } },
  });
  return new Map(users.map((user) => [user.id, user.employee ? personName(user.employee) : user.username]));
}

/** Employees' names by id, within the organisation (an id of another organisation is left out). */
export async function employeeNames(
  db: Db | Prisma.TransactionClient,
  companyId: string,
  ids: (string | null)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const employees = await db.employee.findMany({
    where: { companyId, id: { in: wanted } },
    select: { id: true, firstName: true, lastName: true },
  });
  return new Map(employees.map((employee) => [employee.id, personName(employee)]));
}
