import {
  messages,
  onlineTrainingMessages as say,
  type TTrainingCourseContent,
  type TTrainingCourseSaveParsed,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { badRequest, conflict } from '../../errors';
import { Prisma as PrismaNamespace, type TrainingCourse } from '../../generated/prisma/client';
import type { AuthContext } from '../../plugins/auth';
import {
  contentJson,
  courseSnapshot,
  requireCourseFiles,
  requirePublishable,
  sanitizedContent,
  storedDraft,
  storedVersion,
  versionFigures,
} from './content';
import { isUniqueViolation } from '../../db/errors';
import { trainingChangeLog } from './making';
import { findCourse } from './policy';

/**
 * The catalogue's writes: a course's name, description and draft saved at its revision, the draft
 * published as the next version or discarded, the course taken out of use and back. Each write
 * claims the course with `UPDATE … WHERE revision = n`: of two writes made on one revision the
 * second gets a 409 and reloads.
 */

type Tx = Prisma.TransactionClient;
type Revised = { _id: string; revision: number };

const stale = () => conflict(say.stale, 'stale_version');
const nameTaken = () => badRequest(say.nameTaken, [{ field: 'name', message: say.nameTaken }]);

/** The course at `revision`; 409 when another write came first. */
async function courseAt(tx: Tx, auth: AuthContext, id: string, revision: number): Promise<TrainingCourse> {
  const course = await findCourse(tx, auth, id);
  if (course.revision !== revision) throw stale();
  return course;
}

/** Writes `data` to the course if it is still at its revision; the new revision. */
export async function claimCourse(
  tx: Tx,
  auth: AuthContext,
  course: Pick<TrainingCourse, 'id' | 'revision'>,
  data: Prisma.TrainingCourseUpdateManyMutationInput,
): Promise<number> {
  const claimed = await tx.trainingCourse.updateMany({
    where: { id: course.id, companyId: auth.companyId, revision: course.revision },
    data: { ...data, revision: { increment: 1 }, updatedByUserId: auth.userId },
  });
  if (claimed.count === 0) throw stale();
  return course.revision + 1;
}

const logCourse = trainingChangeLog('trainingCourse');

/** A course's name is unique in the organisation, whatever its case. */
async function requireNameFree(tx: Tx, companyId: string, name: string, exceptId?: string): Promise<void> {
  const taken = await tx.trainingCourse.findFirst({
    where: {
      companyId,
      name: { equals: name, mode: 'insensitive' },
      ...(exceptId && { id: { not: exceptId } }),
    },
    select: { id: true },
  });
  if (taken) throw nameTaken();
}

/** What HR was editing before a save: the draft, else the published version. */
async function workingContent(tx: Tx, course: TrainingCourse): Promise<TTrainingCourseContent | null> {
  const draft = storedDraft(course.draft);
  if (draft || course.currentVersion === 0) return draft;
  const version = await tx.trainingCourseVersion.findUniqueOrThrow({
    where: { courseId_number: { courseId: course.id, number: course.currentVersion } },
    select: { content: true },
  });
  return storedVersion(version.content);
}

async function courseFileIds(tx: Tx, companyId: string, courseId: string): Promise<Set<string>> {
  const files = await tx.attachment.findMany({
    where: { companyId, ownerType: 'trainingCourse', ownerId: courseId },
    select: { id: true },
  });
  return new Set(files.map((file) => file.id));
}

async function createCourse(tx: Tx, auth: AuthContext, input: TTrainingCourseSaveParsed): Promise<Revised> {
  await requireNameFree(tx, auth.companyId, input.name);
  // A new course has no files yet: its sections name none.
  requireCourseFiles(input.content, new Set());
  const created = await tx.trainingCourse.create({
    data: {
      companyId: auth.companyId,
      name: input.name,
      description: input.description,
      draft: contentJson(input.content),
      createdById: auth.userId,
      updatedByUserId: auth.userId,
    },
  });
  await logCourse(tx, auth, created.id, 'created', null, courseSnapshot(input, input.content));
  return { _id: created.id, revision: created.revision };
}

async function changeCourse(
  tx: Tx,
  auth: AuthContext,
  id: string,
  input: TTrainingCourseSaveParsed,
): Promise<Revised> {
  if (input.revision === undefined)
    throw badRequest(messages.common.validationFailed, [
      { field: 'revision', message: messages.common.invalidValue },
    ]);
  const before = await courseAt(tx, auth, id, input.revision);
  await requireNameFree(tx, auth.companyId, input.name, id);
  requireCourseFiles(input.content, await courseFileIds(tx, auth.companyId, id));
  const revision = await claimCourse(tx, auth, before, {
    name: input.name,
    description: input.description,
    draft: contentJson(input.content),
  });
  await logCourse(
    tx,
    auth,
    id,
    'saved',
    courseSnapshot(before, await workingContent(tx, before)),
    courseSnapshot(input, input.content),
  );
  return { _id: id, revision };
}

/** Adds a course or saves one's name, description and draft (kept as given: it may be incomplete). */
export async function saveCourse(
  db: Db,
  auth: AuthContext,
  given: TTrainingCourseSaveParsed,
): Promise<Revised> {
  const input = { ...given, content: sanitizedContent(given.content) };
  try {
    return await db.$transaction((tx) =>
      input._id ? changeCourse(tx, auth, input._id, input) : createCourse(tx, auth, input),
    );
  } catch (error) {
    // Two saves of one name at once: the second meets the organisation's unique name.
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Makes the draft the course's next version (what new attempts take) and clears it. */
export function publishCourse(db: Db, auth: AuthContext, input: { _id: string; revision: number }) {
  return db.$transaction(async (tx) => {
    const course = await courseAt(tx, auth, input._id, input.revision);
    const draft = storedDraft(course.draft);
    if (!draft) throw conflict(say.nothingToPublish);
    requirePublishable(draft);
    const number = course.currentVersion + 1;
    const revision = await claimCourse(tx, auth, course, {
      currentVersion: number,
      draft: PrismaNamespace.DbNull,
    });
    await tx.trainingCourseVersion.create({
      data: {
        companyId: auth.companyId,
        courseId: course.id,
        number,
        content: contentJson(draft),
        ...versionFigures(draft),
        publishedById: auth.userId,
      },
    });
    await logCourse(
      tx,
      auth,
      course.id,
      'published',
      { version: course.currentVersion || null },
      {
        version: number,
        ...courseSnapshot(course, draft),
      },
    );
    return { currentVersion: number, revision };
  });
}

/** Drops the draft of a published course: the published version is what HR edits again. */
export function discardDraft(db: Db, auth: AuthContext, input: { _id: string; revision: number }) {
  return db.$transaction(async (tx) => {
    const course = await courseAt(tx, auth, input._id, input.revision);
    if (course.currentVersion === 0) throw conflict(say.neverPublished);
    if (course.draft === null) throw conflict(say.nothingToDiscard);
    const revision = await claimCourse(tx, auth, course, { draft: PrismaNamespace.DbNull });
    await logCourse(tx, auth, course.id, 'discarded', null, null);
    return { revision };
  });
}

/** Takes a course out of use or back into use; its versions stay. */
export function setCourseActive(
  db: Db,
  auth: AuthContext,
  input: { _id: string; revision: number; isActive: boolean },
) {
  return db.$transaction(async (tx) => {
    const course = await courseAt(tx, auth, input._id, input.revision);
    if (course.isActive === input.isActive) return { revision: course.revision };
    const revision = await claimCourse(tx, auth, course, { isActive: input.isActive });
    await logCourse(
      tx,
      auth,
      course.id,
      input.isActive ? 'reactivated' : 'deactivated',
      { isActive: course.isActive },
      { isActive: input.isActive },
    );
    return { revision };
  });
}
