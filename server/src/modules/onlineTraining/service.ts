import {
  onlineTrainingMessages as say,
  type TAttachment,
  type TTrainingCourseDetails,
  type TTrainingCourseList,
  type TTrainingCourseSaveParsed,
  type TTrainingAssign,
  type TTrainingAssignmentView,
  type TTrainingAssignOptions,
  type TTrainingAttemptMark,
  type TTrainingAttemptSubmit,
  type TTrainingCourseVersion,
  type ZTrainingAssignmentListRequest,
  type ZTrainingCourseListRequest,
} from '@compass/shared';
import type { z } from 'zod';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import type { MailQueue } from '../../plugins/mail';
import type { UploadedFile } from '../../plugins/uploads';
import type { AttachmentService } from '../attachments';
import type { PositionJoin } from '../employees';
import { registerLinkFiles } from '../links';
import { attachItemFiles } from '../registerParts';
import { listAssignments } from './assignmentReads';
import { allowAttempt, assignCourse, assignOptions, cancelAssignment } from './assignments';
import { openAssignment, startAttempt, submitAttempt } from './attempts';
import { attemptDetails } from './attemptView';
import { trainingCertificate } from './certificate';
import { contentJson, namedFiles, storedDraft, storedVersion, withoutFile } from './content';
import { claimCourse, discardDraft, publishCourse, saveCourse, setCourseActive } from './courses';
import { coursesFilePolicy, linkedCourseFiles } from './courseFiles';
import { markAttempt } from './marking';
import { registerMailing, type Mailing } from './mails';
import { assignPersonnelCourse, personnelOptions } from './personnel';
import { findCourse, type TraineeCaller } from './policy';
import { assignOnJoin, listPositionRules, stopPositionRule } from './positionRules';
import { courseDetails, courseVersion, listCourses } from './reads';

type Revision = { _id: string; revision: number };

/**
 * Online training's catalogue (issue 43): HR's courses, their drafts, published versions and
 * files. Every read and write is scoped to the caller's organisation; policy.ts says who reaches
 * the catalogue.
 */
export class OnlineTrainingService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
  ) {
    attachments.registerPolicy('trainingCourse', coursesFilePolicy(db));
    registerLinkFiles('trainingAssignment', linkedCourseFiles(db));
  }

  list(
    auth: AuthContext,
    request: z.output<typeof ZTrainingCourseListRequest>,
  ): Promise<TTrainingCourseList> {
    return listCourses(this.reader, auth, request);
  }

  details(auth: AuthContext, id: string): Promise<TTrainingCourseDetails> {
    return courseDetails(this.reader, auth, id);
  }

  version(auth: AuthContext, request: { _id: string; number: number }): Promise<TTrainingCourseVersion> {
    return courseVersion(this.reader, auth, request);
  }

  save(auth: AuthContext, input: TTrainingCourseSaveParsed): Promise<Revision> {
    return saveCourse(this.db, auth, input);
  }

  publish(auth: AuthContext, input: Revision) {
    return publishCourse(this.db, auth, input);
  }

  discard(auth: AuthContext, input: Revision) {
    return discardDraft(this.db, auth, input);
  }

  setActive(auth: AuthContext, input: Revision & { isActive: boolean }) {
    return setCourseActive(this.db, auth, input);
  }

  /** Adds files to a course; the draft's sections then name them. Answers the files added. */
  async addFiles(auth: AuthContext, courseId: string, files: UploadedFile[]): Promise<TAttachment[]> {
    if (files.length === 0) throw badRequest(say.filesRequired);
    await findCourse(this.db, auth, courseId);
    const listed = () => this.attachments.listFor(auth.companyId, 'trainingCourse', courseId);
    const before = new Set((await listed()).map((file) => file._id));
    const item = { ownerType: 'trainingCourse' as const, entityType: 'trainingCourse', id: courseId };
    await attachItemFiles(this.attachments, auth, item, files, async (tx) => {
      await findCourse(tx, auth, courseId);
    });
    return (await listed()).filter((file) => !before.has(file._id));
  }

  /**
   * Deletes a file no published version shows (a trainee may be reading it); the draft stops
   * naming it. Answers the course's revision (raised when the draft changed).
   */
  async deleteFile(auth: AuthContext, input: { _id: string; fileId: string }): Promise<{ revision: number }> {
    const owner = { companyId: auth.companyId, ownerType: 'trainingCourse' as const, ownerId: input._id };
    const file = await this.db.attachment.findFirst({
      where: { id: input.fileId, ...owner },
      select: { id: true },
    });
    if (!file) throw notFound();
    const revision = await this.db.$transaction(async (tx) => {
      // Locked: a publish waits, so no version names the file once this has looked.
      await tx.$executeRaw`SELECT 1 FROM "TrainingCourse" WHERE id = ${input._id}::uuid FOR UPDATE`;
      const course = await findCourse(tx, auth, input._id);
      const versions = await tx.trainingCourseVersion.findMany({
        where: { companyId: auth.companyId, courseId: course.id },
        select: { content: true },
      });
      if (versions.some((version) => namedFiles(storedVersion(version.content)).has(input.fileId)))
        throw conflict(say.fileInUse);
      const draft = storedDraft(course.draft);
      if (!draft || !namedFiles(draft).has(input.fileId)) return course.revision;
      return claimCourse(tx, auth, course, { draft: contentJson(withoutFile(draft, input.fileId)) });
    });
    await this.attachments.removeOwned(owner, input.fileId, auth.userId);
    return { revision };
  }
}

