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
import { recordChange } from '../../plugins/changeLog';
import { requireAdministrator } from '../administration/structure';
import { throttleAccountOf, type SignInThrottle } from '../auth/throttle';
import type { Invitations } from '../password/invitations';

type Tx = Prisma.TransactionClient;
type EmployeeInput = TEmployeeSaveParsed;

const include = {
  position: { select: { name: true } },
  role: { select: { name: true } },
  user: {
    select: {
      id: true,
      username: true,
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
    const search = request.search?.trim();
    const where: Prisma.EmployeeWhereInput = {
      companyId: auth.companyId,
      ...(request.workplaceId && { workplaceId: request.workplaceId }),
      ...(request.roleId && { roleId: request.roleId }),
      ...(request.positionId && { positionId: request.positionId }),
      ...(request.status === 'active' && { isActive: true }),
      ...(request.status === 'deactivated' && { isActive: false }),
      ...(request.status === 'invited' && {
        isActive: true,
        user: {
          is: {
            passwordHash: null,
            resetTokens: { some: { purpose: 'invitation', usedAt: null, expiresAt: { gt: now } } },
          },
        },
      }),
      ...(search && {
        OR: [
          { firstName: { contains: search, mode: 'insensitive' } },
          { lastName: { contains: search, mode: 'insensitive' } },
          { email: { contains: search, mode: 'insensitive' } },
          { employeeNumber: { contains: search, mode: 'insensitive' } },
          { user: { is: { username: { contains: search, mode: 'insensitive' } } } },
          ...splitName(search),
        ],
      }),
    };
    const [total, employees] = await Promise.all([
      this.db.employee.count({ where }),
      this.db.employee.findMany({
        where,
        include,
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
        skip: (page - 1) * pageSize,
        take: pageSize,
      }),
    ]);
    const context = await this.contextOf(auth.companyId, employees, now);
    return { rows: employees.map((employee) => this.rowOf(employee, context, now)), total };
  }

  async details(auth: AuthContext, id: string): Promise<TEmployeeDetails> {
    const employee = await this.db.employee.findFirst({ where: { id, companyId: auth.companyId }, include });
    if (!employee) throw notFound();
    const now = new Date();
    const row = this.rowOf(employee, await this.contextOf(auth.companyId, [employee], now), now);
    return {
      ...row,
      positionId: employee.positionId,
      roleId: employee.roleId,
      workplaceId: employee.workplaceId,
      branchId: employee.branchId,
      managerEmployeeId: employee.managerEmployeeId,
      isSelf: employee.id === auth.employeeId,
    };
  }

  async formOptions(auth: AuthContext): Promise<TEmployeeFormOptions> {
    const companyId = auth.companyId;
    const byName = { orderBy: { name: 'asc' as const } };
    const [positions, roles, workplaces] = await Promise.all([
      this.db.position.findMany({ where: { companyId }, ...byName }),
      this.db.role.findMany({ where: { companyId }, ...byName }),
      this.db.workplace.findMany({
        where: { companyId, isActive: true },
        include: { branches: { where: { isActive: true }, ...byName } },
        ...byName,
      }),
    ]);
    const option = (row: { id: string; name: string }) => ({ _id: row.id, name: row.name });
    return {
      positions: positions.map(option),
      roles: roles.map(option),
      workplaces: workplaces.map((workplace) => ({
        ...option(workplace),
        branches: workplace.branches.map(option),
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
      if (userId) {
        await tx.user.update({
          where: { id: userId },
          data: { username: input.username, email: input.email },
        });
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
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'employee',
        entityId: employee.id,
        action: before ? 'updated' : 'created',
        before: before && (await this.snapshot(tx, before)),
        after: { ...(await this.snapshot(tx, { ...employee, user: { username: input.username } })), ...refs },
      });
      const invited = !before && Boolean(input.invite);
      if (invited) await this.inviteIn(tx, auth, employee.id, userId);
      return { _id: employee.id, invited };
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
      if (!active && employee.id === auth.employeeId) throw conflict(say.deactivateSelf);
      if (employee.isActive === active) return;
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

  /** What a page of rows needs besides its own columns: workplace and manager names, locked accounts. */
  private async contextOf(companyId: string, employees: EmployeeRecord[], now: Date) {
    const ids = (pick: (employee: EmployeeRecord) => string | null) => [
      ...new Set(employees.map(pick).filter((id): id is string => id !== null)),
    ];
    const workplaceIds = ids((employee) => employee.workplaceId);
    const managerIds = ids((employee) => employee.managerEmployeeId);
    const accounts = ids((employee) => employee.user?.id ?? null).map((id) => `user:${id}`);
    const [workplaces, managers, locks] = await Promise.all([
      workplaceIds.length
        ? this.db.workplace.findMany({ where: { companyId, id: { in: workplaceIds } } })
        : [],
      managerIds.length ? this.db.employee.findMany({ where: { companyId, id: { in: managerIds } } }) : [],
      accounts.length
        ? this.db.signInThrottle.findMany({ where: { account: { in: accounts }, lockedUntil: { gt: now } } })
        : [],
    ]);
    return {
      workplaces: new Map(workplaces.map((row) => [row.id, row.name])),
      managers: new Map(managers.map((row) => [row.id, personName(row)])),
      locked: new Set(locks.map((row) => row.account)),
    };
  }

  private rowOf(
    employee: EmployeeRecord,
    context: Awaited<ReturnType<EmployeeService['contextOf']>>,
    now: Date,
  ): TEmployeeRow {
    const user = employee.user;
    let status: EmployeeStatus = 'active';
    if (!employee.isActive || (user && !user.isActive)) status = 'deactivated';
    else if (user && context.locked.has(`user:${user.id}`)) status = 'locked';
    else if (user && !user.passwordHash)
      status = user.resetTokens.some((token) => token.expiresAt > now) ? 'invited' : 'notInvited';
    return {
      _id: employee.id,
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      username: user?.username ?? null,
      employeeNumber: employee.employeeNumber,
      position: employee.position?.name ?? null,
      role: employee.role?.name ?? null,
      workplace: employee.workplaceId ? (context.workplaces.get(employee.workplaceId) ?? null) : null,
      manager: employee.managerEmployeeId ? (context.managers.get(employee.managerEmployeeId) ?? null) : null,
      status,
    };
  }
}

/** "Ada Lovelace" typed in the search also finds first name Ada and last name Lovelace. */
function splitName(search: string): Prisma.EmployeeWhereInput[] {
  const [first, ...rest] = search.split(/\s+/);
  if (!first || rest.length === 0) return [];
  return [
    {
      firstName: { startsWith: first, mode: 'insensitive' },
      lastName: { startsWith: rest.join(' '), mode: 'insensitive' },
    },
  ];
}
