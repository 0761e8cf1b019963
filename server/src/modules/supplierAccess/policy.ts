import { supplierAccessMessages as say } from '@compass/shared';
import type { Db } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';

// Who sees and changes a supplier company's own side of the portal. The calls' gate admits the
// company's accounts (the main account alone where it changes something) and the organisation's
// employees with the supplier key; these rules say which company and which account.

/** The accounts a caller may see and switch: one supplier company's, of the caller's organisation. */
export interface AccountScope {
  companyId: string;
  supplierId: string;
}

/** The company a supplier session belongs to; a session of no company has none to show. */
export function ownCompany(auth: AuthContext): AccountScope {
  if (!auth.supplierId) throw notFound();
  return { companyId: auth.companyId, supplierId: auth.supplierId };
}

/** The caller's company, for what only its main account (no person) sees or changes. */
export function ownCompanyAsMain(auth: AuthContext): AccountScope {
  const scope = ownCompany(auth);
  if (auth.personnelId) throw forbidden(say.mainAccountOnly);
  return scope;
}

/** The company's profile is edited by its main account; its personnel only read it. */
export const mayEditProfile = (auth: AuthContext): boolean => auth.personnelId === null;

/** The main account turns its company's accounts on and off, but never its own off. */
export function refuseOwnAccessOff(auth: AuthContext, accountId: string, portalAccess: boolean): void {
  if (accountId === auth.userId && !portalAccess) throw forbidden(say.notYourOwn);
}

/** A supplier company of the employee's organisation (another organisation's is not found). */
export async function organisationSupplier(
  db: Db,
  auth: AuthContext,
  supplierId: string,
): Promise<AccountScope> {
  const supplier = await db.supplierCompany.findFirst({
    where: { id: supplierId, companyId: auth.companyId },
    select: { id: true },
  });
  if (!supplier) throw notFound();
  return { companyId: auth.companyId, supplierId: supplier.id };
}

/** The supplier accounts an employee with the supplier key switches: any of the organisation's suppliers'. */
export const organisationSupplierAccount = (auth: AuthContext, accountId: string) => ({
  id: accountId,
  companyId: auth.companyId,
  supplierId: { not: null },
});

/** A supplier company's logo is seen by the organisation's employees and by the company's own accounts. */
export const seesLogoOf = (auth: AuthContext, supplierId: string): boolean =>
  auth.userType === 'employee' || auth.supplierId === supplierId;
