import { trainingAssignmentMessages as said } from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { forbidden, notFound } from '../../errors';
import type { OnlineTrainingAssignment, TrainingCourse } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';

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

/** The caller's side of an assignment, or null when it is not theirs to see. */
export function sideOf(
  auth: AuthContext,
  assignment: Pick<OnlineTrainingAssignment, 'employeeId' | 'reviewerEmployeeId'>,
): TrainingSide | null {
  if (auth.userType !== 'employee' || !auth.employeeId) return null;
  if (assignment.employeeId === auth.employeeId) return 'employee';
  if (assignment.reviewerEmployeeId === auth.employeeId) return 'reviewer';
  return keepsCatalogue(auth) ? 'hr' : null;
}

/**
 * An assignment of the caller's organisation with the caller's side: none (or another
 * organisation's) is 404, one the caller may not see 403.
 */
export async function assignmentForCaller(client: Client, auth: AuthContext, id: string) {
  const assignment = await client.onlineTrainingAssignment.findFirst({
    where: { id, companyId: auth.companyId },
  });
  if (!assignment) throw notFound();
  const side = sideOf(auth, assignment);
  if (!side) throw forbidden(said.notYours);
  return { assignment, side };
}

/** Its employee's assignment (to start and submit attempts): anyone else is told it is not theirs. */
export async function traineesAssignment(client: Client, auth: AuthContext, id: string) {
  const { assignment, side } = await assignmentForCaller(client, auth, id);
  if (side !== 'employee') throw forbidden(said.notYours);
  return assignment;
}

/** Its reviewer's assignment (to mark): anyone else is told only the reviewer marks it. */
export async function reviewersAssignment(client: Client, auth: AuthContext, id: string) {
  const { assignment } = await assignmentForCaller(client, auth, id);
  if (assignment.reviewerEmployeeId !== auth.employeeId) throw forbidden(said.notReviewer);
  return assignment;
}

/**
 * A course's files: read and changed by the catalogue's holders, in the course's organisation;
 * read by the employee and the reviewer of one of its assignments not withdrawn.
 */
export const coursesFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, courseId, mode) => {
    if (keepsCatalogue(auth)) {
      const course = await db.trainingCourse.findFirst({
        where: { id: courseId, companyId: auth.companyId },
        select: { id: true },
      });
      return course !== null;
    }
    if (mode !== 'read' || auth.userType !== 'employee' || !auth.employeeId) return false;
    const assignment = await db.onlineTrainingAssignment.findFirst({
      where: {
        companyId: auth.companyId,
        courseId,
        status: { not: 'cancelled' },
        OR: [{ employeeId: auth.employeeId }, { reviewerEmployeeId: auth.employeeId }],
      },
      select: { id: true },
    });
    return assignment !== null;
  };
