import {
  FIELD_REGISTRY,
  fieldConfig,
  type FieldType,
  formatedNumber,
  isFieldType,
  messages,
  type TFormSubmission,
  type TFormTemplateDetail,
  type TRelatedLists,
} from '@compass/shared';
import { LRUCache } from 'lru-cache';
import type { Db, Prisma } from '../../db/prisma';
import type { FormType } from '../../generated/prisma/client';
import { notFound } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { USABLE_TEMPLATE, UUID_PATTERN, WIRE_FORM_TYPE, yes, type TemplateVersionShape } from './shapes';

/** The templates a caller may fill in, their fields, and the pick lists of their reference fields. */
export class SubmissionTemplates {
  /**
   * Published versions never change (nothing updates or deletes their sections and fields), so
   * their shapes are kept by id: the details, the save and the template detail of every form
   * would otherwise read them again. Frozen: every caller shares one copy.
   */
  private readonly shapes = new LRUCache<string, TemplateVersionShape>({ max: 500 });

  constructor(private readonly db: Db) {}

  /**
   * The pick lists of the caller's organisation. Its own people get them whole (the risk register
   * only with the `risk` key); a supplier user or personnel sees only what its own supplier forms
   * name (see externalRelatedLists).
   */
  async relatedListsFor(auth: AuthContext): Promise<TRelatedLists> {
    if (auth.userType === 'employee') {
      const lists = await this.relatedLists(auth);
      // The risk register is for roles with its key: without it, risk fields offer nothing.
      if (auth.accessKeys.has('risk')) return lists;
      return { ...lists, listRisk: { allRiskList: [], masterRiskList: [] } };
    }
    const own = auth.supplierId
      ? await this.db.formSubmission.findMany({
          where: { companyId: auth.companyId, formType: 'supplier', supplierId: auth.supplierId },
          select: { id: true },
        })
      : [];
    const reviewers = auth.supplierId
      ? await this.db.supplierAssignment.findMany({
          where: {
            companyId: auth.companyId,
            supplierId: auth.supplierId,
            reviewerEmployeeId: { not: null },
          },
          select: { reviewerEmployeeId: true },
        })
      : [];
    return this.externalRelatedLists(
      auth.companyId,
      auth.supplierId,
      own.map((row) => row.id),
      reviewers.map((row) => row.reviewerEmployeeId!),
    );
  }

  /**
   * What someone outside the organisation (a supplier user, personnel, a link holder) may see of
   * its pick lists: supplier templates only; people, risks, suppliers and other submissions only
   * where the given submissions name them (their coordinators, actions and answers), besides the
   * supplier's own personnel. Workplaces and assets stay whole: the form's header and asset
   * fields pick from them. `contacts` are employees the organisation put in touch with the supplier
   * (its assignments' reviewers), whom a new supplier form may name as coordinator.
   */
  async externalRelatedLists(
    companyId: string,
    supplierId: string | null,
    submissionIds: string[],
    contacts: string[] = [],
  ): Promise<TRelatedLists> {
    const [lists, values, coordinators, actions] = await Promise.all([
      this.relatedLists({ companyId }),
      this.db.submissionValue.findMany({
        where: { companyId, submissionId: { in: submissionIds } },
        select: { value: true },
      }),
      this.db.submissionCoordinator.findMany({
        where: { companyId, submissionId: { in: submissionIds } },
        select: { employeeId: true },
      }),
      this.db.action.findMany({
        where: { companyId, submissionId: { in: submissionIds } },
        select: { assigneeEmployeeId: true, assigneePersonnelId: true },
      }),
    ]);
    const named = new Set<string>([
      ...contacts,
      ...(JSON.stringify(values.map((row) => row.value)).match(UUID_PATTERN) ?? []),
      ...coordinators.map((row) => row.employeeId),
      ...actions.flatMap((row) =>
        [row.assigneeEmployeeId, row.assigneePersonnelId].filter((id) => id !== null),
      ),
    ]);
    const ownPersonnel = supplierId
      ? new Set(
          (await this.db.personnel.findMany({ where: { companyId, supplierId }, select: { id: true } })).map(
            (row) => row.id,
          ),
        )
      : new Set<string>();
    const referenced = await this.db.formSubmission.findMany({
      where: { companyId, isDraft: false, id: { in: [...named] } },
      select: { id: true, number: true, formDescription: true, template: { select: { name: true } } },
    });
    const isNamed = (row: { _id: string }) => named.has(row._id);
    const isPersonnelShown = (row: { _id: string }) => named.has(row._id) || ownPersonnel.has(row._id);
    const isSupplierShown = (row: { _id: string }) => named.has(row._id) || row._id === supplierId;
    return {
      ...lists,
      formTemplate: lists.formTemplate.filter((template) => template.formType === WIRE_FORM_TYPE.supplier),
      listRisk: {
        allRiskList: lists.listRisk.allRiskList.filter(isNamed),
        masterRiskList: lists.listRisk.masterRiskList.filter(isNamed),
      },
      listSupplier: lists.listSupplier.filter(isSupplierShown),
      activeSupplierList: lists.activeSupplierList.filter(isSupplierShown),
      listEmployee: lists.listEmployee.filter(isNamed),
      activeEmployeeList: lists.activeEmployeeList.filter(isNamed),
      activePersonnelList: lists.activePersonnelList.filter(isPersonnelShown),
      allPersonnelList: lists.allPersonnelList.filter(isPersonnelShown),
      submissionList: referenced.map((row) => ({
        _id: row.id,
        name: `${formatedNumber(row.number)} ${row.template.name}: ${row.formDescription}`,
      })),
    };
  }

