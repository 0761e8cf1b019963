import {
  employeeMessages as say,
  personName,
  type EmployeeStatus,
  type TEmployeeDetails,
  type TEmployeeFormOptions,
  type TEmployeeListRequest,
  type TEmployeeRow,
  type TEmployeeSaveParsed,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, recordSave } from '../../plugins/changeLog';
import { allowedKeys, readRights, requireAdministrator } from '../administration';
import { throttleAccountOf, type SignInThrottle } from '../auth';
import type { Invitations } from '../password';
import type { Reader } from '../../db/reader';
import { join, sql, uuid, type Sql } from '../../db/sql';
import { positionJoined } from './positionJoins';
import { employeeSearch } from './search';
import { accountColumns, accountStatus, employeeNames, type AccountColumns } from './accountHolders';
import { mayManage, refuseSelfDeactivation, requireMaySave, requireMaySetActive } from './policy';

type Tx = Prisma.TransactionClient;
type EmployeeInput = TEmployeeSaveParsed;

const include = {
  position: { select: { name: true } },
  role: { select: { name: true } },
  user: {
    select: {
      id: true,
      username: true,
      email: true,
      isActive: true,
      passwordHash: true,
      resetTokens: {
        where: { purpose: 'invitation', usedAt: null },
        select: { expiresAt: true },
      },
    },
  },
} satisfies Prisma.EmployeeInclude;
type EmployeeRecord = Prisma.EmployeeGetPayload<{ include: typeof include }>;

