import {
  personName,
  supplierAccessMessages as say,
  supplierLogoPath,
  type TPortalAccount,
  type TSupplierProfile,
  type TSupplierProfileUpdate,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';
import type { FileStorage } from '../../plugins/storage';
import type { UploadedFile } from '../../plugins/uploads';
import { replaceLogo } from '../administration';
import {
  mayEditProfile,
  organisationSupplier,
  organisationSupplierAccount,
  ownCompany,
  ownCompanyAsMain,
  refuseOwnAccessOff,
  seesLogoOf,
  type AccountScope,
} from './policy';

const ACCOUNT_SELECT = {
  id: true,
  username: true,
  email: true,
  supplierId: true,
  personnelId: true,
  portalAccess: true,
  isActive: true,
  personnel: { select: { firstName: true, lastName: true } },
} as const;

interface AccountRow {
  id: string;
  username: string;
  email: string | null;
  supplierId: string | null;
  personnelId: string | null;
  portalAccess: boolean;
  isActive: boolean;
  personnel: { firstName: string; lastName: string } | null;
}

/**
 * A supplier company's own side of the portal: Access Settings (its main account, or an employee
 * with the supplier key, decides which of its accounts may use the portal; the caller gate refuses
 * the others at once) and its Profile with its logo. Everything is read within the caller's
 * organisation, and for a supplier caller within its own company only.
 */
export class SupplierAccessService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  private accountOf(auth: AuthContext, user: AccountRow, lastSignIn: Date | null): TPortalAccount {
    return {
      _id: user.id,
      name: user.personnel ? personName(user.personnel) : user.username,
      username: user.username,
      email: user.email,
      kind: user.personnelId ? 'personnel' : 'company',
      portalAccess: user.portalAccess,
      isActive: user.isActive,
      isYou: user.id === auth.userId,
      lastSignInAt: lastSignIn?.toISOString() ?? null,
    };
  }

  /** When each account last signed in: its newest session (sign-in and account switching make one). */
  private async lastSignIns(userIds: string[]): Promise<Map<string, Date | null>> {
    const rows = await this.db.session.groupBy({
      by: ['userId'],
      where: { userId: { in: userIds } },
      _max: { createdAt: true },
    });
    return new Map(rows.map((row) => [row.userId, row._max.createdAt]));
  }

  private async listAccounts(auth: AuthContext, scope: AccountScope): Promise<TPortalAccount[]> {
    const users = await this.db.user.findMany({
      where: scope,
      orderBy: [{ personnelId: { sort: 'asc', nulls: 'first' } }, { username: 'asc' }],
      select: ACCOUNT_SELECT,
    });
    const signIns = await this.lastSignIns(users.map((user) => user.id));
    return users.map((user) => this.accountOf(auth, user, signIns.get(user.id) ?? null));
  }

  /** Access Settings: the caller's company's accounts (its main account). */
  accounts(auth: AuthContext): Promise<TPortalAccount[]> {
    return this.listAccounts(auth, ownCompanyAsMain(auth));
  }

  /** The same list for an employee with the supplier key, from the company's page. */
  async companyAccounts(auth: AuthContext, supplierId: string): Promise<TPortalAccount[]> {
    return this.listAccounts(auth, await organisationSupplier(this.db, auth, supplierId));
  }

  /** The main account turns one of its company's accounts on or off; never its own off. */
  setAccess(auth: AuthContext, id: string, portalAccess: boolean): Promise<TPortalAccount> {
    const scope = ownCompanyAsMain(auth);
    refuseOwnAccessOff(auth, id, portalAccess);
    return this.changeAccess(auth, { ...scope, id }, portalAccess);
  }

  /** An employee with the supplier key turns an account of any of the organisation's suppliers on or off. */
  setCompanyAccess(auth: AuthContext, id: string, portalAccess: boolean): Promise<TPortalAccount> {
    return this.changeAccess(auth, organisationSupplierAccount(auth, id), portalAccess);
  }

  private async changeAccess(
    auth: AuthContext,
    where: { id: string; companyId: string; supplierId: string | { not: null } },
    portalAccess: boolean,
  ): Promise<TPortalAccount> {
    const account = await this.db.$transaction(async (tx) => {
      const before = await tx.user.findFirst({ where, select: ACCOUNT_SELECT });
      if (!before?.supplierId) throw notFound();
      const supplierId = before.supplierId;
      if (!portalAccess && before.portalAccess && !before.personnelId) {
        // One change at a time per company, so two main accounts cannot each turn the other off.
        await tx.$queryRaw`SELECT id FROM "SupplierCompany" WHERE id = ${supplierId}::uuid FOR UPDATE`;
        const others = await tx.user.count({
          where: {
            companyId: auth.companyId,
            supplierId,
            personnelId: null,
            isActive: true,
            portalAccess: true,
            id: { not: before.id },
          },
        });
        if (others === 0) throw conflict(say.lastMainAccount);
      }
      // Changing the row moves its updatedAt: open sessions reload their permissions, and the
      // caller gate reads the new access on their next call (the session is read on every call).
      const after = await tx.user.update({
        where: { id: before.id },
        data: { portalAccess },
        select: ACCOUNT_SELECT,
      });
      if (before.portalAccess !== portalAccess)
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: 'supplierCompany',
          entityId: supplierId,
          action: 'portal access changed',
          before: { account: before.username, portalAccess: before.portalAccess },
          after: { account: before.username, portalAccess },
        });
      return after;
    });
    const signIns = await this.lastSignIns([account.id]);
    return this.accountOf(auth, account, signIns.get(account.id) ?? null);
  }

  async profile(auth: AuthContext): Promise<TSupplierProfile> {
    const { companyId, supplierId } = ownCompany(auth);
    const supplier = await this.db.supplierCompany.findFirst({
      where: { id: supplierId, companyId },
      include: { company: { select: { name: true } } },
    });
    if (!supplier) throw notFound();
    return {
      supplierId: supplier.id,
      name: supplier.name,
      organisationName: supplier.company.name,
      email: supplier.email,
      contactName: supplier.contactName,
      phone: supplier.phone,
      address: supplier.address,
      logo: supplierLogoPath(supplier.id, supplier.logoKey),
      canEdit: mayEditProfile(auth),
    };
  }

  async updateProfile(auth: AuthContext, input: TSupplierProfileUpdate): Promise<TSupplierProfile> {
    const { companyId, supplierId } = ownCompanyAsMain(auth);
    const data = {
      email: input.email.trim() || null,
      contactName: input.contactName.trim() || null,
      phone: input.phone.trim() || null,
      address: input.address.trim() || null,
    };
    await this.db.$transaction(async (tx) => {
      const before = await tx.supplierCompany.findFirst({ where: { id: supplierId, companyId } });
      if (!before) throw notFound();
      await tx.supplierCompany.update({ where: { id: supplierId }, data });
      await recordChange(tx, {
        companyId,
        userId: auth.userId,
        entityType: 'supplierCompany',
        entityId: supplierId,
        action: 'profile updated',
        before: {
          email: before.email,
          contactName: before.contactName,
          phone: before.phone,
          address: before.address,
        },
        after: data,
      });
    });
    return this.profile(auth);
  }

  /** Replaces the company's logo (`files`) or removes it (null); the organisation's logo rules apply. */
  async changeLogo(auth: AuthContext, files: UploadedFile[] | null): Promise<TSupplierProfile> {
    const { companyId, supplierId } = ownCompanyAsMain(auth);
    await replaceLogo(this.storage, files, (key, name) =>
      this.db.$transaction(async (tx) => {
        const before = await tx.supplierCompany.findFirst({ where: { id: supplierId, companyId } });
        if (!before) throw notFound();
        // Removing a logo the company does not have changes nothing.
        if (!before.logoKey && !key) return null;
        await tx.supplierCompany.update({ where: { id: supplierId }, data: { logoKey: key } });
        await recordChange(tx, {
          companyId,
          userId: auth.userId,
          entityType: 'supplierCompany',
          entityId: supplierId,
          action: key ? 'logo replaced' : 'logo removed',
          before: { logo: before.logoKey ? 'a logo' : null },
          after: { logo: name },
        });
        return before.logoKey;
      }),
    );
    return this.profile(auth);
  }

  /**
   * A supplier company's logo: for the organisation's employees, and for the company's own
   * accounts (their own company only); 404 otherwise or without one.
   */
  async logo(auth: AuthContext, supplierId: string) {
    if (!seesLogoOf(auth, supplierId)) throw notFound(say.noLogo);
    const supplier = await this.db.supplierCompany.findFirst({
      where: { id: supplierId, companyId: auth.companyId },
      select: { logoKey: true },
    });
    if (!supplier?.logoKey) throw notFound(say.noLogo);
    return this.storage.read(supplier.logoKey);
  }
}
