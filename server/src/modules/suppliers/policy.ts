import { sql, uuid, type Sql } from '../../db/sql';
import type { AuthContext } from '../../plugins/auth';

// The organisation's supplier companies, their personnel and their accounts are kept by its
// employees with the supplier key (the calls' gate admits no one else). Each record is the
// caller's organisation's: another organisation's is not found, in the lists as in the details.

/** The organisation's rows of the table aliased `alias` (the lists' first condition). */
export const ofOrganisation = (auth: AuthContext, alias: Sql): Sql =>
  sql`${alias}."companyId" = ${uuid(auth.companyId)}`;

/** The organisation's record (supplier company or person) with `id`, as a Prisma where. */
export const organisationRecord = (auth: AuthContext, id: string) => ({ id, companyId: auth.companyId });

/** A supplier account of the organisation (a company's or a person's; never an employee's). */
export const organisationSupplierAccount = (auth: AuthContext, id: string) => ({
  id,
  companyId: auth.companyId,
  userType: { not: 'employee' as const },
});
