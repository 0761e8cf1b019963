import type { Db, Prisma } from '../../db/prisma';
import { notFound } from '../../errors';
import type { TrainingCourse } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import type { OwnerPolicy } from '../attachments';

/**
 * Who sees and changes online training's catalogue (docs/online-training.md). The catalogue is
 * HR's: every call is for employees holding hrAdmin (the calls' access says so), since a course's
 * content carries its test's answer key. Another organisation's course is not found. A course's
 * files are read and changed with hrAdmin too, in the caller's organisation; the trainees who will
 * read a published version's files (the assignments and attempts still to come) are added to
 * coursesFilePolicy then, never the answer key.
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

/** A course's files: read and changed by the catalogue's holders, in the course's organisation. */
export const coursesFilePolicy =
  (db: Db): OwnerPolicy =>
  async (auth, courseId) => {
    if (!keepsCatalogue(auth)) return false;
    const course = await db.trainingCourse.findFirst({
      where: { id: courseId, companyId: auth.companyId },
      select: { id: true },
    });
    return course !== null;
  };
