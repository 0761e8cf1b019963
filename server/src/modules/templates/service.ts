import {
  FIELD_REGISTRY,
  templateMessages as say,
  withFieldKeys,
  ZTemplateDraft,
  ZTemplateFile,
  type TemplateFormType,
  type TemplateStatus,
  type TTemplateAdminDetails,
  type TTemplateAdminListRequest,
  type TTemplateAdminRow,
  type TTemplateDraft,
  type TTemplateFile,
} from '@compass/shared';
import type { Db, Prisma } from '../../db/prisma';
import { Prisma as PrismaNamespace, type FormTemplate, type FormType } from '../../generated/prisma/client';
import { badRequest, conflict, notFound, parseOrBadRequest } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { recordChange, type Snapshot } from '../../plugins/changeLog';
import { templateFileOf, templateRows } from '../organisationFile';
import { USABLE_TEMPLATE_SQL, WIRE_FORM_TYPE } from '../submissions';
import { findAccountHolders, nameOfUser, userNameJson, userNames, type UserNameJson } from '../employees';
import { timestampOf, type Reader } from '../../db/reader';
import { containing, join, sql, type Sql } from '../../db/sql';
import { findTemplate, organisationTemplates, requireNotArchived } from './policy';

type Tx = Prisma.TransactionClient;

const STORED_FORM_TYPE: Record<TemplateFormType, FormType> = {
  'form-submission': 'form_submission',
  supplier: 'supplier',
  hr: 'hr',
  qr: 'qr',
  audit: 'audit',
};

const statusOf = (template: Pick<FormTemplate, 'isActive' | 'currentVersion'>): TemplateStatus =>
  !template.isActive ? 'archived' : template.currentVersion === 0 ? 'draft' : 'published';

const STATUS_WHERE: Record<TemplateStatus, Sql> = {
  draft: sql`t."isActive" AND t."currentVersion" = 0`,
  published: USABLE_TEMPLATE_SQL,
  archived: sql`NOT t."isActive"`,
};

interface TemplateRow {
  id: string;
  name: string;
  formType: TemplateFormType;
  isActive: boolean;
  currentVersion: number;
  hasDraft: boolean;
  /** A `timestamp` as text (db/reader.ts). */
  updatedAt: string;
  updatedBy: UserNameJson;
}

const stale = () => conflict(say.stale, 'stale_version');

/** A new template's draft: one empty section. */
const blankDraft = (name: string, formType: TemplateFormType): TTemplateDraft => ({
  name,
  formType,
  sections: [{ label: 'Section 1', fields: [] }],
});

/**
 * A template as its history compares it: one entry per setting, section and field (by key), so a
 * log row says "Field injury_type: Injury type (Radio) → Kind of injury (Radio)".
 */
export function templateSnapshot(template: TTemplateDraft): Snapshot {
  const snapshot: Snapshot = {
    name: template.name,
    formType: template.formType,
    emailNotification: [...(template.emailNotification ?? [])].sort().join(', ') || null,
    coordinator: template.coordinator ?? null,
    copied: template.copied?.join(', ') ?? null,
    branchRequirement: template.branchRequirement ?? 'manualEntry',
  };
  template.sections.forEach((section, s) => {
    snapshot[`Section ${s + 1}`] = [section.label, section.mandatoryType].filter(Boolean).join(' · ');
    section.fields.forEach((field, f) => {
      const name = `Field ${field.key ?? `${s + 1}.${f + 1}`}`;
      snapshot[name] =
        `${field.label} (${FIELD_REGISTRY[field.type].title}${field.mandatory ? ', mandatory' : ''}), section ${s + 1}`;
      if (field.options) snapshot[`${name} options`] = field.options.map((option) => option.label).join(', ');
      if (field.items) snapshot[`${name} items`] = field.items.join(', ');
      if (field.columns) snapshot[`${name} columns`] = field.columns.map((column) => column.name).join(', ');
      if (field.groupings)
        snapshot[`${name} categories`] = field.groupings.map((group) => group.category).join(', ');
    });
  });
  return snapshot;
}

/** The form templates of an organisation as their administrators build, version and publish them. */
export class TemplateAdminService {
  constructor(
    private readonly db: Db,
    private readonly reader: Reader,
  ) {}

