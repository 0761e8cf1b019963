import { performanceReviewMessages as say } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { sql, uuid, type Sql } from '../../db/sql';
import { forbidden, notFound } from '../../errors';
import type { PerformanceReview } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';

// Who sees and changes a performance review (docs/human-resources.md, "Performance reviews"): the
// one rule every call, list and dashboard item of the area goes through.
// - The register, its export and the people search for any employee: HR (hrForm or hrAdmin).
// - Starting: HR, or the employee's manager (Employee.managerEmployeeId) for their direct reports.
// - One review: its employee, its reviewer, the employee's line manager (facts only) and HR.
// - Content: each side writes its part in private; the other side (and HR with
//   hrEmployeePrivateInfo) reads it once submitted. The line manager who is not the reviewer, and HR
//   without hrEmployeePrivateInfo, see the facts (names, dates, status) only.
// Suppliers, personnel and links never reach the calls (they serve employees only); another
// organisation's review is not found.

type Client = Db | Prisma.TransactionClient;

/** HR: the keys that hold the register of every review, start and cancel any. */
export const holdsReviewRegister = (auth: AuthContext): boolean =>
  auth.accessKeys.has('hrForm') || auth.accessKeys.has('hrAdmin');

/** The key that reads what the two sides wrote, as it reads HR forms' answers. */
const readsContent = (auth: AuthContext): boolean => auth.accessKeys.has('hrEmployeePrivateInfo');

/** Refuses a caller who is not HR (the register and its export). */
export function requireReviewRegister(auth: AuthContext): void {
  if (!holdsReviewRegister(auth)) throw forbidden();
}

export type ReviewSide = 'employee' | 'reviewer' | 'manager' | 'hr';

type Parties = Pick<PerformanceReview, 'employeeId' | 'reviewerEmployeeId'>;

/**
 * The caller's side of a review, or null when it is not theirs to see. `managerId` is the
 * employee's manager now: a new manager takes over their report's history.
 */
export function sideOf(auth: AuthContext, review: Parties, managerId: string | null): ReviewSide | null {
  if (auth.userType !== 'employee' || !auth.employeeId) return null;
  if (review.employeeId === auth.employeeId) return 'employee';
  if (review.reviewerEmployeeId === auth.employeeId) return 'reviewer';
  if (holdsReviewRegister(auth) || readsContent(auth)) return 'hr';
  return managerId === auth.employeeId ? 'manager' : null;
}

/**
 * Which part the caller reads: the employee's (self ratings, comments, text) and the reviewer's
 * (ratings, comments, text, overall rating, agreed actions). A draft is its writer's alone.
 */
export function shownParts(
  auth: AuthContext,
  side: ReviewSide,
  /** When each side submitted (a Date, or a timestamp as text), or null. */
  review: Record<'selfSubmittedAt' | 'managerSubmittedAt', Date | string | null>,
): { self: boolean; manager: boolean } {
  const hrReads = side === 'hr' && readsContent(auth);
  return {
    self: side === 'employee' || (review.selfSubmittedAt !== null && (side === 'reviewer' || hrReads)),
    manager: side === 'reviewer' || (review.managerSubmittedAt !== null && (side === 'employee' || hrReads)),
  };
}

/**
 * The caller reads the remarks between the two sides (a return's comment, the sign-off comments):
 * the two sides, and HR with hrEmployeePrivateInfo.
 */
export const readsRemarks = (auth: AuthContext, side: ReviewSide): boolean =>
  side === 'employee' || side === 'reviewer' || (side === 'hr' && readsContent(auth));

/** The caller may start a review of an employee whose manager is `managerId`. */
export const startsFor = (auth: AuthContext, managerId: string | null): boolean =>
  holdsReviewRegister(auth) || (!!auth.employeeId && managerId === auth.employeeId);

/** The caller may cancel a review: HR, or the one who started it. */
export const cancels = (auth: AuthContext, review: Pick<PerformanceReview, 'createdById'>): boolean =>
  holdsReviewRegister(auth) || review.createdById === auth.userId;

/** The caller may change the objectives (while the self-assessment is open): the reviewer, the starter, HR. */
export const editsObjectives = (
  auth: AuthContext,
  review: Pick<PerformanceReview, 'reviewerEmployeeId' | 'createdById'>,
): boolean => review.reviewerEmployeeId === auth.employeeId || cancels(auth, review);

/** The employee's manager now (null: none, or not an employee of the organisation). */
export async function managerOf(
  client: Client,
  companyId: string,
  employeeId: string,
): Promise<string | null> {
  const employee = await client.employee.findFirst({
    where: { id: employeeId, companyId },
    select: { managerEmployeeId: true },
  });
  return employee?.managerEmployeeId ?? null;
}

/**
 * A review of the caller's organisation with the caller's side: none (or another organisation's)
 * is 404, one the caller may not see 403.
 */
export async function reviewForCaller(client: Client, auth: AuthContext, id: string) {
  const review = await client.performanceReview.findFirst({ where: { id, companyId: auth.companyId } });
  if (!review) throw notFound();
  const side = sideOf(auth, review, await managerOf(client, auth.companyId, review.employeeId));
  if (!side) throw forbidden();
  return { review, side };
}

/** The review's employee alone: anyone else who sees it is told the self-assessment is not theirs. */
export async function employeesReview(client: Client, auth: AuthContext, id: string) {
  const { review, side } = await reviewForCaller(client, auth, id);
  if (side !== 'employee') throw forbidden(say.notEmployee);
  return review;
}

/** The review's reviewer alone. */
export async function reviewersReview(client: Client, auth: AuthContext, id: string) {
  const { review, side } = await reviewForCaller(client, auth, id);
  if (side !== 'reviewer') throw forbidden(say.notReviewer);
  return review;
}

/**
 * The reviews on an employee's dashboard (SQL on `t`): their self-assessment, and their signature
 * while they have not signed; as a reviewer, the assessment and their signature.
 */
export function openStepsSql(companyId: string, employeeId: string): Sql {
  const me = uuid(employeeId);
  return sql`t."companyId" = ${uuid(companyId)} AND (
    (t."employeeId" = ${me} AND (t.status = 'selfAssessment'
      OR (t.status = 'signOff' AND t."employeeSignedAt" IS NULL)))
    OR (t."reviewerEmployeeId" = ${me} AND (t.status = 'managerAssessment'
      OR (t.status = 'signOff' AND t."reviewerSignedAt" IS NULL))))`;
}
