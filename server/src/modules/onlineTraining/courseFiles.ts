import type { Db, Prisma } from '../../db/prisma';
import type { OwnerPolicy } from '../attachments';
import type { LinkFiles } from '../links';
import { namedFiles } from './content';
import { versionContent } from './outcomes';
import { keepsCatalogue } from './policy';

/**
 * Who reads a course's files. HR (the catalogue's holders) reads and changes all of them. The people
 * of an assignment not withdrawn — its trainee, signed in or through its link, and its reviewer —
 * read only the files that a version the trainee takes or took names (the published one, and those
 * of the attempts): never a file HR added to a draft, nor another course's.
 */

/** The course whose file `attachmentId` one of the `assignments` may read, or null. */
async function courseNaming(
  db: Db,
  companyId: string,
  assignments: Prisma.OnlineTrainingAssignmentWhereInput,
  attachmentId: string,
): Promise<string | null> {
  const found = await db.onlineTrainingAssignment.findMany({
    where: { ...assignments, companyId, status: { not: 'cancelled' } },
    select: {
      courseId: true,
      course: { select: { currentVersion: true } },
      attempts: { select: { versionNumber: true } },
    },
  });
  for (const { courseId, course, attempts } of found) {
    const numbers = new Set([course.currentVersion, ...attempts.map((attempt) => attempt.versionNumber)]);
    for (const versionNumber of numbers) {
      const content = await versionContent(db, { companyId, courseId, versionNumber });
      if (namedFiles(content).has(attachmentId)) return courseId;
    }
  }
  return null;
}

/** A course's files for signed-in callers (attachments' owner policy of `trainingCourse`). */
export const coursesFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, courseId, mode, attachmentId) => {
    if (keepsCatalogue(auth)) {
      const course = await db.trainingCourse.findFirst({
        where: { id: courseId, companyId: auth.companyId },
        select: { id: true },
      });
      return course !== null;
    }
    if (mode !== 'read' || !attachmentId) return false;
    const people: Prisma.OnlineTrainingAssignmentWhereInput[] = [];
    if (auth.userType === 'employee' && auth.employeeId)
      people.push({ employeeId: auth.employeeId }, { reviewerEmployeeId: auth.employeeId });
    if (auth.userType !== 'employee' && auth.personnelId) people.push({ personnelId: auth.personnelId });
    if (people.length === 0) return false;
    return (await courseNaming(db, auth.companyId, { courseId, OR: people }, attachmentId)) === courseId;
  };

/** The files a training's link reads: those its own assignment's versions name. */
export const linkedCourseFiles =
  (db: Db): LinkFiles =>
  async (scope, attachmentId) => {
    const { companyId } = scope;
    const courseId = await courseNaming(db, companyId, { id: scope.resourceId }, attachmentId);
    return courseId ? { companyId, ownerType: 'trainingCourse' as const, ownerId: courseId } : null;
  };
