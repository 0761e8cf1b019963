import {
  supplierMessages as say,
  type TPersonnelListRequest,
  type TPersonnelRow,
  type TSupplierAccount,
  type TSupplierDetails,
  type TSupplierRow,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, recordSave } from '../../plugins/changeLog';
import { sameNameElsewhere } from '../../db/names';
import type { Invitations } from '../password';
import type { Reader } from '../../db/reader';
import { containing, join, sql, uuid, type Sql } from '../../db/sql';
import { accountColumns, accountStatus, type AccountColumns } from '../employees';
import { ofOrganisation, organisationRecord, organisationSupplierAccount } from './policy';

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
  const invitedUntil = user.resetTokens.reduce<Date | null>(
    (latest, token) => (latest === null || token.expiresAt > latest ? token.expiresAt : latest),
    null,
  );
  const status = accountStatus(
    { userActive: user.isActive, hasPassword: user.passwordHash !== null, invitedUntil },
    now,
  );
  return { _id: user.id, username: user.username, email: user.email, status };
}

interface Page {
  page?: number;
  pageSize?: number;
  search?: string;
  status?: 'active' | 'deactivated';
}
const paged = (request: Page) =>
  sql`LIMIT ${request.pageSize ?? 20} OFFSET ${((request.page ?? 1) - 1) * (request.pageSize ?? 20)}`;
const activeWhere = (table: Sql, status: Page['status']) =>
  status === 'active'
    ? [sql`${table}."isActive"`]
    : status === 'deactivated'
      ? [sql`NOT ${table}."isActive"`]
      : [];

interface SupplierRow {
  id: string;
  name: string;
  email: string | null;
  supplierPortal: boolean;
  supplierAccess: boolean;
  isActive: boolean;
  personnelCount: number;
  accountCount: number;
}

interface PersonnelRow extends AccountColumns {
  id: string;
  supplierId: string;
  supplier: string;
  firstName: string;
  lastName: string;
  email: string | null;
  isActive: boolean;
}

