import {
  requirementMessages as say,
  type TRequirementType,
  type TRequirementTypeSave,
} from '@compass/shared';
import type { Db } from '../../db/prisma';
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
  isActive: boolean;
}

/** The organisation's requirement types (insurance, licences …) that documents are requested by. */
export class RequirementTypes {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  async list(auth: AuthContext): Promise<TRequirementType[]> {
    const company = uuid(auth.companyId);
    const types = await this.reader.rows<RequirementTypeRow & { inUse: number }>(
      sql`SELECT t.id, t.name, t."appliesTo", t.description, t.expires, t."isActive",
          (SELECT count(*)::int FROM "SupplierRequirement" r
            WHERE r."companyId" = ${company} AND r."requirementTypeId" = t.id) AS "inUse"
        FROM "RequirementType" t WHERE t."companyId" = ${company}
        ORDER BY t."isActive" DESC, t."appliesTo", t.name`,
    );
    return types.map((type) => this.typeOf(type, type.inUse));
  }

  private typeOf(type: RequirementTypeRow, inUse: number): TRequirementType {
    return {
      _id: type.id,
      name: type.name,
      appliesTo: type.appliesTo,
      description: type.description,
      expires: type.expires,
      isActive: type.isActive,
      inUse,
    };
  }

  async save(auth: AuthContext, input: TRequirementTypeSave): Promise<TRequirementType> {
    const companyId = auth.companyId;
    const data = {
      name: input.name,
      appliesTo: input.appliesTo,
      description: input.description || null,
      expires: input.expires,
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
        },
        data,
      );
      return this.typeOf(saved, used);
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
      const used = await tx.supplierRequirement.count({
        where: { companyId: auth.companyId, requirementTypeId: id },
      });
      return this.typeOf(saved, used);
    });
  }
}