  async list(
    auth: AuthContext,
    request: TTemplateAdminListRequest,
  ): Promise<{ rows: TTemplateAdminRow[]; total: number }> {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    const conditions = [organisationTemplates(auth)];
    if (request.status) conditions.push(STATUS_WHERE[request.status]);
    // The stored enum values are the wire's (schema.prisma maps form_submission).
    if (request.formType) conditions.push(sql`t."formType"::text = ${request.formType}`);
    if (request.search) conditions.push(sql`t.name ILIKE ${containing(request.search)}`);
    const where = join(conditions, ' AND ');
    // An organisation has tens of templates: every match is counted.
    const [templates, counted] = await Promise.all([
      this.reader.rows<TemplateRow>(sql`SELECT t.id, t.name, t."formType", t."isActive", t."currentVersion",
          t.draft IS NOT NULL AS "hasDraft", t."updatedAt",
          ${userNameJson(sql`t."updatedByUserId"`, sql`t."companyId"`)} AS "updatedBy"
        FROM (SELECT t.id, t."companyId", t.name, t."formType", t."isActive", t."currentVersion",
            t.draft, t."updatedAt", t."updatedByUserId"
          FROM "FormTemplate" t WHERE ${where} ORDER BY t.name, t.id
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) t
        ORDER BY t.name, t.id`),
      this.reader.rows<{ total: number }>(
        sql`SELECT count(*)::int AS total FROM "FormTemplate" t WHERE ${where}`,
      ),
    ]);
    return {
      total: counted[0]?.total ?? 0,
      rows: templates.map((row) => ({
        _id: row.id,
        name: row.name,
        formType: row.formType,
        status: statusOf(row),
        currentVersion: row.currentVersion,
        hasDraft: row.hasDraft,
        updatedAt: timestampOf(row.updatedAt).toISOString(),
        updatedBy: nameOfUser(row.updatedBy),
      })),
    };
  }

  async details(auth: AuthContext, id: string): Promise<TTemplateAdminDetails> {
    const template = await findTemplate(this.db, auth, id);
    const versions = await this.db.formTemplateVersion.findMany({
      where: { companyId: auth.companyId, templateId: id },
      orderBy: { version: 'desc' },
      select: { id: true, version: true, createdAt: true, publishedByUserId: true },
    });
    const versionIds = versions.map((row) => row.id);
    const [fieldCounts, submissionCounts, names] = await Promise.all([
      this.db.templateField.groupBy({
        by: ['templateVersionId'],
        where: { companyId: auth.companyId, templateVersionId: { in: versionIds }, isDeleted: false },
        _count: { _all: true },
      }),
      this.db.formSubmission.groupBy({
        by: ['templateVersionId'],
        where: { companyId: auth.companyId, templateVersionId: { in: versionIds } },
        _count: { _all: true },
      }),
      userNames(
        this.db,
        auth.companyId,
        versions.map((row) => row.publishedByUserId),
      ),
    ]);
    const count = (rows: { templateVersionId: string; _count: { _all: number } }[], versionId: string) =>
      rows.find((row) => row.templateVersionId === versionId)?._count._all ?? 0;
    return {
      _id: template.id,
      status: statusOf(template),
      currentVersion: template.currentVersion,
      hasDraft: template.draft !== null,
      revision: template.revision,
      template: await this.working(this.db, auth, template),
      versions: versions.map((row) => ({
        version: row.version,
        publishedAt: row.createdAt.toISOString(),
        publishedBy: row.publishedByUserId ? (names.get(row.publishedByUserId) ?? null) : null,
        fieldCount: count(fieldCounts, row.id),
        submissionCount: count(submissionCounts, row.id),
      })),
    };
  }

  /** The employees with an account whose name or username matches, to pick a default coordinator. */
  async coordinators(auth: AuthContext, search: string | undefined) {
    const employees = await findAccountHolders(this.db, auth.companyId, search, { byUsername: true });
    return employees.map(({ username, name }) => ({ username, name }));
  }

  async version(auth: AuthContext, id: string, versionNumber: number): Promise<TTemplateDraft> {
    const template = await findTemplate(this.db, auth, id);
    if (versionNumber > template.currentVersion) throw notFound();
    return templateFileOf(this.db, template, auth.companyId, undefined, versionNumber);
  }