  /** The organisation's pick lists, whole: for its own people. */
  async relatedLists(auth: Pick<AuthContext, 'companyId'>): Promise<TRelatedLists> {
    const companyId = auth.companyId;
    const byName = { orderBy: { name: 'asc' as const } };
    const byPerson = { orderBy: [{ firstName: 'asc' as const }, { lastName: 'asc' as const }] };
    const [templates, assets, risks, suppliers, employees, personnel, workplaces, submissions] =
      await Promise.all([
        this.db.formTemplate.findMany({ where: { companyId, ...USABLE_TEMPLATE }, ...byName }),
        this.db.asset.findMany({ where: { companyId }, ...byName }),
        this.db.risk.findMany({ where: { companyId }, ...byName }),
        this.db.supplierCompany.findMany({ where: { companyId }, ...byName }),
        this.db.employee.findMany({ where: { companyId }, ...byPerson }),
        this.db.personnel.findMany({ where: { companyId }, ...byPerson }),
        this.db.workplace.findMany({ where: { companyId, isActive: true }, ...byName }),
        this.db.formSubmission.findMany({
          where: { companyId, isDraft: false },
          orderBy: { number: 'desc' },
          take: 500,
          select: { id: true, number: true, formDescription: true, template: { select: { name: true } } },
        }),
      ]);
    const record = (row: { id: string; name: string; isActive: boolean }) => ({
      _id: row.id,
      name: row.name,
      isActive: row.isActive,
    });
    const person = (row: { id: string; firstName: string; lastName: string; isActive: boolean }) => ({
      _id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      isActive: row.isActive,
    });
    const risk = (row: (typeof risks)[number]) => ({ ...record(row), colour: row.colour });
    const listRisk = risks.map(risk);
    return {
      formTemplate: templates.map((row) => ({
        _id: row.id,
        name: row.name,
        formType: WIRE_FORM_TYPE[row.formType],
      })),
      listPlan: assets.map(record),
      activePlantList: assets.filter((row) => row.isActive).map(record),
      listRisk: { allRiskList: listRisk, masterRiskList: listRisk.filter((_, i) => risks[i]!.isMaster) },
      listSupplier: suppliers.map(record),
      activeSupplierList: suppliers.filter((row) => row.isActive).map(record),
      listEmployee: employees.map(person),
      activeEmployeeList: employees.filter((row) => row.isActive).map(person),
      activePersonnelList: personnel.filter((row) => row.isActive).map(person),
      allPersonnelList: personnel.map(person),
      workplace: workplaces.map((row) => ({ _id: row.id, name: row.name })),
      submissionList: submissions.map((row) => ({
        _id: row.id,
        name: `${formatedNumber(row.number)} ${row.template.name}: ${row.formDescription}`,
      })),
    };
  }

  async templateList(auth: AuthContext, formType?: TFormSubmission['formType']) {
    const wanted = formType
      ? (Object.keys(WIRE_FORM_TYPE) as FormType[]).find((key) => WIRE_FORM_TYPE[key] === formType)
      : undefined;
    const rows = await this.db.formTemplate.findMany({
      where: { companyId: auth.companyId, ...USABLE_TEMPLATE, formType: wanted },
      orderBy: { name: 'asc' },
    });
    return rows.map((row) => ({ _id: row.id, name: row.name, formType: WIRE_FORM_TYPE[row.formType] }));
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

  async currentVersion(db: Db | Prisma.TransactionClient, companyId: string, templateId: string) {
    const template = await db.formTemplate.findFirst({
      where: { id: templateId, companyId },
      include: { versions: true },
    });
    const version = template?.versions.find((row) => row.version === template.currentVersion);
    if (!template || !version) throw notFound(messages.submission.templateInactive);
    return { template, version };
  }

  async templateDetail(
    auth: Pick<AuthContext, 'companyId'>,
    templateId: string,
  ): Promise<TFormTemplateDetail> {
    const { template, version } = await this.currentVersion(this.db, auth.companyId, templateId);
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
