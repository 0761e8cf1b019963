import { hrFormMessages as say } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import type { HrFormAssignment } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

// Who sees and changes an assigned HR form (docs/human-resources.md, "HR forms"). The register,
// assigning and withdrawing: holders of hrForm or hrAdmin (HR). One assignment: its employee, its
// reviewer and HR. The form's answers are the submission's, under the forms' one rule
// (submissions/policy.ts readsOthersForm): its employee (the recorder), its reviewer (the
// coordinator), and else only hrEmployeePrivateInfo. Suppliers, personnel and links never reach
// them (the calls serve employees only); another organisation's assignment is not found.

type Client = Db | Prisma.TransactionClient;

/** HR: the keys that hold the register of every assigned HR form. */
export const holdsHrForms = (auth: AuthContext): boolean =>
  auth.accessKeys.has('hrForm') || auth.accessKeys.has('hrAdmin');

/** Refuses a caller who is not HR (the register, assigning, withdrawing). */
export function requireHrForms(auth: AuthContext): void {
  if (!holdsHrForms(auth)) throw forbidden();
}

export type HrFormSide = 'employee' | 'reviewer' | 'hr';

/** The caller's side of an assignment, or null when it is not theirs to see. */
export function sideOf(
  auth: AuthContext,
  assignment: Pick<HrFormAssignment, 'employeeId' | 'reviewerEmployeeId'>,
): HrFormSide | null {
  if (auth.userType !== 'employee' || !auth.employeeId) return null;
  if (assignment.employeeId === auth.employeeId) return 'employee';
  if (assignment.reviewerEmployeeId === auth.employeeId) return 'reviewer';
  return holdsHrForms(auth) ? 'hr' : null;
}

/** The HR forms of the organisation: an HR assignment, not a performance review (SQL on `r`). */
export const hrFormsSql = (companyId: string): Sql =>
  sql`r."companyId" = ${uuid(companyId)} AND r."sectionType" <> 'performanceReview'`;

/** `hrFormsSql` for Prisma. */
export const HR_FORM = { sectionType: { not: 'performanceReview' } } as const;

/**
 * An HR form assignment of the caller's organisation with the caller's side: none (or another
 * organisation's) is 404, one the caller may not see 403.
 */
export async function assignmentForCaller(client: Client, auth: AuthContext, id: string) {
  const assignment = await client.hrFormAssignment.findFirst({
    where: { id, companyId: auth.companyId, ...HR_FORM },
  });
  if (!assignment) throw notFound();
  const side = sideOf(auth, assignment);
  if (!side) throw forbidden();
  return { assignment, side };
}

/** Its employee's assignment: anyone else is told it is not theirs. */
export async function employeesAssignment(client: Client, auth: AuthContext, id: string) {
  const { assignment, side } = await assignmentForCaller(client, auth, id);
  if (side !== 'employee') throw forbidden(say.notYours);
  return assignment;
}

/** Its reviewer's assignment: anyone else is told only the reviewer reviews it. */
export async function reviewersAssignment(client: Client, auth: AuthContext, id: string) {
  const { assignment } = await assignmentForCaller(client, auth, id);
  if (assignment.reviewerEmployeeId !== auth.employeeId) throw forbidden(say.notReviewer);
  return assignment;
}