  async create(auth: AuthContext, input: { name: string; formType: TemplateFormType }) {
    return this.createDraft(auth, blankDraft(input.name, input.formType), 'created');
  }

  async duplicate(auth: AuthContext, id: string, name: string) {
    const source = await findTemplate(this.db, auth, id);
    const working = await this.working(this.db, auth, source);
    return this.createDraft(auth, { ...working, name, active: undefined }, 'created');
  }

  async import(auth: AuthContext, template: TTemplateDraft) {
    return this.createDraft(auth, { ...template, active: undefined }, 'imported');
  }

  async saveDraft(auth: AuthContext, id: string, revision: number, draft: TTemplateDraft) {
    return this.db.$transaction(async (tx) => {
      const template = await this.changeable(tx, auth, id, revision);
      await this.assertNameFree(tx, auth.companyId, draft.name, id);
      const before = await this.working(tx, auth, template);
      // Stored with every field keyed; the log's "after" is the draft as sent (kept as it was).
      const saved = await tx.formTemplate.update({
        where: { id },
        data: {
          draft: withFieldKeys(draft) as Prisma.InputJsonValue,
          revision: { increment: 1 },
          updatedByUserId: auth.userId,
        },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'formTemplate',
        entityId: id,
        action: 'draft saved',
        before: templateSnapshot(before),
        after: templateSnapshot(draft),
      });
      return { revision: saved.revision };
    });
  }

