import type { Db, Prisma } from '../../db/prisma';
import type { AssignmentStatus } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

/**
 * An assignment is open while its form is with the supplier: assigned, or returned to them (which
 * makes it assigned again). Submitted, reviewed and closed ones leave them nothing to fill in.
 */
export const OPEN_ASSIGNMENT = { status: 'assigned' } as const satisfies Prisma.SupplierAssignmentWhereInput;

export const isOpen = (assignment: { status: AssignmentStatus }): boolean =>
  assignment.status === OPEN_ASSIGNMENT.status;

/**
 * The assignments a signed-in supplier user or person is asked to fill in: a person those made to
 * them, a company account its company's made to nobody in particular (not its people's). null for
 * a caller of no supplier.
 */
export function assignmentsOfCaller(
  auth: Pick<AuthContext, 'companyId' | 'supplierId' | 'personnelId'>,
): Prisma.SupplierAssignmentWhereInput | null {
  if (!auth.supplierId) return null;
  return { companyId: auth.companyId, supplierId: auth.supplierId, personnelId: auth.personnelId };
}

/** The templates of the open assignments a supplier user or person is asked to fill in. */
export async function templatesToFillIn(
  db: Db,
  auth: Pick<AuthContext, 'companyId' | 'supplierId' | 'personnelId'>,
): Promise<string[]> {
  const theirs = assignmentsOfCaller(auth);
  if (!theirs) return [];
  const rows = await db.supplierAssignment.findMany({
    where: { ...theirs, ...OPEN_ASSIGNMENT },
    select: { formTemplateId: true },
    distinct: ['formTemplateId'],
  });
  return rows.map((row) => row.formTemplateId);
}
