import type { Db, Prisma } from '../../db/prisma';
import { emptySql, sql, uuid, type Sql } from '../../db/sql';
import type { AssignmentStatus } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

/**
 * An assignment is open while its form is with the supplier: assigned, or returned to them (which
 * makes it assigned again). Submitted, reviewed and closed ones leave them nothing to fill in.
 */
export const OPEN_ASSIGNMENT = { status: 'assigned' } as const satisfies Prisma.SupplierAssignmentWhereInput;

export const isOpen = (assignment: { status: AssignmentStatus }): boolean =>
  assignment.status === OPEN_ASSIGNMENT.status;

type AssignmentCaller = Pick<AuthContext, 'companyId' | 'supplierId' | 'personnelId'>;

/**
 * Whose assignments: a person's own; a company account's made to the company (to nobody in
 * particular), and with `onBehalf` its people's too, which it opens and fills in for them (it is the
 * supplier's administrator: docs/external-parties.md). `undefined`: anyone of the company.
 */
function personnelOf(auth: AssignmentCaller, onBehalf: boolean): string | null | undefined {
  if (auth.personnelId) return auth.personnelId;
  return onBehalf ? undefined : null;
}

/**
 * The assignments a signed-in supplier user or person is asked to fill in (starting a new form of
 * one of their templates), or with `onBehalf` may open and fill in (the dashboard's Assigned Forms,
 * supplierAssignmentOpen, the assessment status, submitting). null for a caller of no supplier.
 */
export function assignmentsOfCaller(
  auth: AssignmentCaller,
  { onBehalf = false } = {},
): Prisma.SupplierAssignmentWhereInput | null {
  if (!auth.supplierId) return null;
  const personnelId = personnelOf(auth, onBehalf);
  return {
    companyId: auth.companyId,
    supplierId: auth.supplierId,
    ...(personnelId !== undefined && { personnelId }),
  };
}

/**
 * The open ones of assignmentsOfCaller (`onBehalf`) as SQL over the assignment `t`: what the
 * dashboard lists as Assigned Forms is what supplierAssignmentOpen opens. null without a supplier.
 */
export function openAssignmentsOfCallerSql(auth: AssignmentCaller): Sql | null {
  if (!auth.supplierId) return null;
  const personnelId = personnelOf(auth, true);
  const person =
    personnelId === undefined
      ? emptySql
      : personnelId === null
        ? sql` AND t."personnelId" IS NULL`
        : sql` AND t."personnelId" = ${uuid(personnelId)}`;
  return sql`t."companyId" = ${uuid(auth.companyId)} AND t."supplierId" = ${uuid(auth.supplierId)}${person}
    AND t.status = ${OPEN_ASSIGNMENT.status}::"AssignmentStatus"`;
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

/**
 * Where an assigned supplier form takes place: its reviewer's own workplace and branch (active
 * ones; a branch only of that workplace), else none. The organisation gives them, with the reviewer
 * as coordinator: the supplier is not asked (docs/external-parties.md).
 */
export async function reviewerPlace(
  db: Db | Prisma.TransactionClient,
  companyId: string,
  reviewerEmployeeId: string | null,
): Promise<{ workplaceId: string | null; branchId: string | null }> {
  if (!reviewerEmployeeId) return { workplaceId: null, branchId: null };
  const [place] = await db.$queryRaw<{ workplaceId: string | null; branchId: string | null }[]>(sql`
    SELECT w.id AS "workplaceId", b.id AS "branchId" FROM "Employee" e
    LEFT JOIN "Workplace" w ON w.id = e."workplaceId" AND w."companyId" = e."companyId" AND w."isActive"
    LEFT JOIN "Branch" b ON b.id = e."branchId" AND b."companyId" = e."companyId" AND b."isActive"
      AND b."workplaceId" = w.id
    WHERE e.id = ${uuid(reviewerEmployeeId)} AND e."companyId" = ${uuid(companyId)}`);
  return { workplaceId: place?.workplaceId ?? null, branchId: place?.branchId ?? null };
}
