import { personName, type AccountStatus, type CallAccess } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { timestampOf } from '../../db/reader';
import { sql, type Sql } from '../../db/sql';

/**
 * Active employees of the organisation who sign in (they have an account), whose first or last
 * name matches the search (and their username too with `byUsername`: template coordinators are
 * found by it, supplier reviewers are not): the people a coordinator or a reviewer is chosen from.
 * `only` narrows them (e.g. to those a review call serves: `servedBy`). The first 20 by name.
 */
export async function findAccountHolders(
  db: Db,
  companyId: string,
  search: string | undefined,
  { byUsername = false, only = {} }: { byUsername?: boolean; only?: Prisma.EmployeeWhereInput } = {},
) {
  const words = search?.trim();
  const employees = await db.employee.findMany({
    where: {
      companyId,
      isActive: true,
      user: { isNot: null },
      ...only,
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

/**
 * Employees who sign in and whose role holds the access keys of a call (its route access, as
 * plugins/callers.ts rules on it): the people to pick for work they will do through that call, such
 * as a register's reviewers through its review page.
 */
export function servedBy(call: { access: CallAccess }): Prisma.EmployeeWhereInput {
  const keys = call.access.accessKeys ?? [];
  return {
    user: { is: { isActive: true } },
    AND: keys.map((key) => ({ role: { is: { access: { path: [key], equals: true } } } })),
  };
}

/** Who did something, by user id: the employee's name, else the account's username. */
export async function userNames(
  db: Db,
  companyId: string,
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
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
  ids: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const employees = await db.employee.findMany({
    where: { companyId, id: { in: wanted } },
    select: { id: true, firstName: true, lastName: true },
  });
  return new Map(employees.map((employee) => [employee.id, personName(employee)]));
}

/**
 * The columns of a user account `u` (joined by the statement, possibly absent) that its status
 * needs, for the lists read through the Reader: the latest expiry of its unused invitations.
 */
export const accountColumns = sql`u.id AS "userId", u.username, u.email AS "userEmail",
  u."isActive" AS "userActive", u."passwordHash" IS NOT NULL AS "hasPassword",
  (SELECT max(r."expiresAt") FROM "PasswordResetToken" r
    WHERE r."userId" = u.id AND r.purpose = 'invitation' AND r."usedAt" IS NULL) AS "invitedUntil"`;

export interface AccountColumns {
  /** Null when the row has no account (the left join found none). */
  userId: string | null;
  username: string | null;
  userEmail: string | null;
  userActive: boolean | null;
  hasPassword: boolean | null;
  /** A `timestamp` as text (db/reader.ts), or null without an unused invitation. */
  invitedUntil: string | null;
}

/** An account's standing: deactivated, active once it has a password, else invited while an invitation runs. */
export function accountStatus(
  account: Pick<AccountColumns, 'userActive' | 'hasPassword'> & { invitedUntil: string | Date | null },
  now: Date,
): AccountStatus {
  if (!account.userActive) return 'deactivated';
  if (account.hasPassword) return 'active';
  return account.invitedUntil !== null && timestampOf(account.invitedUntil) > now ? 'invited' : 'notInvited';
}

/**
 * The name `userNames` gives the user in `userId` (the employee's, else the username) as JSON for
 * `nameOfUser`, in a statement of the Reader; another organisation's user has none.
 */
export const userNameJson = (userId: Sql, companyId: Sql) =>
  sql`(SELECT json_build_object('username', u.username, 'firstName', e."firstName", 'lastName', e."lastName")
    FROM "User" u LEFT JOIN "Employee" e ON e.id = u."employeeId"
    WHERE u.id = ${userId} AND u."companyId" = ${companyId})`;

export type UserNameJson = { username: string; firstName: string | null; lastName: string | null } | null;

export const nameOfUser = (user: UserNameJson): string | null =>
  user === null
    ? null
    : user.firstName !== null
      ? personName({ firstName: user.firstName, lastName: user.lastName ?? '' })
      : user.username;
