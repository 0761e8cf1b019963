import {
  requirementMessages as say,
  type TRequirementType,
  type TRequirementTypeSave,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { badRequest, notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, recordSave } from '../../plugins/changeLog';

/** A requirement type as stored. */
interface RequirementTypeRow {
  id: string;
  name: string;
  appliesTo: 'company' | 'personnel';
  description: string | null;
  expires: boolean;
  trainingCourseId: string | null;
  isActive: boolean;
}

type Tx = Prisma.TransactionClient;

/** The organisation's requirement types (insurance, licences …) that documents are requested by. */
export class RequirementTypes {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  async list(auth: AuthContext): Promise<TRequirementType[]> {
    const company = uuid(auth.companyId);
    const types = await this.reader.rows<RequirementTypeRow & { inUse: number; courseName: string | null }>(
      sql`SELECT t.id, t.name, t."appliesTo", t.description, t.expires, t."trainingCourseId", t."isActive",
          c.name AS "courseName",
          (SELECT count(*)::int FROM "SupplierRequirement" r
            WHERE r."companyId" = ${company} AND r."requirementTypeId" = t.id) AS "inUse"
        FROM "RequirementType" t
        LEFT JOIN "TrainingCourse" c ON c.id = t."trainingCourseId" AND c."companyId" = t."companyId"
        WHERE t."companyId" = ${company}
        ORDER BY t."isActive" DESC, t."appliesTo", t.name`,
    );
    return types.map((type) => this.typeOf(type, type.inUse, type.courseName));
  }

  /** The published courses in use that a personnel type may be met by, by name. */
  courseOptions(auth: AuthContext): Promise<{ _id: string; name: string }[]> {
    return this.reader.rows<{ _id: string; name: string }>(
      sql`SELECT id AS "_id", name FROM "TrainingCourse"
        WHERE "companyId" = ${uuid(auth.companyId)} AND "isActive" AND "currentVersion" > 0
        ORDER BY name, id`,
    );
  }

  private typeOf(type: RequirementTypeRow, inUse: number, courseName: string | null): TRequirementType {
    return {
      _id: type.id,
      name: type.name,
      appliesTo: type.appliesTo,
      description: type.description,
      expires: type.expires,
      trainingCourseId: type.trainingCourseId,
      trainingCourseName: courseName,
      isActive: type.isActive,
      inUse,
    };
  }

  /**
   * The course a type is to be met by, checked when it changes: a personnel type's only, a
   * published course of the organisation in use. Its name (null: no course).
   */
  private async courseOf(
    tx: Tx,
    companyId: string,
    input: TRequirementTypeSave,
    before: { trainingCourseId: string | null } | null,
  ): Promise<string | null> {
    const courseId = input.trainingCourseId ?? null;
    if (!courseId) return null;
    const refuse = (message: string) => badRequest(message, [{ field: 'trainingCourseId', message }]);
    if (input.appliesTo !== 'personnel') throw refuse(say.courseForPersonnel);
    const kept = before?.trainingCourseId === courseId;
    const course = await tx.trainingCourse.findFirst({
      where: { id: courseId, companyId, ...(!kept && { isActive: true, currentVersion: { gt: 0 } }) },
      select: { name: true },
    });
    if (!course) throw refuse(say.courseUnknown);
    return course.name;
  }

  async save(auth: AuthContext, input: TRequirementTypeSave): Promise<TRequirementType> {
    const companyId = auth.companyId;
    const trainingCourseId = input.trainingCourseId ?? null;
    const data = {
      name: input.name,
      appliesTo: input.appliesTo,
      description: input.description || null,
      // A course's pass is met until its refresher is due, never by a document's date.
      expires: trainingCourseId ? false : input.expires,
      trainingCourseId,
    };
    return this.db.$transaction(async (tx) => {
      const clash = await tx.requirementType.findFirst({
        where: {
          companyId,
          appliesTo: input.appliesTo,
          name: { equals: input.name, mode: 'insensitive' },
          ...(input._id && { NOT: { id: input._id } }),
        },
      });
      if (clash) throw badRequest(say.typeNameTaken, [{ field: 'name', message: say.typeNameTaken }]);
      const before = input._id
        ? await tx.requirementType.findFirst({ where: { id: input._id, companyId } })
        : null;
      if (input._id && !before) throw notFound();
      // A type in use keeps what it applies to: its requests name a company or a person.
      const used = before
        ? await tx.supplierRequirement.count({ where: { companyId, requirementTypeId: before.id } })
        : 0;
      if (before && used > 0 && before.appliesTo !== input.appliesTo)
        throw badRequest(say.typeInUse, [{ field: 'appliesTo', message: say.typeInUse }]);
      // And how it is met: its requests were asked for a document, or assigned the course.
      if (before && used > 0 && before.trainingCourseId !== trainingCourseId)
        throw badRequest(say.courseInUse, [{ field: 'trainingCourseId', message: say.courseInUse }]);
      const courseName = await this.courseOf(tx, companyId, input, before);
      const saved = before
        ? await tx.requirementType.update({ where: { id: before.id }, data })
        : await tx.requirementType.create({ data: { companyId, ...data } });
      await recordSave(
        tx,
        auth,
        { type: 'requirementType', id: saved.id },
        before && {
          name: before.name,
          appliesTo: before.appliesTo,
          description: before.description,
          expires: before.expires,
          trainingCourseId: before.trainingCourseId,
        },
        data,
      );
      return this.typeOf(saved, used, courseName);
    });
  }

  async setActive(auth: AuthContext, id: string, isActive: boolean): Promise<TRequirementType> {
    return this.db.$transaction(async (tx) => {
      const before = await tx.requirementType.findFirst({ where: { id, companyId: auth.companyId } });
      if (!before) throw notFound();
      const saved = await tx.requirementType.update({ where: { id }, data: { isActive } });
      if (before.isActive !== isActive)
        await recordChange(tx, {
          companyId: auth.companyId,
          userId: auth.userId,
          entityType: 'requirementType',
          entityId: id,
          action: isActive ? 'restored' : 'archived',
          before: { isActive: before.isActive },
          after: { isActive },
        });
      const [used, course] = await Promise.all([
        tx.supplierRequirement.count({ where: { companyId: auth.companyId, requirementTypeId: id } }),
        saved.trainingCourseId
          ? tx.trainingCourse.findFirst({
              where: { id: saved.trainingCourseId, companyId: auth.companyId },
              select: { name: true },
            })
          : null,
      ]);
      return this.typeOf(saved, used, course?.name ?? null);
    });
  }
}
