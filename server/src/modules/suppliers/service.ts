import {
  supplierMessages as say,
  type AccountStatus,
  type TPersonnelListRequest,
  type TPersonnelRow,
  type TSupplierAccount,
  type TSupplierDetails,
  type TSupplierRow,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { Invitations } from '../password/invitations';

type Tx = Prisma.TransactionClient;

const accountSelect = {
  id: true,
  username: true,
  email: true,
  isActive: true,
  passwordHash: true,
  resetTokens: { where: { purpose: 'invitation', usedAt: null }, select: { expiresAt: true } },
} satisfies Prisma.UserSelect;
type AccountRecord = Prisma.UserGetPayload<{ select: typeof accountSelect }>;

function accountOf(user: AccountRecord, now: Date): TSupplierAccount {
  let status: AccountStatus = 'active';
  if (!user.isActive) status = 'deactivated';
  else if (!user.passwordHash)
    status = user.resetTokens.some((token) => token.expiresAt > now) ? 'invited' : 'notInvited';
  return { _id: user.id, username: user.username, email: user.email, status };
}

interface Page {
  page?: number;
  pageSize?: number;
  search?: string;
  status?: 'active' | 'deactivated';
}
const paging = (request: Page) => ({
  skip: ((request.page ?? 1) - 1) * (request.pageSize ?? 20),
  take: request.pageSize ?? 20,
});
const activeFilter = (status: Page['status']) =>
  status === 'active' ? { isActive: true } : status === 'deactivated' ? { isActive: false } : {};

/** External Parties > Companies and Personnel: the supplier companies, their people and their accounts. */
export class SupplierAdminService {
  constructor(
    private readonly db: Db,
    private readonly invitations: Invitations,
  ) {}

  async list(auth: AuthContext, request: Page): Promise<{ rows: TSupplierRow[]; total: number }> {
    const where: Prisma.SupplierCompanyWhereInput = {
      companyId: auth.companyId,
      ...activeFilter(request.status),
      ...(request.search && {
        OR: [
          { name: { contains: request.search, mode: 'insensitive' } },
          { email: { contains: request.search, mode: 'insensitive' } },
        ],
      }),
    };
    const [total, rows] = await Promise.all([
      this.db.supplierCompany.count({ where }),
      this.db.supplierCompany.findMany({
        where,
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        include: { _count: { select: { personnel: true, users: true } } },
        ...paging(request),
      }),
    ]);
    return { total, rows: rows.map((row) => this.rowOf(row)) };
  }

  private rowOf(
    row: Prisma.SupplierCompanyGetPayload<{
      include: { _count: { select: { personnel: true; users: true } } };
    }>,
  ): TSupplierRow {
    return {
      _id: row.id,
      name: row.name,
      email: row.email,
      supplierPortal: row.supplierPortal,
      supplierAccess: row.supplierAccess,
      isActive: row.isActive,
      personnelCount: row._count.personnel,
      accountCount: row._count.users,
    };
  }

  async details(auth: AuthContext, id: string): Promise<TSupplierDetails> {
    const row = await this.db.supplierCompany.findFirst({
      where: { id, companyId: auth.companyId },
      include: {
        _count: { select: { personnel: true, users: true } },
        users: { where: { personnelId: null }, select: accountSelect, orderBy: { username: 'asc' } },
      },
    });
    if (!row) throw notFound();
    const now = new Date();
    return { ...this.rowOf(row), accounts: row.users.map((user) => accountOf(user, now)) };
  }

  async save(
    auth: AuthContext,
    input: { _id?: string; name: string; email?: string; supplierPortal: boolean; supplierAccess: boolean },
  ) {
    return this.db.$transaction(async (tx) => {
      const before = input._id
        ? await tx.supplierCompany.findFirst({ where: { id: input._id, companyId: auth.companyId } })
        : null;
      if (input._id && !before) throw notFound();
      const clash = await tx.supplierCompany.findFirst({
        where: {
          companyId: auth.companyId,
          name: { equals: input.name, mode: 'insensitive' },
          id: { not: input._id },
        },
      });
      if (clash) throw conflict(say.nameTaken);
      const data = {
        name: input.name,
        email: input.email || null,
        supplierPortal: input.supplierPortal,
        supplierAccess: input.supplierAccess,
      };
      const saved = before
        ? await tx.supplierCompany.update({ where: { id: before.id }, data })
        : await tx.supplierCompany.create({ data: { companyId: auth.companyId, ...data } });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'supplierCompany',
        entityId: saved.id,
        action: before ? 'updated' : 'created',
        before: before && {
          name: before.name,
          email: before.email,
          supplierPortal: before.supplierPortal,
          supplierAccess: before.supplierAccess,
        },
        after: data,
      });
      return { _id: saved.id };
    });
  }

  /** Deactivating a company ends the sessions of all its accounts; its people and history stay. */
  async setSupplierActive(auth: AuthContext, id: string, active: boolean): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const supplier = await tx.supplierCompany.findFirst({ where: { id, companyId: auth.companyId } });
      if (!supplier) throw notFound();
      if (supplier.isActive === active) return;
      await tx.supplierCompany.update({ where: { id }, data: { isActive: active } });
      if (!active) await this.endSessions(tx, { supplierId: id, companyId: auth.companyId });
      await this.logActive(tx, auth, 'supplierCompany', id, active);
    });
  }

  async createAccount(auth: AuthContext, supplierId: string, email: string): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const supplier = await tx.supplierCompany.findFirst({
        where: { id: supplierId, companyId: auth.companyId },
      });
      if (!supplier) throw notFound();
      const user = await this.newAccount(tx, auth.companyId, email, { supplierId });
      await this.invitations.invite(tx, user.id);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'supplierCompany',
        entityId: supplierId,
        action: 'account invited',
        before: null,
        after: { account: email },
      });
      return { _id: user.id };
    });
  }

  async inviteAccount(auth: AuthContext, userId: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const user = await tx.user.findFirst({
        where: { id: userId, companyId: auth.companyId, userType: { not: 'employee' } },
      });
      if (!user) throw notFound();
      await this.invitations.invite(tx, user.id);
    });
  }

  async personnel(
    auth: AuthContext,
    request: TPersonnelListRequest,
  ): Promise<{ rows: TPersonnelRow[]; total: number }> {
    const search = request.search;
    const where: Prisma.PersonnelWhereInput = {
      companyId: auth.companyId,
      ...(request.supplierId && { supplierId: request.supplierId }),
      ...activeFilter(request.status),
      ...(search && {
        OR: [
          { firstName: { contains: search, mode: 'insensitive' } },
          { lastName: { contains: search, mode: 'insensitive' } },
          { email: { contains: search, mode: 'insensitive' } },
        ],
      }),
    };
    const [total, rows] = await Promise.all([
      this.db.personnel.count({ where }),
      this.db.personnel.findMany({
        where,
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
        include: { supplier: { select: { name: true } }, user: { select: accountSelect } },
        ...paging(request),
      }),
    ]);
    const now = new Date();
    return {
      total,
      rows: rows.map((row) => ({
        _id: row.id,
        supplierId: row.supplierId,
        supplier: row.supplier.name,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        isActive: row.isActive,
        account: row.user ? accountOf(row.user, now) : null,
      })),
    };
  }

  /** Adds or changes a person; with invite, a person without an account gets one and its invitation. */
  async savePerson(
    auth: AuthContext,
    input: {
      _id?: string;
      supplierId: string;
      firstName: string;
      lastName: string;
      email?: string;
      invite?: boolean;
    },
  ): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const supplier = await tx.supplierCompany.findFirst({
        where: { id: input.supplierId, companyId: auth.companyId },
      });
      if (!supplier)
        throw badRequest(say.companyMissing, [{ field: 'supplierId', message: say.companyMissing }]);
      const before = input._id
        ? await tx.personnel.findFirst({
            where: { id: input._id, companyId: auth.companyId },
            include: { user: true },
          })
        : null;
      if (input._id && !before) throw notFound();
      if (input.invite && !input.email)
        throw badRequest(say.emailRequired, [{ field: 'email', message: say.emailRequired }]);
      const data = {
        supplierId: supplier.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email || null,
      };
      const person = before
        ? await tx.personnel.update({ where: { id: before.id }, data })
        : await tx.personnel.create({ data: { companyId: auth.companyId, ...data } });
      if (before?.user && before.supplierId !== supplier.id) {
        await tx.user.update({ where: { id: before.user.id }, data: { supplierId: supplier.id } });
      }
      if (input.invite && input.email) {
        const user =
          before?.user ??
          (await this.newAccount(tx, auth.companyId, input.email, {
            supplierId: supplier.id,
            personnelId: person.id,
          }));
        await this.invitations.invite(tx, user.id);
      }
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'personnel',
        entityId: person.id,
        action: before ? 'updated' : 'created',
        before: before && {
          company: (await tx.supplierCompany.findUnique({ where: { id: before.supplierId } }))?.name,
          firstName: before.firstName,
          lastName: before.lastName,
          email: before.email,
        },
        after: {
          company: supplier.name,
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
        },
      });
      return { _id: person.id };
    });
  }

  async setPersonActive(auth: AuthContext, id: string, active: boolean): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const person = await tx.personnel.findFirst({ where: { id, companyId: auth.companyId } });
      if (!person) throw notFound();
      if (person.isActive === active) return;
      await tx.personnel.update({ where: { id }, data: { isActive: active } });
      await tx.user.updateMany({
        where: { personnelId: id, companyId: auth.companyId },
        data: { isActive: active },
      });
      if (!active) await this.endSessions(tx, { personnelId: id, companyId: auth.companyId });
      await this.logActive(tx, auth, 'personnel', id, active);
    });
  }

  /** A supplier-side account whose username is its e-mail (usernames are unique across organisations). */
  private async newAccount(
    tx: Tx,
    companyId: string,
    email: string,
    owner: { supplierId: string; personnelId?: string },
  ) {
    const taken = await tx.user.findFirst({ where: { username: { equals: email, mode: 'insensitive' } } });
    if (taken) throw conflict(say.usernameTaken);
    return tx.user.create({
      data: {
        companyId,
        username: email,
        email,
        userType: 'supplier',
        supplierId: owner.supplierId,
        personnelId: owner.personnelId ?? null,
      },
    });
  }

  private async endSessions(tx: Tx, where: { companyId: string; supplierId?: string; personnelId?: string }) {
    await tx.session.updateMany({
      where: { revokedAt: null, user: where },
      data: { revokedAt: new Date() },
    });
  }

  private logActive(tx: Tx, auth: AuthContext, entityType: string, id: string, active: boolean) {
    return recordChange(tx, {
      companyId: auth.companyId,
      userId: auth.userId,
      entityType,
      entityId: id,
      action: active ? 'reactivated' : 'deactivated',
      before: { active: !active },
      after: { active },
    });
  }
}
