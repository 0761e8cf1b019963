import { trainingAssignmentMessages as said, type TLinkOperation } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { OnlineTrainingAssignment, TrainingCourse } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { Caller } from '../../plugins/callers';
import { checkScope } from '../links';

/**
 * Who sees and changes online training (docs/online-training.md, "Who sees what"). The catalogue
 * and the assignments' register are HR's: employees holding hrAdmin (the calls' access says so),
 * since a course's content carries its test's answer key. One assignment: its employee (who takes
 * it), its reviewer (who marks its short answers) and HR; anyone else of the organisation 403,
 * another organisation's 404. A course's files are read and changed by HR, and read by the people
 * of a course's assignment not withdrawn; never the answer key, which only the catalogue's calls
 * and the reviewer's or HR's attempt view carry.
 */

type Client = Db | Prisma.TransactionClient;

/** The holders of the catalogue: employees whose role has hrAdmin. */
export const keepsCatalogue = (auth: AuthContext): boolean =>
  auth.userType === 'employee' && auth.accessKeys.has('hrAdmin');

/** The caller's organisation's course; another organisation's (or none) is not found. */
export async function findCourse(client: Client, auth: AuthContext, id: string): Promise<TrainingCourse> {
  const course = await client.trainingCourse.findFirst({ where: { id, companyId: auth.companyId } });
  if (!course) throw notFound();
  return course;
}

export type TrainingSide = 'employee' | 'reviewer' | 'hr';

/** The caller of one assignment's calls: a signed-in employee or person, or the holder of its link. */
export type TraineeCaller = Extract<Caller, { kind: 'employee' | 'personnel' | 'link' }>;

/** The organisation the caller acts in: a link's own, or the session's. */
export const companyOf = (caller: TraineeCaller): string =>
  caller.kind === 'link' ? caller.link.companyId : caller.auth.companyId;

/** Who the change log names: the signed-in user, or nobody for a link. */
export const actorOf = (caller: TraineeCaller) => ({
  companyId: companyOf(caller),
  userId: caller.kind === 'link' ? null : caller.auth.userId,
});

type Trainee = Pick<OnlineTrainingAssignment, 'employeeId' | 'personnelId' | 'reviewerEmployeeId'>;

/**
 * A link names its assignment and what it may do (read: its page, attempts, certificate; update:
 * start and submit): checked before anything is read. `assignmentId` null: an attempt's, which
 * must then be of the link's own assignment (the caller filters on linkedAssignment).
 */
export function checkTraineeLink(
  caller: TraineeCaller,
  assignmentId: string | null,
  operation: TLinkOperation,
) {
  if (caller.kind !== 'link') return;
  checkScope(caller.link, 'trainingAssignment', assignmentId ?? caller.link.resourceId, operation);
}

/** The assignment a link is limited to (undefined: any, for a signed-in caller). */
export const linkedAssignment = (caller: TraineeCaller): string | undefined =>
  caller.kind === 'link' ? caller.link.resourceId : undefined;

/**
 * The caller's side of an assignment, or null when it is not theirs to see. A link (its scope
 * checked) holds the trainee's side; signed-in personnel are the trainee of their own.
 */
export function sideOf(caller: TraineeCaller, assignment: Trainee): TrainingSide | null {
  if (caller.kind === 'link') return 'employee';
  const { auth } = caller;
  if (caller.kind === 'personnel')
    return auth.personnelId !== null && assignment.personnelId === auth.personnelId ? 'employee' : null;
  if (!auth.employeeId) return null;
  if (assignment.employeeId === auth.employeeId) return 'employee';
  if (assignment.reviewerEmployeeId === auth.employeeId) return 'reviewer';
  return keepsCatalogue(auth) ? 'hr' : null;
}

/** The side of an assignment read (null: none of the organisation's): 404, or 403 when not theirs. */
export function ruledSide(caller: TraineeCaller, assignment: Trainee | null | undefined): TrainingSide {
  if (!assignment) throw notFound();
  const side = sideOf(caller, assignment);
  if (!side) throw forbidden(said.notYours);
  return side;
}

/**
 * An assignment of the caller's organisation with the caller's side: none (or another
 * organisation's) is 404, one the caller may not see 403.
 */
export async function assignmentForCaller(
  client: Client,
  caller: TraineeCaller,
  id: string,
  operation: TLinkOperation,
) {
  checkTraineeLink(caller, id, operation);
  const assignment = await client.onlineTrainingAssignment.findFirst({
    where: { id, companyId: companyOf(caller) },
  });
  const side = ruledSide(caller, assignment);
  return { assignment: assignment!, side };
}

/** Its trainee's assignment (to start and submit attempts): anyone else is told it is not theirs. */
export async function traineesAssignment(client: Client, caller: TraineeCaller, id: string) {
  const { assignment, side } = await assignmentForCaller(client, caller, id, 'update');
  if (side !== 'employee') throw forbidden(said.notYours);
  return assignment;
}

/** Its reviewer's assignment (to mark): anyone else is told only the reviewer marks it. */
export async function reviewersAssignment(client: Client, auth: AuthContext, id: string) {
  const { assignment } = await assignmentForCaller(client, { kind: 'employee', auth }, id, 'read');
  if (assignment.reviewerEmployeeId !== auth.employeeId) throw forbidden(said.notReviewer);
  return assignment;
}