/** Employees and their sign-in accounts: the Human Resources > Employees area. */
export class EmployeeService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly invitations: Invitations,
    private readonly throttle: SignInThrottle,
  ) {}

  async list(
    auth: AuthContext,
    request: TEmployeeListRequest,
  ): Promise<{ rows: TEmployeeRow[]; total: number }> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const now = new Date();
    const where = employeeWhere(auth.companyId, request, now);
    // A count of every match: an organisation's employees are a few thousand at most (0.4 ms).
    const [rows, counted] = await Promise.all([
      this.rows(where, sql`LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, now),
      this.reader.rows<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM "Employee" e WHERE ${where}`,
      ),
    ]);
    return { rows: rows.map((row) => rowOf(row, now)), total: counted[0]?.total ?? 0 };
  }

  async details(auth: AuthContext, id: string): Promise<TEmployeeDetails> {
    const now = new Date();
    const [employee] = await this.rows(
      sql`e."companyId" = ${uuid(auth.companyId)} AND e.id = ${uuid(id)}`,
      sql`LIMIT 1`,
      now,
    );
    if (!employee) throw notFound();
    const rights = await readRights(this.db, auth);
    return {
      mayManage: mayManage(rights, employee),
      positionId: employee.positionId,
      roleId: employee.roleId,
      workplaceId: employee.workplaceId,
      branchId: employee.branchId,
      managerEmployeeId: employee.managerEmployeeId,
      isSelf: employee.id === auth.employeeId,
      ...rowOf(employee, now),
    };
  }

  /**
   * The employees of `where` (on `e`) in name order, `limit` of them, with the names and account
   * state a row shows, in one statement.
   */
  private rows(where: Sql, limit: Sql, now: Date) {
    return this.reader.rows<EmployeeRow>(sql`SELECT e.id, e."firstName", e."lastName", e.email,
        e."employeeNumber", e."isActive", e."positionId", e."roleId", e."workplaceId", e."branchId",
        e."managerEmployeeId", po.name AS position, ro.name AS role, w.name AS workplace,
        m."firstName" AS "managerFirstName", m."lastName" AS "managerLastName", ${accountColumns},
        EXISTS (SELECT 1 FROM "SignInThrottle" t
          WHERE t.account = 'user:' || u.id AND t."lockedUntil" > ${now.toISOString()}::timestamp) AS locked
      FROM (SELECT e.* FROM "Employee" e WHERE ${where}
        ORDER BY e."lastName", e."firstName", e.id ${limit}) e
      LEFT JOIN "User" u ON u."employeeId" = e.id
      LEFT JOIN "Position" po ON po.id = e."positionId"
      LEFT JOIN "Role" ro ON ro.id = e."roleId"
      LEFT JOIN "Workplace" w ON w.id = e."workplaceId" AND w."companyId" = e."companyId"
      LEFT JOIN "Employee" m ON m.id = e."managerEmployeeId" AND m."companyId" = e."companyId"
      ORDER BY e."lastName", e."firstName", e.id`);
  }

  async formOptions(auth: AuthContext): Promise<TEmployeeFormOptions> {
    const companyId = auth.companyId;
    const byName = { orderBy: { name: 'asc' as const } };
    const [positions, roles, workplaces] = await Promise.all([
      this.db.position.findMany({ where: { companyId }, ...byName }),
      this.db.role.findMany({
        where: { companyId },
        include: { restrictions: { where: { isAccess: false }, select: { keyField: true } } },
        ...byName,
      }),
      this.db.workplace.findMany({
        where: { companyId, isActive: true },
        include: { branches: { where: { isActive: true }, ...byName } },
        ...byName,
      }),
    ]);
    const option = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
    return {
      positions: positions.map(option),
      roles: roles.map((role) => ({
        ...option(role),
        access: allowedKeys(role.access),
        restricted: role.restrictions.map((row) => row.keyField),
      })),
      workplaces: workplaces.map((workplace) => ({
        branches: workplace.branches.map(option),
        ...option(workplace),
      })),
    };
  }

  /** Creates an employee with an account (no password; invited when asked) or changes one. */
  async save(auth: AuthContext, input: EmployeeInput): Promise<{ _id: string; invited: boolean }> {
    return this.db.$transaction(async (tx) => {
      const before = input._id
        ? await tx.employee.findFirst({ where: { id: input._id, companyId: auth.companyId }, include })
        : null;
      if (input._id && !before) throw notFound();
      const refs = await this.checkReferences(tx, auth.companyId, input, before?.id ?? null);
      await this.checkUnique(tx, auth.companyId, input, before);
      if (input.invite && !input.email)
        throw badRequest(say.inviteNeedsEmail, [{ field: 'email', message: say.inviteNeedsEmail }]);
      const change = {
        role: !before || before.roleId !== (input.roleId ?? null),
        email: Boolean(before?.user) && !sameAddress(before?.user?.email ?? null, input.email),
        username: Boolean(before?.user) && before?.user?.username !== input.username,
      };
      const rights = await readRights(tx, auth);
      requireMaySave(rights, before, change, input.roleId ?? null);

      const data = {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        employeeNumber: input.employeeNumber,
        positionId: input.positionId ?? null,
        roleId: input.roleId ?? null,
        workplaceId: input.workplaceId ?? null,
        branchId: input.branchId ?? null,
        managerEmployeeId: input.managerEmployeeId ?? null,
      };
      const employee = before
        ? await tx.employee.update({ where: { id: before.id }, data })
        : await tx.employee.create({ data: { companyId: auth.companyId, ...data } });
      let userId = before?.user?.id ?? null;
      let reinvited = false;
      if (userId) {
        await tx.user.update({
          where: { id: userId },
          data: { username: input.username, email: input.email },
        });
        const oldEmail = before?.user?.email;
        if (change.email && oldEmail) {
          ({ reinvited } = await this.invitations.signInEmailChanged(tx, {
            userId,
            oldEmail,
            changedBy:
              (await employeeNames(tx, auth.companyId, [auth.employeeId])).get(auth.employeeId ?? '') ??
              'An administrator',
            keepSessionId: before?.id === auth.employeeId ? auth.sessionId : null,
          }));
        }
      } else {
        const user = await tx.user.create({
          data: {
            companyId: auth.companyId,
            username: input.username,
            email: input.email,
            userType: 'employee',
            employeeId: employee.id,
          },
        });
        userId = user.id;
      }
      // Changing who has System Administration must leave the organisation an administrator.
      if (before && before.roleId !== data.roleId) await requireAdministrator(tx, auth.companyId);
      await recordSave(
        tx,
        auth,
        { type: 'employee', id: employee.id },
        before && (await this.snapshot(tx, before)),
        { ...(await this.snapshot(tx, { ...employee, user: { username: input.username } })), ...refs },
      );
      const invited = !before && Boolean(input.invite);
      if (invited) await this.inviteIn(tx, auth, employee.id, userId);
      await positionJoined(tx, before, employee, auth.userId);
      return { _id: employee.id, invited: invited || reinvited };
    });
  }

  async invite(auth: AuthContext, id: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const employee = await tx.employee.findFirst({ where: { id, companyId: auth.companyId }, include });
      if (!employee?.user) throw notFound();
      await this.inviteIn(tx, auth, employee.id, employee.user.id);
    });
  }

  private async inviteIn(tx: Tx, auth: AuthContext, employeeId: string, userId: string) {
    await this.invitations.invite(tx, userId);
    await recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType: 'employee',
      entityId: employeeId,
      action: 'invited',
      before: null,
      after: null,
    });
  }

  async unlock(auth: AuthContext, id: string): Promise<void> {
    const employee = await this.db.employee.findFirst({ where: { id, companyId: auth.companyId }, include });
    if (!employee?.user) throw notFound();
    await this.throttle.forget(throttleAccountOf({ id: employee.user.id }, ''));
    await this.db.$transaction((tx) =>
      recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'employee',
        entityId: employee.id,
        action: 'unlocked',
        before: null,
        after: null,
      }),
    );
  }

  /** Deactivates or reactivates; deactivation ends every session of the account at once. */
  async setActive(auth: AuthContext, id: string, active: boolean): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const employee = await tx.employee.findFirst({ where: { id, companyId: auth.companyId }, include });
      if (!employee) throw notFound();
      refuseSelfDeactivation(auth, employee.id, active);
      if (employee.isActive === active) return;
      requireMaySetActive(await readRights(tx, auth), employee);
      await tx.employee.update({ where: { id }, data: { isActive: active } });
      if (employee.user) {
        await tx.user.update({ where: { id: employee.user.id }, data: { isActive: active } });
        if (!active) {
          await tx.session.updateMany({
            where: { userId: employee.user.id, revokedAt: null },
            data: { revokedAt: new Date() },
          });
        }
      }
      if (!active) await requireAdministrator(tx, auth.companyId);
      await positionJoined(tx, employee, { ...employee, isActive: active }, auth.userId);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'employee',
        entityId: id,
        action: active ? 'reactivated' : 'deactivated',
        before: { active: employee.isActive },
        after: { active },
      });
    });
  }

  /** The referenced position, role, workplace, branch and manager exist in the organisation; their names. */
  private async checkReferences(tx: Tx, companyId: string, input: EmployeeInput, selfId: string | null) {
    const find = async <T>(
      id: string | null | undefined,
      what: string,
      lookup: (id: string) => Promise<T | null>,
    ) => {
      if (!id) return null;
      const found = await lookup(id);
      if (!found) throw badRequest(say.missing(what), [{ field: `${what}Id`, message: say.missing(what) }]);
      return found;
    };
    const position = await find(input.positionId, 'position', (id) =>
      tx.position.findFirst({ where: { id, companyId } }),
    );
    const role = await find(input.roleId, 'role', (id) => tx.role.findFirst({ where: { id, companyId } }));
    const workplace = await find(input.workplaceId, 'workplace', (id) =>
      tx.workplace.findFirst({ where: { id, companyId } }),
    );
    const branch = await find(input.branchId, 'branch', (id) =>
      tx.branch.findFirst({ where: { id, companyId } }),
    );
    if (branch && branch.workplaceId !== input.workplaceId) {
      throw badRequest(say.branchOfOtherWorkplace, [
        { field: 'branchId', message: say.branchOfOtherWorkplace },
      ]);
    }
    const manager = await find(input.managerEmployeeId, 'manager', (id) =>
      tx.employee.findFirst({ where: { id, companyId } }),
    );
    if (manager && selfId) {
      // Walk up from the new manager: meeting the employee would close a loop.
      let cursor: { id: string; managerEmployeeId: string | null } | null = manager;
      for (let depth = 0; cursor && depth < 1000; depth++) {
        if (cursor.id === selfId)
          throw badRequest(say.managerCycle, [{ field: 'managerEmployeeId', message: say.managerCycle }]);
        cursor = cursor.managerEmployeeId
          ? await tx.employee.findFirst({
              where: { id: cursor.managerEmployeeId, companyId },
              select: { id: true, managerEmployeeId: true },
            })
          : null;
      }
    }
    return {
      position: position?.name ?? null,
      role: role?.name ?? null,
      workplace: workplace?.name ?? null,
      branch: branch?.name ?? null,
      manager: manager ? personName(manager) : null,
    };
  }

  /** Usernames are unique across organisations; e-mails and employee numbers within one. */
  private async checkUnique(tx: Tx, companyId: string, input: EmployeeInput, before: EmployeeRecord | null) {
    const taken = await tx.user.findFirst({
      where: { username: { equals: input.username, mode: 'insensitive' }, id: { not: before?.user?.id } },
    });
    if (taken) throw conflict(say.usernameTaken);
    if (input.email) {
      const sameEmail = await tx.employee.findFirst({
        where: { companyId, email: { equals: input.email, mode: 'insensitive' }, id: { not: before?.id } },
      });
      if (sameEmail) throw conflict(say.emailTaken);
    }
    if (input.employeeNumber) {
      const sameNumber = await tx.employee.findFirst({
        where: { companyId, employeeNumber: input.employeeNumber, id: { not: before?.id } },
      });
      if (sameNumber) throw conflict(say.employeeNumberTaken);
    }
  }

  /** An employee as the change log shows it: names, not ids. */
  private async snapshot(
    tx: Tx,
    employee: Pick<
      EmployeeRecord,
      | 'firstName'
      | 'lastName'
      | 'email'
      | 'employeeNumber'
      | 'positionId'
      | 'roleId'
      | 'workplaceId'
      | 'branchId'
      | 'managerEmployeeId'
    > & {
      user: { username: string } | null;
    },
  ) {
    const name = async (id: string | null, lookup: (id: string) => Promise<{ name: string } | null>) =>
      id ? ((await lookup(id))?.name ?? null) : null;
    const manager = employee.managerEmployeeId
      ? await tx.employee.findUnique({ where: { id: employee.managerEmployeeId } })
      : null;
    return {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      username: employee.user?.username ?? null,
      employeeNumber: employee.employeeNumber,
      position: await name(employee.positionId, (id) => tx.position.findUnique({ where: { id } })),
      role: await name(employee.roleId, (id) => tx.role.findUnique({ where: { id } })),
      workplace: await name(employee.workplaceId, (id) => tx.workplace.findUnique({ where: { id } })),
      branch: await name(employee.branchId, (id) => tx.branch.findUnique({ where: { id } })),
      manager: manager ? personName(manager) : null,
    };
  }
}