  /**
   * Makes the draft the next version. Its check is the shared publish schema; the row is claimed
   * by its revision, so of two administrators publishing at once the second gets a 409.
   */
  async publish(auth: AuthContext, id: string, revision: number) {
    return this.db.$transaction(async (tx) => {
      const template = await this.changeable(tx, auth, id, revision);
      // A stored draft that no longer reads as one (an older format) counts as none.
      const draft = this.parsedDraft(template);
      if (!draft) throw conflict(say.noDraft);
      const file = parseOrBadRequest(ZTemplateFile, withFieldKeys(draft));
      await this.assertNameFree(tx, auth.companyId, file.name, id);
      const coordinatorEmployeeId = await this.coordinatorOf(tx, auth.companyId, file);
      const emailCcEmployeeIds = await this.copiedOf(tx, auth.companyId, file);
      const previous =
        template.currentVersion > 0 ? await templateFileOf(tx, template, auth.companyId) : null;
      const version = template.currentVersion + 1;
      const claimed = await tx.formTemplate.updateMany({
        where: { id, companyId: auth.companyId, revision },
        data: {
          name: file.name,
          formType: STORED_FORM_TYPE[file.formType],
          emailNotification: file.emailNotification ?? [],
          coordinatorEmployeeId,
          emailCcEmployeeIds,
          formBranchType: file.branchRequirement ?? 'manualEntry',
          currentVersion: version,
          draft: PrismaNamespace.DbNull,
          revision: { increment: 1 },
          updatedByUserId: auth.userId,
        },
      });
      if (claimed.count === 0) throw stale();
      await templateRows(tx, auth.companyId, id, version, file, auth.userId);
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'formTemplate',
        entityId: id,
        action: `published version ${version}`,
        before: previous ? templateSnapshot(previous) : null,
        after: templateSnapshot(file),
      });
      return { version, revision: revision + 1 };
    });
  }

  async discardDraft(auth: AuthContext, id: string, revision: number) {
    return this.db.$transaction(async (tx) => {
      const template = await this.changeable(tx, auth, id, revision);
      if (template.draft === null) throw conflict(say.noDraft);
      if (template.currentVersion === 0) throw conflict(say.neverPublished);
      const saved = await tx.formTemplate.update({
        where: { id },
        data: { draft: PrismaNamespace.DbNull, revision: { increment: 1 }, updatedByUserId: auth.userId },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'formTemplate',
        entityId: id,
        action: 'draft discarded',
        before: null,
        after: null,
      });
      return { revision: saved.revision };
    });
  }

  async setArchived(auth: AuthContext, id: string, archived: boolean) {
    await this.db.$transaction(async (tx) => {
      const template = await findTemplate(tx, auth, id);
      if (template.isActive === !archived) return;
      await tx.formTemplate.update({
        where: { id },
        data: { isActive: !archived, revision: { increment: 1 }, updatedByUserId: auth.userId },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'formTemplate',
        entityId: id,
        action: archived ? 'archived' : 'restored',
        before: { status: statusOf(template) },
        after: { status: statusOf({ ...template, isActive: !archived }) },
      });
    });
  }

  /** The current version in the file format, or the draft of a template never published. */
  async export(auth: AuthContext, id: string): Promise<TTemplateDraft> {
    const template = await findTemplate(this.db, auth, id);
    if (template.currentVersion === 0) return this.working(this.db, auth, template);
    return withFieldKeys(await templateFileOf(this.db, template, auth.companyId));
  }

  private async createDraft(auth: AuthContext, draft: TTemplateDraft, action: string) {
    return this.db.$transaction(async (tx) => {
      await this.assertNameFree(tx, auth.companyId, draft.name);
      const keyed = withFieldKeys(draft);
      const created = await tx.formTemplate.create({
        data: {
          companyId: auth.companyId,
          name: draft.name,
          formType: STORED_FORM_TYPE[draft.formType],
          emailNotification: [],
          currentVersion: 0,
          draft: keyed as Prisma.InputJsonValue,
          updatedByUserId: auth.userId,
        },
      });
      await recordChange(tx, {
        companyId: auth.companyId,
        userId: auth.userId,
        entityType: 'formTemplate',
        entityId: created.id,
        action,
        before: null,
        after: templateSnapshot(keyed),
      });
      return { _id: created.id };
    });
  }

  /** What the builder opens: the draft, else the current version, every field with a key. */
  private async working(db: Db | Tx, auth: AuthContext, template: FormTemplate): Promise<TTemplateDraft> {
    const draft = this.parsedDraft(template);
    if (draft) return draft;
    if (template.currentVersion === 0) return blankDraft(template.name, WIRE_FORM_TYPE[template.formType]);
    return withFieldKeys(await templateFileOf(db, template, auth.companyId));
  }

  private parsedDraft(template: FormTemplate): TTemplateDraft | null {
    if (template.draft === null) return null;
    const parsed = ZTemplateDraft.safeParse(template.draft);
    return parsed.success ? parsed.data : null;
  }

  /** The template, locked for this transaction, if it may be changed at `revision`. */
  private async changeable(tx: Tx, auth: AuthContext, id: string, revision: number) {
    await tx.$executeRaw`SELECT 1 FROM "FormTemplate" WHERE id = ${id}::uuid AND "companyId" = ${auth.companyId}::uuid FOR UPDATE`;
    const template = await findTemplate(tx, auth, id);
    requireNotArchived(template);
    if (template.revision !== revision) throw stale();
    return template;
  }

  private async assertNameFree(tx: Tx, companyId: string, name: string, exceptId?: string) {
    const taken = await tx.formTemplate.findFirst({
      where: {
        companyId,
        name: { equals: name.trim(), mode: 'insensitive' },
        ...(exceptId && { id: { not: exceptId } }),
      },
      select: { id: true },
    });
    if (taken) throw conflict(say.nameExists);
  }

  /** The employee signing in with a username of the organisation, else a 400 on `field`. */
  private async employeeOf(tx: Tx, companyId: string, username: string, field: string): Promise<string> {
    const user = await tx.user.findFirst({
      where: { companyId, username: { equals: username, mode: 'insensitive' }, employeeId: { not: null } },
      select: { employeeId: true },
    });
    if (!user?.employeeId)
      throw badRequest(say.coordinatorUnknown, [{ field, message: say.coordinatorUnknown }]);
    return user.employeeId;
  }

  private async coordinatorOf(tx: Tx, companyId: string, file: TTemplateFile): Promise<string | null> {
    return file.coordinator ? this.employeeOf(tx, companyId, file.coordinator, 'coordinator') : null;
  }

  private async copiedOf(tx: Tx, companyId: string, file: TTemplateFile): Promise<string[]> {
    const ids: string[] = [];
    for (const [index, username] of (file.copied ?? []).entries())
      ids.push(await this.employeeOf(tx, companyId, username, `copied.${index}`));
    return ids;
  }
}
