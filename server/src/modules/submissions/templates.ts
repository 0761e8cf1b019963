import {
  FIELD_REGISTRY,
  fieldConfig,
  type FieldType,
  isFieldType,
  messages,
  type TFormSubmission,
  type TFormTemplateDetail,
} from '@compass/shared';
import { LRUCache } from 'lru-cache';
import type { Db, Prisma } from '../../db/prisma';
import type { BranchType } from '../../generated/prisma/client';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { sessionKind } from '../../plugins/callers';
import { templatesToFillIn } from './openAssignments';
import { emptySql, sql, uuid } from '../../db/sql';
import type { Reader } from '../../db/reader';
import {
  FORM_TYPE_OF_WIRE,
  USABLE_TEMPLATE_SQL,
  WIRE_FORM_TYPE,
  yes,
  type TemplateVersionShape,
} from './shapes';

interface CurrentTemplateRow {
  id: string;
  name: string;
  formType: TFormSubmission['formType'];
  formBranchType: BranchType;
  emailNotification: number[];
  coordinatorEmployeeId: string | null;
  isActive: boolean;
  versionId: string;
  version: number;
}

/** The templates a caller may fill in and their fields (the pick lists are PickLists'). */
export class SubmissionTemplates {
  /**
   * Published versions never change (nothing updates or deletes their sections and fields), so
   * their shapes are kept by id: the details, the save and the template detail of every form
   * would otherwise read them again. Frozen: every caller shares one copy.
   */
  private readonly shapes = new LRUCache<string, TemplateVersionShape>({ max: 500 });

  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  /**
   * The templates a caller is asked to fill in, when it is not all the organisation's (null): a
   * supplier user's or person's are those of its open supplier assignments (externalParties), so the
   * organisation's internal, HR, QR and audit templates, and other suppliers' forms, stay its own.
   */
  private async askedOnly(auth: AuthContext): Promise<string[] | null> {
    return sessionKind(auth) === 'employee' ? null : templatesToFillIn(this.db, auth);
  }

  async templateList(auth: AuthContext, formType?: TFormSubmission['formType']) {
    const asked = await this.askedOnly(auth);
    // Audit templates are answered in audits only, never as a form (modules/audits). The stored
    // type is the wire's (schema.prisma maps the enum's values).
    const rows = await this.reader.rows<{ id: string; name: string; formType: TFormSubmission['formType'] }>(
      sql`SELECT t.id, t.name, t."formType"::text AS "formType" FROM "FormTemplate" t
        WHERE t."companyId" = ${uuid(auth.companyId)} AND ${USABLE_TEMPLATE_SQL}
          AND ${formType ? sql`t."formType"::text = ${formType}` : sql`t."formType" <> 'audit'`}
          ${asked ? sql`AND t."formType" = 'supplier' AND t.id = ANY(${asked}::uuid[])` : emptySql}
        ORDER BY t.name`,
    );
    return rows.map((row) => ({ _id: row.id, name: row.name, formType: row.formType }));
  }

  async branches(auth: Pick<AuthContext, 'companyId'>, workplaceId: string) {
    const rows = await this.db.branch.findMany({
      where: { companyId: auth.companyId, workplaceId, isActive: true },
      orderBy: { name: 'asc' },
    });
    return rows.map((row) => ({ _id: row.id, name: row.name }));
  }

  /** The sections and fields of one template version, in order, as the wire shows them. */
  async versionShape(
    db: Db | Prisma.TransactionClient,
    companyId: string,
    templateVersionId: string,
  ): Promise<TemplateVersionShape> {
    const key = `${companyId}:${templateVersionId}`;
    const cached = this.shapes.get(key);
    if (cached) return cached;
    const shape = deepFreeze(await this.readVersionShape(db, companyId, templateVersionId));
    this.shapes.set(key, shape);
    return shape;
  }

  private async readVersionShape(
    db: Db | Prisma.TransactionClient,
    companyId: string,
    templateVersionId: string,
  ): Promise<TemplateVersionShape> {
    const [sections, fields] = await Promise.all([
      db.templateSection.findMany({ where: { companyId, templateVersionId }, orderBy: { orderNo: 'asc' } }),
      db.templateField.findMany({ where: { companyId, templateVersionId }, orderBy: { orderNo: 'asc' } }),
    ]);
    return {
      sections: sections.map((section) => ({
        _id: section.id,
        level: section.label,
        secMandatoryType: section.secMandatoryType,
        orderNo: section.orderNo,
        isDelete: yes(section.isDeleted),
        collapsed: section.isCollapsed,
      })),
      fieldList: fields
        .filter((field) => isFieldType(field.type))
        .map((field) => ({
          _id: field.id,
          type: field.type as FieldType,
          level: field.label,
          section: field.sectionId,
          orderNo: field.orderNo,
          colSize: field.colSize ?? FIELD_REGISTRY[field.type as FieldType].colSize,
          isMandatory: yes(field.isMandatory),
          isDelete: yes(field.isDeleted),
          optionVal: field.optionVal ?? null,
          // Read through the registry: a damaged stored list loses its bad entries, not the form.
          itemList: field.itemList === null ? null : fieldConfig('items', field).itemList,
          webLink: field.webLink,
          contentEditor: field.contentEditor,
          placeholder: field.placeholder,
          mandatoryComment: field.mandatoryComment,
          helpText: field.helpText,
        })),
    };
  }

  /**
   * A template with its published version, on the read pool: only what a save and the details
   * use. Not the whole row, whose builder draft holds a copy of every field (and not every version).
   */
  async currentVersion(companyId: string, templateId: string) {
    const [row] = await this.reader.rows<CurrentTemplateRow>(sql`SELECT t.id, t.name,
        t."formType"::text AS "formType", t."formBranchType"::text AS "formBranchType", t."emailNotification",
        t."coordinatorEmployeeId", t."isActive", v.id AS "versionId", v.version
      FROM "FormTemplate" t
      JOIN "FormTemplateVersion" v ON v."companyId" = t."companyId" AND v."templateId" = t.id
        AND v.version = t."currentVersion"
      WHERE t.id = ${uuid(templateId)} AND t."companyId" = ${uuid(companyId)}`);
    if (!row) throw notFound(messages.submission.templateInactive);
    const { versionId, version, ...template } = row;
    return {
      template: { ...template, formType: FORM_TYPE_OF_WIRE[template.formType] },
      version: { id: versionId, version },
    };
  }

  /** A template for a signed-in caller: one it is asked to fill in (askedOnly), else unknown to it. */
  async callerTemplateDetail(auth: AuthContext, templateId: string): Promise<TFormTemplateDetail> {
    const asked = await this.askedOnly(auth);
    if (asked && !asked.includes(templateId)) throw notFound(messages.submission.templateInactive);
    const detail = await this.templateDetail(auth, templateId);
    if (asked && detail.formType !== 'supplier') throw notFound(messages.submission.templateInactive);
    return detail;
  }

  async templateDetail(
    auth: Pick<AuthContext, 'companyId'>,
    templateId: string,
  ): Promise<TFormTemplateDetail> {
    const { template, version } = await this.currentVersion(auth.companyId, templateId);
    if (!template.isActive) throw notFound(messages.submission.templateInactive);
    return {
      _id: template.id,
      name: template.name,
      formType: WIRE_FORM_TYPE[template.formType],
      formBranchType: template.formBranchType,
      emailNotification: template.emailNotification.map((value) => ({ value })),
      coordinate: template.coordinatorEmployeeId,
      templateVersionId: version.id,
      version: version.version,
      ...(await this.versionShape(this.db, auth.companyId, version.id)),
    };
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