interface EmployeeRow extends AccountColumns {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  employeeNumber: string | null;
  isActive: boolean;
  positionId: string | null;
  roleId: string | null;
  workplaceId: string | null;
  branchId: string | null;
  managerEmployeeId: string | null;
  position: string | null;
  role: string | null;
  workplace: string | null;
  managerFirstName: string | null;
  managerLastName: string | null;
  /** The account is locked out by failed sign-ins now. */
  locked: boolean;
}

/**
 * Which employees a list request means, on `e`. The search matches a part of the first or last
 * name, the e-mail, the employee number or the username ("Ada Lovelace" also the first name
 * starting Ada with the last name starting Lovelace): each column has a trigram index and the
 * username is looked up first, so the planner can OR index reads instead of testing every row.
 */
function employeeWhere(companyId: string, request: TEmployeeListRequest, now: Date): Sql {
  const company = uuid(companyId);
  const conditions = [sql`e."companyId" = ${company}`];
  if (request.workplaceId) conditions.push(sql`e."workplaceId" = ${uuid(request.workplaceId)}`);
  if (request.roleId) conditions.push(sql`e."roleId" = ${uuid(request.roleId)}`);
  if (request.positionId) conditions.push(sql`e."positionId" = ${uuid(request.positionId)}`);
  if (request.status === 'active') conditions.push(sql`e."isActive"`);
  if (request.status === 'deactivated') conditions.push(sql`NOT e."isActive"`);
  if (request.status === 'invited') {
    conditions.push(sql`e."isActive" AND EXISTS (SELECT 1 FROM "User" u
      JOIN "PasswordResetToken" r ON r."userId" = u.id AND r.purpose = 'invitation' AND r."usedAt" IS NULL
      WHERE u."employeeId" = e.id AND u."passwordHash" IS NULL AND r."expiresAt" > ${now.toISOString()}::timestamp)`);
  }
  const search = request.search?.trim();
  if (search) {
    conditions.push(
      employeeSearch(search, (pattern) => [
        sql`e.email ILIKE ${pattern}`,
        sql`e."employeeNumber" ILIKE ${pattern}`,
        sql`e.id = ANY (ARRAY(SELECT u."employeeId" FROM "User" u
          WHERE u."companyId" = ${company} AND u."employeeId" IS NOT NULL AND u.username ILIKE ${pattern}))`,
      ]),
    );
  }
  return join(conditions, ' AND ');
}

function rowOf(row: EmployeeRow, now: Date): TEmployeeRow {
  let status: EmployeeStatus = 'active';
  if (!row.isActive) status = 'deactivated';
  else if (row.userId !== null) {
    status = accountStatus(row, now);
    if (status !== 'deactivated' && row.locked) status = 'locked';
  }
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    username: row.username,
    employeeNumber: row.employeeNumber,
    position: row.position,
    role: row.role,
    workplace: row.workplace,
    manager:
      row.managerFirstName !== null
        ? personName({ firstName: row.managerFirstName, lastName: row.managerLastName ?? '' })
        : null,
    status,
  };
}

/** Two e-mail addresses name one mailbox (case aside); none and none are the same. */
function sameAddress(a: string | null, b: string | null): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}