/**
 * Online training's assignments (issue 43): HR assigns published courses (to employees, positions
 * with their standing rules, supplier personnel) and keeps the register; the trainee takes the
 * test, signed in or through their link; the reviewer marks short answers; a pass has its
 * certificate. policy.ts says who
 * reaches an assignment; the answer key never leaves the server to a trainee.
 */
export class TrainingAssignmentService {
  private readonly mailing: Mailing;

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
    private readonly attachments: AttachmentService,
    mail: MailQueue,
    publicUrl: string,
  ) {
    this.mailing = { mail, publicUrl };
    registerMailing(this.mailing);
  }

  options(auth: AuthContext): Promise<TTrainingAssignOptions> {
    return assignOptions(this.reader, this.db, auth);
  }

  personnelOptions(auth: AuthContext, search: string) {
    return personnelOptions(this.reader, auth, search);
  }

  /** To supplier personnel, or to employees (chosen, a position, a workplace). */
  assign(auth: AuthContext, input: TTrainingAssign) {
    const { personnelIds } = input;
    return personnelIds?.length
      ? assignPersonnelCourse(this.db, this.mailing, auth, { ...input, personnelIds })
      : assignCourse(this.db, this.mailing, auth, input);
  }

  positionRules(auth: AuthContext, courseId: string) {
    return listPositionRules(this.reader, auth, courseId);
  }

  stopPositionRule(auth: AuthContext, id: string) {
    return stopPositionRule(this.db, auth, id);
  }

  /** Someone joined a position (the employees' hook, in their transaction). */
  positionJoined(tx: Prisma.TransactionClient, join: PositionJoin) {
    return assignOnJoin(tx, this.mailing, join);
  }

  certificate(caller: TraineeCaller, assignmentId: string) {
    return trainingCertificate(this.db, this.reader, caller, assignmentId);
  }

  list(auth: AuthContext, request: z.output<typeof ZTrainingAssignmentListRequest>) {
    return listAssignments(this.reader, auth, request);
  }

  allowAttempt(auth: AuthContext, id: string) {
    return allowAttempt(this.db, auth, id);
  }

  cancel(auth: AuthContext, id: string) {
    return cancelAssignment(this.db, auth, id);
  }

  open(caller: TraineeCaller, id: string): Promise<TTrainingAssignmentView> {
    return openAssignment(this.db, this.reader, this.attachments, caller, id);
  }

  start(caller: TraineeCaller, assignmentId: string) {
    return startAttempt(this.db, caller, assignmentId);
  }

  submit(caller: TraineeCaller, input: TTrainingAttemptSubmit) {
    return submitAttempt(this.db, this.mailing, caller, input);
  }

  details(caller: TraineeCaller, id: string) {
    return attemptDetails(this.db, this.reader, caller, id);
  }

  mark(auth: AuthContext, input: TTrainingAttemptMark) {
    return markAttempt(this.db, this.mailing, auth, input);
  }
}