/** External Parties > Companies and Personnel: the supplier companies, their people and their accounts. */
export class SupplierAdminService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly invitations: Invitations,
  ) {}

  async list(auth: AuthContext, request: Page): Promise<{ rows: TSupplierRow[]; total: number }> {
    const conditions = [ofOrganisation(auth, sql`s`), ...activeWhere(sql`s`, request.status)];
    if (request.search) {
      const pattern = containing(request.search);
      conditions.push(sql`(s.name ILIKE ${pattern} OR s.email ILIKE ${pattern})`);
    }
    const where = join(conditions, ' AND ');
    // An organisation has a few hundred companies at most: every match is counted.
    const [rows, counted] = await Promise.all([
      this.reader.rows<SupplierRow>(sql`SELECT s.id, s.name, s.email, s."supplierPortal", s."supplierAccess",
          s."isActive",
          (SELECT count(*)::int FROM "Personnel" p
            WHERE p."companyId" = s."companyId" AND p."supplierId" = s.id) AS "personnelCount",
          (SELECT count(*)::int FROM "User" u WHERE u."supplierId" = s.id) AS "accountCount"
        FROM (SELECT s.* FROM "SupplierCompany" s WHERE ${where} ORDER BY s.name, s.id ${paged(request)}) s
        ORDER BY s.name, s.id`),
      this.reader.rows<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM "SupplierCompany" s WHERE ${where}`,
      ),
    ]);
    return { total: counted[0]?.total ?? 0, rows: rows.map((row) => this.rowOf(row)) };
  }

  private rowOf(row: SupplierRow): TSupplierRow {
    return {
      _id: row.id,
      name: row.name,
      email: row.email,
      supplierPortal: row.supplierPortal,
      supplierAccess: row.supplierAccess,
      isActive: row.isActive,
      personnelCount: row.personnelCount,
      accountCount: row.accountCount,
    };
  }

  async details(auth: AuthContext, id: string): Promise<TSupplierDetails> {
    const row = await this.db.supplierCompany.findFirst({
      where: organisationRecord(auth, id),
      include: {
        _count: { select: { personnel: true, users: true } },
        users: { where: { personnelId: null }, select: accountSelect, orderBy: { username: 'asc' } },
      },
    });
    if (!row) throw notFound();
    const now = new Date();
    return {
      ...this.rowOf({ ...row, personnelCount: row._count.personnel, accountCount: row._count.users }),
      accounts: row.users.map((user) => accountOf(user, now)),
    };
  }

  async save(
    auth: AuthContext,
    input: { _id?: string; name: string; email?: string; supplierPortal: boolean; supplierAccess: boolean },
  ) {
    return this.db.$transaction(async (tx) => {
      const before = input._id
        ? await tx.supplierCompany.findFirst({ where: organisationRecord(auth, input._id) })
        : null;
      if (input._id && !before) throw notFound();
      const clash = await tx.supplierCompany.findFirst({ where: sameNameElsewhere(auth.companyId, input) });
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
      await recordSave(
        tx,
        auth,
        { type: 'supplierCompany', id: saved.id },
        before && {
          name: before.name,
          email: before.email,
          supplierPortal: before.supplierPortal,
          supplierAccess: before.supplierAccess,
        },
        data,
      );
      return { _id: saved.id };
    });
  }

  /** Deactivating a company ends the sessions of all its accounts; its people and history stay. */
  async setSupplierActive(auth: AuthContext, id: string, active: boolean): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const supplier = await tx.supplierCompany.findFirst({ where: organisationRecord(auth, id) });
      if (!supplier) throw notFound();
      if (supplier.isActive === active) return;
      await tx.supplierCompany.update({ where: { id }, data: { isActive: active } });
      if (!active) await this.endSessions(tx, { supplierId: id, companyId: auth.companyId });
      await this.logActive(tx, auth, 'supplierCompany', id, active);
    });
  }

  async createAccount(auth: AuthContext, supplierId: string, email: string): Promise<{ _id: string }> {
    return this.db.$transaction(async (tx) => {
      const supplier = await tx.supplierCompany.findFirst({ where: organisationRecord(auth, supplierId) });
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
      const user = await tx.user.findFirst({ where: organisationSupplierAccount(auth, userId) });
      if (!user) throw notFound();
      await this.invitations.invite(tx, user.id);
    });
  }

  async personnel(
    auth: AuthContext,
    request: TPersonnelListRequest,
  ): Promise<{ rows: TPersonnelRow[]; total: number }> {
    const conditions = [ofOrganisation(auth, sql`p`), ...activeWhere(sql`p`, request.status)];
    if (request.supplierId) conditions.push(sql`p."supplierId" = ${uuid(request.supplierId)}`);
    if (request.search) {
      const pattern = containing(request.search);
      conditions.push(
        sql`(p."firstName" ILIKE ${pattern} OR p."lastName" ILIKE ${pattern} OR p.email ILIKE ${pattern})`,
      );
    }
    const where = join(conditions, ' AND ');
    // An organisation's supplier personnel are a few thousand at most: every match is counted.
    const [rows, counted] = await Promise.all([
      this.reader.rows<PersonnelRow>(sql`SELECT p.id, p."supplierId", s.name AS supplier, p."firstName",
          p."lastName", p.email, p."isActive", ${accountColumns}
        FROM (SELECT p.* FROM "Personnel" p WHERE ${where}
          ORDER BY p."lastName", p."firstName", p.id ${paged(request)}) p
        JOIN "SupplierCompany" s ON s.id = p."supplierId"
        LEFT JOIN "User" u ON u."personnelId" = p.id
        ORDER BY p."lastName", p."firstName", p.id`),
      this.reader.rows<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM "Personnel" p WHERE ${where}`,
      ),
    ]);
    const now = new Date();
    return {
      total: counted[0]?.total ?? 0,
      rows: rows.map((row) => ({
        _id: row.id,
        supplierId: row.supplierId,
        supplier: row.supplier,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        isActive: row.isActive,
        account:
          row.userId !== null
            ? {
                _id: row.userId,
                username: row.username!,
                email: row.userEmail,
                status: accountStatus(row, now),
              }
            : null,
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
        where: organisationRecord(auth, input.supplierId),
      });
      if (!supplier)
        throw badRequest(say.companyMissing, [{ field: 'supplierId', message: say.companyMissing }]);
      const before = input._id
        ? await tx.personnel.findFirst({
            where: organisationRecord(auth, input._id),
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
      await recordSave(
        tx,
        auth,
        { type: 'personnel', id: person.id },
        before && {
          company: (await tx.supplierCompany.findUnique({ where: { id: before.supplierId } }))?.name,
          firstName: before.firstName,
          lastName: before.lastName,
          email: before.email,
        },
        {
          company: supplier.name,
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
        },
      );
      return { _id: person.id };
    });
  }

  async setPersonActive(auth: AuthContext, id: string, active: boolean): Promise<void> {
    await this.db.$transaction(async (tx) => {
      const person = await tx.personnel.findFirst({ where: organisationRecord(auth, id) });
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
