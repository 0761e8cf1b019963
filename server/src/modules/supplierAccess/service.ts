import {
  personName,
  supplierAccessMessages as say,
  type TPortalAccount,
  type TSupplierProfile,
  type TSupplierProfileUpdate,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange } from '../../plugins/changeLog';

const ACCOUNT_SELECT = {
  id: true,
  username: true,
  email: true,
  personnelId: true,
  portalAccess: true,
  isActive: true,
  personnel: { select: { firstName: true, lastName: true } },
} as const;

/**
 * A supplier company's own side of the portal: Access Settings (its main account decides which of
 * its accounts may use the portal; the caller gate refuses the others at once) and its Profile.
 * Everything is read within the caller's organisation and supplier company only.
 */
export class SupplierAccessService {
  constructor(private readonly db: Db) {}

  /** The company a supplier session belongs to; its main account (no person) when `main`. */
  private companyOf(auth: AuthContext, main: boolean) {
    if (!auth.supplierId) throw notFound();
    if (main && auth.personnelId) throw forbidden(say.mainAccountOnly);
    return { companyId: auth.companyId, supplierId: auth.supplierId };
  }

  private accountOf(
    auth: AuthContext,
    user: {
      id: string;
      username: string;
      email: string | null;
      personnelId: string | null;
      portalAccess: boolean;
      isActive: boolean;
      personnel: { firstName: string; lastName: string } | null;
    },
  ): TPortalAccount {
    return {
      _id: user.id,
      name: user.personnel ? personName(user.personnel) : user.username,
      username: user.username,
      email: user.email,
      kind: user.personnelId ? 'personnel' : 'company',
      portalAccess: user.portalAccess,
      isActive: user.isActive,
      isYou: user.id === auth.userId,
    };
  }

  async accounts(auth: AuthContext): Promise<TPortalAccount[]> {
    const where = this.companyOf(auth, true);
    const users = await this.db.user.findMany({
      where,
      orderBy: [{ personnelId: { sort: 'asc', nulls: 'first' } }, { username: 'asc' }],
      select: ACCOUNT_SELECT,
    });
    return users.map((user) => this.accountOf(auth, user));
  }

  async setAccess(auth: AuthContext, id: string, portalAccess: boolean): Promise<TPortalAccount> {
    const where = this.companyOf(auth, true);
    if (id === auth.userId && !portalAccess) throw forbidden(say.notYourOwn);
    return this.db.$transaction(async (tx) => {
      const before = await tx.user.findFirst({ where: { id, ...where }, select: ACCOUNT_SELECT });
      if (!before) throw notFound();
      // Changing the row moves its updatedAt: open sessions reload their permissions, and the
      // caller gate reads the new access on their next call.
      const after = await tx.user.update({ where: { id }, data: { portalAccess }, select: ACCOUNT_SELECT });
      if (before.portalAccess !== portalAccess)
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: 'supplierCompany',
          entityId: where.supplierId,
          action: 'portal access changed',
          before: { account: before.username, portalAccess: before.portalAccess },
          after: { account: before.username, portalAccess },
        });
      return this.accountOf(auth, after);
    });
  }

  async profile(auth: AuthContext): Promise<TSupplierProfile> {
    const { companyId, supplierId } = this.companyOf(auth, false);
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
      canEdit: auth.personnelId === null,
    };
  }

  async updateProfile(auth: AuthContext, input: TSupplierProfileUpdate): Promise<TSupplierProfile> {
    const { companyId, supplierId } = this.companyOf(auth, true);
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
}
