/**
 * The demo data of Compass: two organisations, "Northwind Facilities" (the demo) and "Southbank
 * Logistics" (a second tenant, so tests can prove isolation). Every account's password is
 * Demo@1234.
 *
 * seedDemo is idempotent: when Northwind Facilities exists it changes nothing. Otherwise everything
 * is written in one transaction, so a failure leaves nothing behind. Dates are relative to `today`
 * (default: now), so due, overdue and upcoming items stay meaningful whenever the seed runs.
 *
 * Ids are deterministic UUIDs (name-based, SHA-1, version 5 layout) derived from a readable key
 * such as `nw:user:olivia.admin` (see demoId), so links into the demo stay stable between
 * re-seeds of fresh databases.
 *
 * ---------------------------------------------------------------------------------------------
 * JSON shapes (the form feature follows these)
 * ---------------------------------------------------------------------------------------------
 * TemplateField, by type:
 *   radio, select, checkbox  optionVal = [{ value: string, label: string }]
 *   items                    itemList  = [{ _id: string, name: string }]
 *   typeGroupings            optionVal = [{ category: string, subCategories: string[] }]
 *   table                    optionVal = [{ _id: string, name: string, type: 'text' | 'number' | 'date' }]
 *                            (the columns; _id is the column id used in row cells)
 *   weblink                  webLink   = the URL shown to the user
 *   contentEditor            contentEditor = the template's HTML text (the starting content)
 *   every field              colSize   = 6, except 12 for task, table, section, contentEditor,
 *                                         signature and diagram
 *   isMandatory with or without mandatoryComment (the message shown when it is missing).
 *   A `section` field is a heading inside a section (no value).
 *
 * SubmissionValue.value, by field type:
 *   text, number, textarea, radio, select, weblink   string (radio/select: the option's value;
 *                                                    number: its decimal text; weblink: a URL)
 *   date                                             string 'yyyy-MM-dd'
 *   time                                             string 'HH:mm'
 *   contentEditor                                    string of HTML
 *   checkbox                                         string[] of option values
 *   items                                            string[] of itemList _ids
 *   employee, asset, risk, supplier                  string[] of Employee / Asset / Risk /
 *                                                    SupplierCompany ids
 *   submission                                       string[] of FormSubmission ids
 *   typeGroupings                                    { category: string, subCategories: string[] }
 *   signature, diagram                               string data URL of the image
 *                                                    ('data:image/svg+xml;base64,...' here; a canvas
 *                                                    saves 'data:image/png;base64,...')
 *   table                                            no SubmissionValue; one SubmissionTableRow per
 *                                                    row: rowIndex 0.., cells { [columnId]: string }
 *   task                                             no SubmissionValue; Action rows with fieldId
 *   file                                             no SubmissionValue; Attachment rows (none seeded)
 *   section                                          none
 * SubmissionValue.optionVal is left null.
 *
 * Role.access: { [AccessKey]: boolean } with every key of ACCESS_KEYS.
 * ---------------------------------------------------------------------------------------------
 */
import { createHash } from 'node:crypto';
import argon2 from 'argon2';
import { ACCESS_KEYS, type AccessKey } from '../shared/src/rules/access';
import { Prisma, type PrismaClient } from '../server/src/generated/prisma/client';
import type {
  ActionType,
  AssignmentStatus,
  FormType,
  NoticePriority,
  RequirementStatus,
  RiskColour,
  SectionMandatoryType,
} from '../server/src/generated/prisma/client';

export const DEMO_PASSWORD = 'Demo@1234';
export const DEMO_ORGANISATION = 'Northwind Facilities';
export const SECOND_ORGANISATION = 'Southbank Logistics';

type Tx = Prisma.TransactionClient;
type Json = Prisma.InputJsonValue;

/** The deterministic id of a demo row, from its key (for example `nw:user:olivia.admin`). */
export function demoId(key: string): string {
  const hash = createHash('sha1').update(`compass-demo:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// ---------- Dates ----------

interface Calendar {
  /** A date-only value (UTC midnight of the local calendar day `offset` days from today). */
  day(offset: number): Date;
  /** The same day as 'yyyy-MM-dd'. */
  iso(offset: number): string;
  /** A local timestamp `offset` days from today at hh:mm, capped at `today` itself. */
  at(offset: number, hours?: number, minutes?: number): Date;
}

function calendar(today: Date): Calendar {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const day = (offset: number) => new Date(Date.UTC(y, m, d + offset));
  return {
    day,
    iso: (offset) => day(offset).toISOString().slice(0, 10),
    // Never later than `today`: these are creation and completion times.
    at: (offset, hours = 9, minutes = 0) => {
      const time = new Date(y, m, d + offset, hours, minutes);
      return time > today ? new Date(today) : time;
    },
  };
}

// ---------- Rows, written table by table in foreign-key order ----------

class Rows {
  company: Prisma.CompanyCreateManyInput[] = [];
  position: Prisma.PositionCreateManyInput[] = [];
  role: Prisma.RoleCreateManyInput[] = [];
  accessRestriction: Prisma.AccessRestrictionCreateManyInput[] = [];
  workplace: Prisma.WorkplaceCreateManyInput[] = [];
  branch: Prisma.BranchCreateManyInput[] = [];
  employee: Prisma.EmployeeCreateManyInput[] = [];
  supplierCompany: Prisma.SupplierCompanyCreateManyInput[] = [];
  personnel: Prisma.PersonnelCreateManyInput[] = [];
  user: Prisma.UserCreateManyInput[] = [];
  asset: Prisma.AssetCreateManyInput[] = [];
  risk: Prisma.RiskCreateManyInput[] = [];
  hazardousSubstance: Prisma.HazardousSubstanceCreateManyInput[] = [];
  requirementType: Prisma.RequirementTypeCreateManyInput[] = [];
  formTemplate: Prisma.FormTemplateCreateManyInput[] = [];
  formTemplateVersion: Prisma.FormTemplateVersionCreateManyInput[] = [];
  templateSection: Prisma.TemplateSectionCreateManyInput[] = [];
  templateField: Prisma.TemplateFieldCreateManyInput[] = [];
  formSubmission: Prisma.FormSubmissionCreateManyInput[] = [];
  submissionCoordinator: Prisma.SubmissionCoordinatorCreateManyInput[] = [];
  submissionValue: Prisma.SubmissionValueCreateManyInput[] = [];
  submissionTableRow: Prisma.SubmissionTableRowCreateManyInput[] = [];
  action: Prisma.ActionCreateManyInput[] = [];
  notice: Prisma.NoticeCreateManyInput[] = [];
  audit: Prisma.AuditCreateManyInput[] = [];
  auditQuestionTask: Prisma.AuditQuestionTaskCreateManyInput[] = [];
  obligation: Prisma.ObligationCreateManyInput[] = [];
  obligationQuestionTask: Prisma.ObligationQuestionTaskCreateManyInput[] = [];
  document: Prisma.DocumentCreateManyInput[] = [];
  documentAcknowledgement: Prisma.DocumentAcknowledgementCreateManyInput[] = [];
  documentApproval: Prisma.DocumentApprovalCreateManyInput[] = [];
  review: Prisma.ReviewCreateManyInput[] = [];
  scheduledTask: Prisma.ScheduledTaskCreateManyInput[] = [];
  hrFormAssignment: Prisma.HrFormAssignmentCreateManyInput[] = [];
  onlineTrainingAssignment: Prisma.OnlineTrainingAssignmentCreateManyInput[] = [];
  supplierAssignment: Prisma.SupplierAssignmentCreateManyInput[] = [];
  supplierRequirement: Prisma.SupplierRequirementCreateManyInput[] = [];

  async write(tx: Tx): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const put = async <T>(name: string, rows: T[], create: (data: T[]) => Promise<{ count: number }>) => {
      if (rows.length > 0) counts[name] = (await create(rows)).count;
    };
    await put('company', this.company, (data) => tx.company.createMany({ data }));
    await put('position', this.position, (data) => tx.position.createMany({ data }));
    await put('role', this.role, (data) => tx.role.createMany({ data }));
    await put('accessRestriction', this.accessRestriction, (data) =>
      tx.accessRestriction.createMany({ data }),
    );
    await put('workplace', this.workplace, (data) => tx.workplace.createMany({ data }));
    await put('branch', this.branch, (data) => tx.branch.createMany({ data }));
    await put('employee', this.employee, (data) => tx.employee.createMany({ data }));
    await put('supplierCompany', this.supplierCompany, (data) => tx.supplierCompany.createMany({ data }));
    await put('personnel', this.personnel, (data) => tx.personnel.createMany({ data }));
    await put('user', this.user, (data) => tx.user.createMany({ data }));
    await put('asset', this.asset, (data) => tx.asset.createMany({ data }));
    await put('risk', this.risk, (data) => tx.risk.createMany({ data }));
    await put('hazardousSubstance', this.hazardousSubstance, (data) =>
      tx.hazardousSubstance.createMany({ data }),
    );
    await put('requirementType', this.requirementType, (data) => tx.requirementType.createMany({ data }));
    await put('formTemplate', this.formTemplate, (data) => tx.formTemplate.createMany({ data }));
    await put('formTemplateVersion', this.formTemplateVersion, (data) =>
      tx.formTemplateVersion.createMany({ data }),
    );
    await put('templateSection', this.templateSection, (data) => tx.templateSection.createMany({ data }));
    await put('templateField', this.templateField, (data) => tx.templateField.createMany({ data }));
    await put('formSubmission', this.formSubmission, (data) => tx.formSubmission.createMany({ data }));
    await put('submissionCoordinator', this.submissionCoordinator, (data) =>
      tx.submissionCoordinator.createMany({ data }),
    );
    await put('submissionValue', this.submissionValue, (data) => tx.submissionValue.createMany({ data }));
    await put('submissionTableRow', this.submissionTableRow, (data) =>
      tx.submissionTableRow.createMany({ data }),
    );
    await put('action', this.action, (data) => tx.action.createMany({ data }));
    await put('notice', this.notice, (data) => tx.notice.createMany({ data }));
    await put('audit', this.audit, (data) => tx.audit.createMany({ data }));
    await put('auditQuestionTask', this.auditQuestionTask, (data) =>
      tx.auditQuestionTask.createMany({ data }),
    );
    await put('obligation', this.obligation, (data) => tx.obligation.createMany({ data }));
    await put('obligationQuestionTask', this.obligationQuestionTask, (data) =>
      tx.obligationQuestionTask.createMany({ data }),
    );
    await put('document', this.document, (data) => tx.document.createMany({ data }));
    await put('documentAcknowledgement', this.documentAcknowledgement, (data) =>
      tx.documentAcknowledgement.createMany({ data }),
    );
    await put('documentApproval', this.documentApproval, (data) => tx.documentApproval.createMany({ data }));
    await put('review', this.review, (data) => tx.review.createMany({ data }));
    await put('scheduledTask', this.scheduledTask, (data) => tx.scheduledTask.createMany({ data }));
    await put('hrFormAssignment', this.hrFormAssignment, (data) => tx.hrFormAssignment.createMany({ data }));
    await put('onlineTrainingAssignment', this.onlineTrainingAssignment, (data) =>
      tx.onlineTrainingAssignment.createMany({ data }),
    );
    await put('supplierAssignment', this.supplierAssignment, (data) =>
      tx.supplierAssignment.createMany({ data }),
    );
    await put('supplierRequirement', this.supplierRequirement, (data) =>
      tx.supplierRequirement.createMany({ data }),
    );
    return counts;
  }
}

/** One organisation being built: its id prefix, company id, calendar and the shared rows. */
class Org {
  readonly companyId: string;
  private nextNumber = 1001;
  private readonly userIds = new Map<string, string>();

  constructor(
    readonly prefix: string,
    readonly cal: Calendar,
    readonly rows: Rows,
    readonly passwordHash: string,
  ) {
    this.companyId = demoId(`${prefix}:company`);
  }

  id(kind: string, key: string): string {
    return demoId(`${this.prefix}:${kind}:${key}`);
  }

  /** The next form number (sequential per company from 1001). */
  takeNumber(): number {
    return this.nextNumber++;
  }

  get nextFormNumber(): number {
    return this.nextNumber;
  }

  userOfEmployee(employeeId: string | undefined): string | undefined {
    return employeeId ? this.userIds.get(employeeId) : undefined;
  }

  rememberUser(ownerId: string, userId: string): void {
    this.userIds.set(ownerId, userId);
  }
}

// ---------- Organisation basics ----------

function accessMap(denied: AccessKey[] = []): Record<AccessKey, boolean> {
  const map = {} as Record<AccessKey, boolean>;
  for (const key of ACCESS_KEYS) map[key] = !denied.includes(key);
  return map;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** [key, "First Last", position, role, "Workplace/Branch", isActive?] */
type EmployeeRow = [string, string, string, string, string, boolean?];

/** Employees numbered from `firstNumber` (for example NW-1001) in list order. */
function addEmployees(
  o: Org,
  emailDomain: string,
  firstNumber: string,
  list: EmployeeRow[],
): Record<string, string> {
  const [, prefix = '', start = '0'] = /^(.*?)(\d+)$/.exec(firstNumber) ?? [];
  const ids: Record<string, string> = {};
  list.forEach(([key, fullName, position, role, workplaceBranch, isActive = true], index) => {
    const [firstName = '', lastName = ''] = fullName.split(' ');
    const [workplace = '', branch = ''] = workplaceBranch.split('/');
    const id = o.id('employee', key);
    ids[key] = id;
    o.rows.employee.push({
      id,
      companyId: o.companyId,
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${emailDomain}`.toLowerCase(),
      employeeNumber: `${prefix}${Number(start) + index}`,
      positionId: o.id('position', position),
      roleId: o.id('role', role),
      ...place(o, workplace, branch),
      isActive,
      createdAt: o.cal.at(-300 + index),
    });
  });
  return ids;
}

function addWorkplaces(o: Org, workplaces: Record<string, string[]>): void {
  for (const [name, branches] of Object.entries(workplaces)) {
    const workplaceId = o.id('workplace', name);
    o.rows.workplace.push({ id: workplaceId, companyId: o.companyId, name });
    for (const branch of branches) {
      o.rows.branch.push({
        id: o.id('branch', `${name}/${branch}`),
        companyId: o.companyId,
        workplaceId,
        name: branch,
      });
    }
  }
}

const place = (o: Org, workplace: string, branch: string) => ({
  workplaceId: o.id('workplace', workplace),
  branchId: o.id('branch', `${workplace}/${branch}`),
});

interface UserDef {
  username: string;
  userType: 'employee' | 'supplier' | 'company';
  email: string;
  employeeId?: string;
  supplierId?: string;
  personnelId?: string;
  accountGroupId?: string;
  isForceUpdatePassword?: boolean;
  passwordChangedDaysAgo?: number;
}

function addUser(o: Org, def: UserDef): string {
  const id = o.id('user', def.username);
  o.rows.user.push({
    id,
    companyId: o.companyId,
    username: def.username,
    email: def.email,
    passwordHash: o.passwordHash,
    userType: def.userType,
    isForceUpdatePassword: def.isForceUpdatePassword ?? false,
    accountGroupId: def.accountGroupId ?? null,
    employeeId: def.employeeId ?? null,
    supplierId: def.supplierId ?? null,
    personnelId: def.personnelId ?? null,
    passwordChangedAt: o.cal.at(-(def.passwordChangedDaysAgo ?? 30)),
    createdAt: o.cal.at(-180),
  });
  const owner = def.employeeId ?? def.personnelId;
  if (owner) o.rememberUser(owner, id);
  return id;
}

// ---------- Form templates ----------

type FieldType =
  | 'text'
  | 'number'
  | 'date'
  | 'time'
  | 'weblink'
  | 'contentEditor'
  | 'file'
  | 'radio'
  | 'select'
  | 'textarea'
  | 'checkbox'
  | 'items'
  | 'typeGroupings'
  | 'table'
  | 'employee'
  | 'asset'
  | 'risk'
  | 'supplier'
  | 'submission'
  | 'task'
  | 'signature'
  | 'diagram'
  | 'section';

const WIDE_FIELDS: ReadonlySet<FieldType> = new Set([
  'task',
  'table',
  'section',
  'contentEditor',
  'signature',
  'diagram',
]);

interface ColumnDef {
  key: string;
  name: string;
  type: 'text' | 'number' | 'date';
}

interface FieldDef {
  key: string;
  type: FieldType;
  label: string;
  /** true, or the mandatoryComment shown when the value is missing. */
  mandatory?: boolean | string;
  /** radio, select, checkbox: option labels (the value is the label's slug). */
  options?: string[];
  /** items: item names. */
  items?: string[];
  /** typeGroupings. */
  groupings?: { category: string; subCategories: string[] }[];
  /** table columns. */
  columns?: ColumnDef[];
  webLink?: string;
  contentEditor?: string;
  placeholder?: string;
}

interface SectionDef {
  label: string;
  mandatoryType?: SectionMandatoryType;
  fields: FieldDef[];
}

interface TemplateDef {
  key: string;
  name: string;
  formType: FormType;
  emailNotification?: number[];
  emailCcEmployeeIds?: string[];
  coordinatorEmployeeId?: string;
  formBranchType?: 'manualEntry' | 'employeeBranch';
  isActive?: boolean;
  sections: SectionDef[];
}

interface BuiltField {
  id: string;
  def: FieldDef;
  itemIds: Map<string, string>;
  columnIds: Map<string, string>;
}

interface BuiltTemplate {
  key: string;
  id: string;
  versionId: string;
  name: string;
  formType: FormType;
  fields: Map<string, BuiltField>;
  taskFieldId: string | undefined;
}

function addTemplate(o: Org, def: TemplateDef): BuiltTemplate {
  const id = o.id('template', def.key);
  const versionId = o.id('templateVersion', `${def.key}/1`);
  const created = o.cal.at(-365);
  o.rows.formTemplate.push({
    id,
    companyId: o.companyId,
    name: def.name,
    formType: def.formType,
    emailNotification: def.emailNotification ?? [],
    emailCcEmployeeIds: def.emailCcEmployeeIds ?? [],
    coordinatorEmployeeId: def.coordinatorEmployeeId ?? null,
    formBranchType: def.formBranchType ?? 'manualEntry',
    isActive: def.isActive ?? true,
    currentVersion: 1,
    createdAt: created,
  });
  o.rows.formTemplateVersion.push({
    id: versionId,
    companyId: o.companyId,
    templateId: id,
    version: 1,
    createdAt: created,
  });
  const fields = new Map<string, BuiltField>();
  let taskFieldId: string | undefined;
  def.sections.forEach((section, sectionIndex) => {
    const sectionId = o.id('section', `${def.key}/${sectionIndex}`);
    o.rows.templateSection.push({
      id: sectionId,
      companyId: o.companyId,
      templateVersionId: versionId,
      label: section.label,
      secMandatoryType: section.mandatoryType ?? null,
      orderNo: sectionIndex + 1,
    });
    section.fields.forEach((field, fieldIndex) => {
      if (fields.has(field.key)) throw new Error(`Duplicate field ${field.key} in ${def.key}`);
      const fieldId = o.id('field', `${def.key}/${field.key}`);
      const itemIds = new Map(
        (field.items ?? []).map((name) => [name, o.id('item', `${def.key}/${field.key}/${name}`)]),
      );
      const columnIds = new Map(
        (field.columns ?? []).map((column) => [
          column.key,
          o.id('column', `${def.key}/${field.key}/${column.key}`),
        ]),
      );
      let optionVal: Json | undefined;
      if (field.options) optionVal = field.options.map((label) => ({ value: slug(label), label }));
      if (field.groupings) optionVal = field.groupings;
      if (field.columns) {
        optionVal = field.columns.map((column) => ({
          _id: columnIds.get(column.key)!,
          name: column.name,
          type: column.type,
        }));
      }
      o.rows.templateField.push({
        id: fieldId,
        companyId: o.companyId,
        templateVersionId: versionId,
        sectionId,
        type: field.type,
        label: field.label,
        orderNo: fieldIndex + 1,
        colSize: WIDE_FIELDS.has(field.type) ? 12 : 6,
        isMandatory: field.mandatory !== undefined && field.mandatory !== false,
        optionVal: optionVal ?? Prisma.DbNull,
        itemList: field.items
          ? field.items.map((name) => ({ _id: itemIds.get(name)!, name }))
          : Prisma.DbNull,
        webLink: field.webLink ?? null,
        contentEditor: field.contentEditor ?? null,
        placeholder: field.placeholder ?? null,
        mandatoryComment: typeof field.mandatory === 'string' ? field.mandatory : null,
      });
      if (field.type === 'task') taskFieldId = fieldId;
      fields.set(field.key, { id: fieldId, def: field, itemIds, columnIds });
    });
  });
  return { key: def.key, id, versionId, name: def.name, formType: def.formType, fields, taskFieldId };
}

// ---------- Submissions and actions ----------

type Assignee = { employee: string } | { personnel: string };

interface ActionDef {
  assignee: Assignee;
  instruction: string;
  due: number;
  /** Completed `daysAgo` days ago with this response. */
  done?: { daysAgo: number; response: string };
  /** A response saved as draft on an open action. */
  draftResponse?: string;
}

interface SubmissionDef {
  key: string;
  template: BuiltTemplate;
  state: 'draft' | 'open' | 'closed';
  closedDaysAgo?: number;
  formDate: number;
  description: string;
  workplace: string;
  branch: string;
  /** Position 0 is the coordinator. */
  coordinators: string[];
  recordedByEmployeeId?: string;
  recordedByPersonnelId?: string;
  supplierId?: string;
  createdByUserId?: string;
  values?: Record<string, Json>;
  tables?: Record<string, Record<string, string>[]>;
  actions?: ActionDef[];
}

const SINGLE_VALUE_TYPES: ReadonlySet<FieldType> = new Set([
  'text',
  'number',
  'date',
  'time',
  'weblink',
  'contentEditor',
  'textarea',
  'radio',
  'select',
  'signature',
  'diagram',
]);
const ID_LIST_TYPES: ReadonlySet<FieldType> = new Set([
  'employee',
  'asset',
  'risk',
  'supplier',
  'submission',
]);

/** Checks a value against its field (catches seed typos early) and maps item names to ids. */
function storedValue(template: BuiltTemplate, key: string, value: Json): Json {
  const field = template.fields.get(key);
  if (!field) throw new Error(`Template ${template.key} has no field ${key}`);
  const { type } = field.def;
  const fail = (why: string): never => {
    throw new Error(`Value of ${template.key}.${key} (${type}): ${why}`);
  };
  const options = new Set((field.def.options ?? []).map(slug));
  if (SINGLE_VALUE_TYPES.has(type)) {
    if (typeof value !== 'string') fail('expected a string');
    if ((type === 'radio' || type === 'select') && !options.has(value as string))
      fail(`unknown option ${value}`);
    if (type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value as string)) fail('expected yyyy-MM-dd');
    if (type === 'time' && !/^\d{2}:\d{2}$/.test(value as string)) fail('expected HH:mm');
    return value;
  }
  if (type === 'checkbox' || type === 'items' || ID_LIST_TYPES.has(type)) {
    if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) fail('expected string[]');
    const list = value as string[];
    if (type === 'checkbox') {
      for (const entry of list) if (!options.has(entry)) fail(`unknown option ${entry}`);
    }
    if (type === 'items') return list.map((name) => field.itemIds.get(name) ?? fail(`unknown item ${name}`));
    return list;
  }
  if (type === 'typeGroupings') {
    const chosen = value as { category: string; subCategories: string[] };
    const group = field.def.groupings?.find((entry) => entry.category === chosen.category);
    if (!group) return fail(`unknown category ${chosen.category}`);
    for (const sub of chosen.subCategories) {
      if (!group.subCategories.includes(sub)) fail(`unknown sub-category ${sub}`);
    }
    return value;
  }
  return fail('this type has no SubmissionValue');
}

function addSubmission(o: Org, def: SubmissionDef): string {
  const id = o.id('submission', def.key);
  const { template } = def;
  const closed = def.state === 'closed';
  const coordinatorUser = o.userOfEmployee(def.coordinators[0]);
  const createdAt = o.cal.at(def.formDate, 10, 30);
  o.rows.formSubmission.push({
    id,
    companyId: o.companyId,
    templateId: template.id,
    templateVersionId: template.versionId,
    number: o.takeNumber(),
    formDescription: def.description,
    formDate: o.cal.day(def.formDate),
    ...place(o, def.workplace, def.branch),
    formType: template.formType,
    createdByUserId:
      def.createdByUserId ??
      o.userOfEmployee(def.recordedByEmployeeId) ??
      (def.recordedByPersonnelId ? o.userOfEmployee(def.recordedByPersonnelId) : undefined) ??
      null,
    recordedByEmployeeId: def.recordedByEmployeeId ?? null,
    recordedByPersonnelId: def.recordedByPersonnelId ?? null,
    supplierId: def.supplierId ?? null,
    isDraft: def.state === 'draft',
    isClosed: closed,
    closedAt: closed ? o.cal.at(-(def.closedDaysAgo ?? 1), 16) : null,
    closedByUserId: closed ? (coordinatorUser ?? null) : null,
    createdAt,
  });
  def.coordinators.forEach((employeeId, position) => {
    o.rows.submissionCoordinator.push({
      id: o.id('coordinator', `${def.key}/${position}`),
      companyId: o.companyId,
      submissionId: id,
      employeeId,
      position,
    });
  });
  for (const [key, value] of Object.entries(def.values ?? {})) {
    const stored = storedValue(template, key, value);
    o.rows.submissionValue.push({
      id: o.id('value', `${def.key}/${key}`),
      companyId: o.companyId,
      submissionId: id,
      fieldId: template.fields.get(key)!.id,
      value: stored,
    });
  }
  for (const [key, rows] of Object.entries(def.tables ?? {})) {
    const field = template.fields.get(key);
    if (!field || field.def.type !== 'table') throw new Error(`Template ${template.key} has no table ${key}`);
    rows.forEach((row, rowIndex) => {
      const cells: Record<string, string> = {};
      for (const [columnKey, cell] of Object.entries(row)) {
        const columnId = field.columnIds.get(columnKey);
        if (!columnId) throw new Error(`Table ${template.key}.${key} has no column ${columnKey}`);
        cells[columnId] = cell;
      }
      o.rows.submissionTableRow.push({
        id: o.id('tableRow', `${def.key}/${key}/${rowIndex}`),
        companyId: o.companyId,
        submissionId: id,
        fieldId: field.id,
        rowIndex,
        cells,
      });
    });
  }
  (def.actions ?? []).forEach((action, index) => {
    if (!template.taskFieldId) throw new Error(`Template ${template.key} has no task field`);
    const external = 'personnel' in action.assignee;
    o.rows.action.push({
      id: o.id('action', `${def.key}/${index + 1}`),
      companyId: o.companyId,
      submissionId: id,
      fieldId: template.taskFieldId,
      taskNumber: index + 1,
      instruction: action.instruction,
      actionType: (external ? 'external' : 'internal') satisfies ActionType,
      assigneeEmployeeId: 'employee' in action.assignee ? action.assignee.employee : null,
      assigneePersonnelId: 'personnel' in action.assignee ? action.assignee.personnel : null,
      dueDate: o.cal.day(action.due),
      assignedOn: createdAt,
      completedOn: action.done ? o.cal.day(-action.done.daysAgo) : null,
      isComplete: action.done !== undefined,
      response: action.done?.response ?? action.draftResponse ?? null,
      createdByUserId: coordinatorUser ?? null,
      createdAt,
    });
  });
  return id;
}

// ---------- Notices ----------

interface NoticeDef {
  key: string;
  title: string;
  content: string;
  priority: NoticePriority;
  start: number;
  expire?: number;
  author: string;
}

function addNotices(o: Org, defs: NoticeDef[]): void {
  for (const def of defs) {
    o.rows.notice.push({
      id: o.id('notice', def.key),
      companyId: o.companyId,
      title: def.title,
      content: def.content,
      priority: def.priority,
      startDate: o.cal.day(def.start),
      expireDate: def.expire === undefined ? null : o.cal.day(def.expire),
      authorEmployeeId: def.author,
      createdAt: o.cal.at(Math.min(def.start, 0), 8),
    });
  }
}

// ---------- The dashboard of one employee ----------

interface DashboardRefs {
  /** The task owner of scheduled tasks (an administrator). */
  ownerId: string;
  auditTemplateId: string;
  hrTemplateId: string;
  performanceTemplateId: string;
  trainingTemplateId: string;
  supplierTemplateId: string;
  auditId: string;
  obligationId: string;
  obligationName: string;
  documents: { id: string; name: string }[];
  risks: { id: string; name: string }[];
  hazards: { id: string; name: string }[];
  supplierId: string;
  personnelId: string;
  companyRequirementTypeId: string;
  personnelRequirementTypeId: string;
  workplace: string;
  branch: string;
}

interface DashboardPerson {
  key: string;
  employeeId: string;
  name: string;
  /** Reviews this person's HR forms and training. */
  reviewerId: string;
  /** Co-reviews this person's scheduled reviews. */
  coReviewerId: string;
  /** Someone whose HR form and training this person reviews. */
  revieweeId: string;
  /** Varies dates and flags between people. */
  variant: number;
  /** Links the performance review to a submission. */
  performanceSubmissionId?: string;
}

/** Rows so that every section of the person's "My Tasks" is non-empty. */
function addDashboard(o: Org, refs: DashboardRefs, p: DashboardPerson): void {
  const { cal, companyId, rows } = o;
  const k = (kind: string, name: string) => o.id(kind, `${p.key}/${name}`);
  const v = p.variant;
  const pick = <T>(list: T[]): T => list[v % list.length]!;

  // Scheduled tasks: an overdue audit, a reminder due today, an upcoming audit, and a completed one.
  const scheduled: Array<[string, 'audit' | 'reminder', string, number, boolean]> = [
    ['overdue', 'audit', 'Monthly site inspection', -3 - v, false],
    ['today', 'reminder', 'Check first aid kit contents', 0, false],
    ['upcoming', 'audit', 'Quarterly racking inspection', 7 + v, false],
    ['upcomingReminder', 'reminder', 'Renew forklift licence', 21 + v, false],
    ['done', 'reminder', 'Submit monthly safety report', -10, true],
  ];
  for (const [name, sectionType, title, due, done] of scheduled) {
    rows.scheduledTask.push({
      id: k('scheduledTask', name),
      companyId,
      sectionType,
      title,
      detail: `${title} for ${p.name}.`,
      formTemplateId: sectionType === 'audit' ? refs.auditTemplateId : null,
      taskOwnerEmployeeId: refs.ownerId,
      assignForEmployeeId: p.employeeId,
      ...place(o, refs.workplace, refs.branch),
      frequency: sectionType === 'audit' ? 'months' : pick(['weeks', 'quarterly', 'years']),
      dueDate: cal.day(due),
      completedAt: done ? cal.at(due, 15) : null,
      createdAt: cal.at(-60),
    });
  }

  // HR forms: an assessment for the person, one they review, and their performance review.
  const hr: Array<
    [
      string,
      'hrAssessment' | 'hrReviwer' | 'performanceReview',
      string,
      string,
      string,
      AssignmentStatus,
      number,
    ]
  > = [
    ['assessment', 'hrAssessment', refs.hrTemplateId, p.employeeId, p.reviewerId, 'assigned', 5 + v],
    ['reviewer', 'hrReviwer', refs.hrTemplateId, p.revieweeId, p.employeeId, 'submitted', -1],
    [
      'performance',
      'performanceReview',
      refs.performanceTemplateId,
      p.employeeId,
      p.reviewerId,
      'assigned',
      14,
    ],
  ];
  for (const [name, sectionType, formTemplateId, employeeId, reviewerEmployeeId, status, due] of hr) {
    rows.hrFormAssignment.push({
      id: k('hrForm', name),
      companyId,
      formTemplateId,
      sectionType,
      employeeId,
      reviewerEmployeeId,
      submissionId: sectionType === 'performanceReview' ? (p.performanceSubmissionId ?? null) : null,
      status,
      dueDate: cal.day(due),
      createdAt: cal.at(-20),
    });
  }

  // Scheduled reviews of register items; some with a co-reviewer, one already completed.
  const document = pick(refs.documents);
  const risk = pick(refs.risks);
  const hazard = pick(refs.hazards);
  const reviews: Array<
    [string, 'document' | 'riskRegister' | 'hazardousRegister' | 'obligation', string, string, number, number]
  > = [
    ['document', 'document', document.id, `${document.name} annual review`, 5, 0],
    ['risk', 'riskRegister', risk.id, `${risk.name} risk review`, -2, 1],
    ['hazard', 'hazardousRegister', hazard.id, `${hazard.name} SDS review`, 0, 2],
    ['obligation', 'obligation', refs.obligationId, `${refs.obligationName} compliance review`, 14, 0],
    ['done', 'document', document.id, `${document.name} interim review`, -30, 3],
  ];
  for (const [name, itemType, itemId, title, due, coMode] of reviews) {
    rows.review.push({
      id: k('review', name),
      companyId,
      itemType,
      itemId,
      name: title,
      reviewerEmployeeId: p.employeeId,
      // coMode 1: co-reviewer still to review; 2: co-reviewed; 3: completed.
      coReviewerEmployeeId: coMode === 1 || coMode === 2 ? p.coReviewerId : null,
      isCoReviewed: coMode === 2,
      dueDate: cal.day(due),
      completedAt: coMode === 3 ? cal.at(-29, 14) : null,
      createdAt: cal.at(-45),
    });
  }

  // Assigned actions beyond form actions: audit and obligation questions, document work.
  rows.auditQuestionTask.push(
    {
      id: k('auditTask', 'open'),
      companyId,
      auditId: refs.auditId,
      question: pick([
        'Are fire extinguishers tagged and in date?',
        'Are racking load signs displayed?',
        'Are walkways clearly marked?',
      ]),
      instruction: `Check and report back, ${p.name.split(' ')[0]}.`,
      assigneeType: 'internal',
      assigneeEmployeeId: p.employeeId,
      dueDate: cal.day(pick([-2, 0, 4])),
    },
    {
      id: k('auditTask', 'draft'),
      companyId,
      auditId: refs.auditId,
      question: 'Is the emergency evacuation plan displayed at every exit?',
      instruction: 'Photograph each plan and note any missing ones.',
      assigneeType: 'internal',
      assigneeEmployeeId: p.employeeId,
      dueDate: cal.day(9),
      response: 'Level 3 east exit checked; west exit still to do.',
    },
  );
  rows.obligationQuestionTask.push({
    id: k('obligationTask', 'open'),
    companyId,
    obligationId: refs.obligationId,
    reference: pick(['s19 Primary duty of care', 's47 Duty to consult workers', 's38 Notifiable incidents']),
    instruction: 'Confirm the evidence of compliance is filed in the register.',
    assigneeType: 'internal',
    assigneeEmployeeId: p.employeeId,
    dueDate: cal.day(pick([3, -1, 0])),
  });
  rows.documentAcknowledgement.push({
    id: k('acknowledgement', document.name),
    companyId,
    documentId: document.id,
    employeeId: p.employeeId,
    dueDate: cal.day(pick([2, -3, 0])),
  });
  const approvalDocument = refs.documents[(v + 1) % refs.documents.length]!;
  rows.documentApproval.push({
    id: k('approval', approvalDocument.name),
    companyId,
    documentId: approvalDocument.id,
    employeeId: p.employeeId,
    dueDate: cal.day(pick([6, 1, -2])),
  });

  // Online training: as the trainee and as the reviewer of someone's attempt.
  rows.onlineTrainingAssignment.push(
    {
      id: k('training', 'trainee'),
      companyId,
      formTemplateId: refs.trainingTemplateId,
      employeeId: p.employeeId,
      reviewerEmployeeId: p.reviewerId,
      completeBy: cal.day(10 + v),
      expectationDuration: 30,
      noTestAttempt: 3,
      completedTestAttempt: v % 2,
      createdAt: cal.at(-5),
    },
    {
      id: k('training', 'reviewer'),
      companyId,
      formTemplateId: refs.trainingTemplateId,
      employeeId: p.revieweeId,
      reviewerEmployeeId: p.employeeId,
      completeBy: cal.day(-1),
      expectationDuration: 20,
      noTestAttempt: 2,
      completedTestAttempt: 1,
      status: 'submitted',
      createdAt: cal.at(-12),
    },
  );

  // External parties: a submitted supplier form and a submitted requirement to review.
  rows.supplierAssignment.push({
    id: k('supplierAssignment', 'review'),
    companyId,
    supplierId: refs.supplierId,
    personnelId: v % 2 === 0 ? refs.personnelId : null,
    formTemplateId: refs.supplierTemplateId,
    reviewerEmployeeId: p.employeeId,
    status: 'submitted',
    dueDate: cal.day(pick([3, 0, -4])),
    createdAt: cal.at(-14),
  });
  rows.supplierRequirement.push(
    {
      id: k('supplierRequirement', 'company'),
      companyId,
      supplierId: refs.supplierId,
      requirementTypeId: refs.companyRequirementTypeId,
      reviewerEmployeeId: p.employeeId,
      status: 'submitted' satisfies RequirementStatus,
      dueDate: cal.day(pick([4, -1, 0])),
      expiryDate: cal.day(365),
      storageKey: null,
      createdAt: cal.at(-9),
    },
    {
      id: k('supplierRequirement', 'personnel'),
      companyId,
      supplierId: refs.supplierId,
      personnelId: refs.personnelId,
      requirementTypeId: refs.personnelRequirementTypeId,
      reviewerEmployeeId: p.employeeId,
      status: 'submitted',
      dueDate: cal.day(pick([8, 2, -3])),
      expiryDate: cal.day(730),
      createdAt: cal.at(-9),
    },
  );
}

// ---------- Sample images ----------

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const SIGNATURE = svgDataUrl(
  "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='120'>" +
    "<path d='M20 90 C 50 20, 80 20, 100 80 S 150 110, 180 50 S 240 20, 260 80 S 330 100, 380 40' " +
    "stroke='#1f2937' stroke-width='3' fill='none' stroke-linecap='round'/></svg>",
);

const DIAGRAM = svgDataUrl(
  "<svg xmlns='http://www.w3.org/2000/svg' width='800' height='300'>" +
    "<rect x='20' y='20' width='760' height='260' fill='none' stroke='#334155' stroke-width='3'/>" +
    "<rect x='60' y='60' width='220' height='80' fill='#e2e8f0' stroke='#334155'/>" +
    "<text x='80' y='105' font-family='sans-serif' font-size='18'>Racking A</text>" +
    "<rect x='520' y='60' width='200' height='180' fill='#fef3c7' stroke='#b45309'/>" +
    "<text x='540' y='150' font-family='sans-serif' font-size='18'>Loading bay 2</text>" +
    "<path d='M300 200 L500 200' stroke='#dc2626' stroke-width='4' stroke-dasharray='12 8'/></svg>",
);

// ---------- Northwind Facilities ----------

function buildNorthwind(o: Org): void {
  const { cal, companyId, rows } = o;

  addWorkplaces(o, {
    'Head Office': ['Level 3'],
    'Riverside Depot': ['Warehouse', 'Workshop'],
    'Harbour Site': ['North Gate', 'South Gate'],
  });
  for (const name of [
    'Managing Director',
    'Safety Coordinator',
    'Site Supervisor',
    'Technician',
    'HR Officer',
    'Warehouse Operative',
    'Administration Officer',
    'Quality Officer',
    'Driver',
  ]) {
    rows.position.push({ id: o.id('position', name), companyId, name });
  }

  const roles: Record<string, Record<AccessKey, boolean>> = {
    Administrator: accessMap(),
    Coordinator: accessMap(['system', 'hrAdmin', 'hrEmployeePrivateInfo']),
    'Restricted Employee': accessMap(['risk', 'hazardous', 'system']),
  };
  for (const [name, access] of Object.entries(roles)) {
    rows.role.push({ id: o.id('role', name), companyId, name, access });
  }
  const restrictions: Array<[string, string, boolean]> = [
    ['Coordinator', 'formSubmissionClose', true],
    ['Coordinator', 'systemPreferences', false],
    ['Restricted Employee', 'formSubmissionEdit', true],
    ['Restricted Employee', 'formSubmissionClose', false],
    ['Restricted Employee', 'hrEmployeePrivateInfo', false],
  ];
  for (const [role, keyField, isAccess] of restrictions) {
    rows.accessRestriction.push({
      id: o.id('restriction', `${role}/${keyField}`),
      companyId,
      roleId: o.id('role', role),
      keyField,
      isAccess,
    });
  }

  const e = addEmployees(o, 'northwind.example', 'NW-1001', [
    ['olivia', 'Olivia Bennett', 'Managing Director', 'Administrator', 'Head Office/Level 3'],
    ['ethan', 'Ethan Clarke', 'Safety Coordinator', 'Coordinator', 'Riverside Depot/Warehouse'],
    ['mia', 'Mia Torres', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop'],
    ['noah', 'Noah Fischer', 'Site Supervisor', 'Coordinator', 'Harbour Site/North Gate'],
    ['ava', 'Ava Nguyen', 'HR Officer', 'Coordinator', 'Harbour Site/South Gate'],
    ['jack', 'Jack Morrison', 'Warehouse Operative', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['chloe', 'Chloe Adams', 'Warehouse Operative', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['lucas', 'Lucas Romero', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop'],
    ['isla', 'Isla Murphy', 'Site Supervisor', 'Coordinator', 'Harbour Site/South Gate'],
    ['harper', 'Harper Singh', 'Administration Officer', 'Restricted Employee', 'Head Office/Level 3'],
    ['mason', 'Mason Lee', 'Technician', 'Restricted Employee', 'Harbour Site/North Gate'],
    ['sophie', 'Sophie Dubois', 'Quality Officer', 'Coordinator', 'Head Office/Level 3'],
    ['henry', 'Henry Walsh', 'Driver', 'Restricted Employee', 'Riverside Depot/Warehouse'],
    ['amelia', 'Amelia Ross', 'Warehouse Operative', 'Restricted Employee', 'Harbour Site/South Gate'],
    ['william', 'William Chen', 'Technician', 'Restricted Employee', 'Riverside Depot/Workshop', false],
    ['ella', 'Ella Fraser', 'Driver', 'Restricted Employee', 'Harbour Site/North Gate', false],
    ['oliver', 'Oliver Grant', 'Administration Officer', 'Restricted Employee', 'Head Office/Level 3', false],
  ]);
  const emp = (key: string): string => e[key] ?? fail(`employee ${key}`);

  // External parties.
  const suppliers: Array<[string, string, boolean, boolean, boolean]> = [
    ['Acme Contracting', 'accounts@acme-contracting.example', true, true, true],
    ['Zenith Cleaning', 'office@zenith-cleaning.example', false, false, true],
    ['Brightline Electrical', 'jobs@brightline-electrical.example', true, false, true],
    ['Harbour Plumbing Co', 'info@harbour-plumbing.example', false, false, false],
  ];
  for (const [name, email, supplierPortal, supplierAccess, isActive] of suppliers) {
    rows.supplierCompany.push({
      id: o.id('supplier', name),
      companyId,
      name,
      email,
      supplierPortal,
      supplierAccess,
      isActive,
      createdAt: cal.at(-200),
    });
  }
  const acme = o.id('supplier', 'Acme Contracting');
  const zenith = o.id('supplier', 'Zenith Cleaning');
  const brightline = o.id('supplier', 'Brightline Electrical');
  const personnel: Array<[string, string, string, string, string, boolean]> = [
    ['liam', 'Acme Contracting', 'Liam', 'Walker', 'acme-contracting.example', true],
    ['grace', 'Acme Contracting', 'Grace', 'Hughes', 'acme-contracting.example', true],
    ['oscar', 'Acme Contracting', 'Oscar', 'Patel', 'acme-contracting.example', true],
    ['ruby', 'Acme Contracting', 'Ruby', 'Simmons', 'acme-contracting.example', false],
    ['ava', 'Acme Contracting', 'Ava', 'Nguyen', 'acme-contracting.example', true],
    ['zoe', 'Zenith Cleaning', 'Zoe', 'Martin', 'zenith-cleaning.example', true],
    ['kai', 'Brightline Electrical', 'Kai', 'Robinson', 'brightline-electrical.example', true],
  ];
  for (const [key, supplier, firstName, lastName, domain, isActive] of personnel) {
    rows.personnel.push({
      id: o.id('personnel', key),
      companyId,
      supplierId: o.id('supplier', supplier),
      firstName,
      lastName,
      email: `${firstName}.${lastName}@${domain}`.toLowerCase(),
      isActive,
      createdAt: cal.at(-150),
    });
  }
  const liam = o.id('personnel', 'liam');
  const zoe = o.id('personnel', 'zoe');

  // Accounts.
  const avaGroup = o.id('accountGroup', 'ava');
  const accounts: UserDef[] = [
    {
      username: 'olivia.admin',
      userType: 'employee',
      email: 'olivia.bennett@northwind.example',
      employeeId: emp('olivia'),
    },
    {
      username: 'ethan.coordinator',
      userType: 'employee',
      email: 'ethan.clarke@northwind.example',
      employeeId: emp('ethan'),
    },
    {
      username: 'mia.employee',
      userType: 'employee',
      email: 'mia.torres@northwind.example',
      employeeId: emp('mia'),
    },
    {
      username: 'noah.expired',
      userType: 'employee',
      email: 'noah.fischer@northwind.example',
      employeeId: emp('noah'),
      isForceUpdatePassword: true,
      passwordChangedDaysAgo: 120,
    },
    {
      username: 'ava.dual',
      userType: 'employee',
      email: 'ava.nguyen@northwind.example',
      employeeId: emp('ava'),
      accountGroupId: avaGroup,
    },
    {
      username: 'ava.nguyen@acme-contracting.example',
      userType: 'supplier',
      email: 'ava.nguyen@acme-contracting.example',
      supplierId: acme,
      personnelId: o.id('personnel', 'ava'),
      accountGroupId: avaGroup,
    },
    {
      username: 'acme.supplier',
      userType: 'supplier',
      email: 'accounts@acme-contracting.example',
      supplierId: acme,
    },
    {
      username: 'liam.personnel',
      userType: 'supplier',
      email: 'liam.walker@acme-contracting.example',
      supplierId: acme,
      personnelId: liam,
    },
    {
      username: 'zoe.noportal',
      userType: 'supplier',
      email: 'zoe.martin@zenith-cleaning.example',
      supplierId: zenith,
      personnelId: zoe,
    },
  ];
  for (const account of accounts) addUser(o, account);

  // Registers.
  const assets = [
    'Forklift FL-01',
    'Forklift FL-02',
    'Scissor Lift SL-07',
    'Delivery Van NW-12',
    'Air Compressor AC-3',
    'Fire Pump FP-1',
  ];
  for (const name of [...assets, 'Pressure Washer PW-2']) {
    rows.asset.push({ id: o.id('asset', name), companyId, name, isActive: name !== 'Pressure Washer PW-2' });
  }
  const asset = (name: string) => o.id('asset', name);
  const risks: Array<[string, boolean, RiskColour, boolean]> = [
    ['Working at Heights', true, 'red', true],
    ['Manual Handling', true, 'orange', true],
    ['Slips, Trips and Falls', true, 'yellow', true],
    ['Forklift and Pedestrian Interaction', false, 'red', true],
    ['Electrical Hazards', true, 'orange', true],
    ['Workshop Noise Exposure', false, 'yellow', true],
    ['Office Ergonomics', false, 'green', true],
    ['Legacy Asbestos Register', false, 'green', false],
  ];
  for (const [name, isMaster, colour, isActive] of risks) {
    rows.risk.push({ id: o.id('risk', name), companyId, name, isMaster, colour, isActive });
  }
  const risk = (name: string) => o.id('risk', name);
  const hazards = [
    'Diesel Fuel',
    'Sodium Hypochlorite (Bleach)',
    'Acetylene Gas',
    'Hydraulic Oil',
    'Paint Thinner',
  ];
  for (const name of [...hazards, 'Carbon Tetrachloride']) {
    rows.hazardousSubstance.push({
      id: o.id('hazard', name),
      companyId,
      name,
      isActive: name !== 'Carbon Tetrachloride',
    });
  }
  const requirementTypes: Array<[string, 'company' | 'personnel']> = [
    ['Public Liability Insurance', 'company'],
    ['Safety Management Plan', 'company'],
    ['Induction Certificate', 'personnel'],
    ['First Aid Certificate', 'personnel'],
  ];
  for (const [name, appliesTo] of requirementTypes) {
    rows.requirementType.push({ id: o.id('requirementType', name), companyId, name, appliesTo });
  }
  const reqType = (name: string) => o.id('requirementType', name);

  // Form templates: between them they use every field type.
  const incident = addTemplate(o, {
    key: 'incident',
    name: 'Incident Report',
    formType: 'form_submission',
    emailNotification: [1, 2, 3, 4],
    emailCcEmployeeIds: [emp('olivia')],
    coordinatorEmployeeId: emp('ethan'),
    sections: [
      {
        label: 'Incident Details',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'title',
            type: 'text',
            label: 'Incident Title',
            mandatory: 'Please enter a short title for the incident',
            placeholder: 'e.g. Slip near loading bay 2',
          },
          { key: 'date', type: 'date', label: 'Date of Incident', mandatory: true },
          { key: 'time', type: 'time', label: 'Time of Incident', mandatory: true },
          {
            key: 'category',
            type: 'select',
            label: 'Incident Category',
            mandatory: true,
            options: ['Injury', 'Near Miss', 'Property Damage', 'Environmental', 'Security'],
          },
          {
            key: 'severity',
            type: 'radio',
            label: 'Severity',
            mandatory: 'Please choose the severity',
            options: ['Low', 'Medium', 'High', 'Critical'],
          },
          {
            key: 'description',
            type: 'textarea',
            label: 'What Happened?',
            mandatory: true,
            placeholder: 'Describe the sequence of events',
          },
          { key: 'people', type: 'employee', label: 'Persons Involved' },
          { key: 'equipment', type: 'asset', label: 'Equipment Involved' },
          { key: 'risks', type: 'risk', label: 'Related Risks' },
          {
            key: 'injury',
            type: 'typeGroupings',
            label: 'Injury Classification',
            groupings: [
              { category: 'Body Part', subCategories: ['Head', 'Hand', 'Back', 'Leg', 'Foot'] },
              { category: 'Injury Type', subCategories: ['Cut', 'Sprain', 'Burn', 'Bruise', 'Fracture'] },
              { category: 'Treatment', subCategories: ['First Aid', 'Medical Treatment', 'Lost Time'] },
            ],
          },
          { key: 'photos', type: 'file', label: 'Photos' },
        ],
      },
      {
        label: 'Witnesses and Evidence',
        fields: [
          {
            key: 'witnesses',
            type: 'table',
            label: 'Witness Statements',
            columns: [
              { key: 'name', name: 'Witness Name', type: 'text' },
              { key: 'phone', name: 'Contact Number', type: 'text' },
              { key: 'statementDate', name: 'Statement Date', type: 'date' },
            ],
          },
          { key: 'signature', type: 'signature', label: 'Reporter Signature' },
        ],
      },
      {
        label: 'Investigation',
        mandatoryType: 'investigation',
        fields: [
          {
            key: 'rootCause',
            type: 'textarea',
            label: 'Root Cause',
            mandatory: 'Please record the root cause',
          },
          {
            key: 'factors',
            type: 'checkbox',
            label: 'Contributing Factors',
            options: [
              'Inadequate training',
              'Poor housekeeping',
              'Equipment failure',
              'Fatigue',
              'Procedure not followed',
            ],
          },
          {
            key: 'actions',
            type: 'task',
            label: 'Action List',
            mandatory: 'Please add at least one corrective action',
          },
        ],
      },
    ],
  });

  const inspection = addTemplate(o, {
    key: 'inspection',
    name: 'Site Inspection Checklist',
    formType: 'form_submission',
    emailNotification: [1],
    coordinatorEmployeeId: emp('ethan'),
    formBranchType: 'employeeBranch',
    sections: [
      {
        label: 'Inspection Overview',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'procedure',
            type: 'weblink',
            label: 'Inspection Procedure',
            webLink: 'https://intranet.northwind-facilities.example/procedures/site-inspection',
          },
          {
            key: 'instructions',
            type: 'contentEditor',
            label: 'Inspection Instructions',
            contentEditor:
              '<p>Walk the whole area with the checklist. Record every defect, even if it was fixed on the spot.</p><ul><li>Wear hi-vis and safety boots.</li><li>Report anything urgent to the site supervisor at once.</li></ul>',
          },
          { key: 'inspector', type: 'employee', label: 'Inspected By', mandatory: true },
          {
            key: 'areas',
            type: 'items',
            label: 'Areas Inspected',
            mandatory: 'Please select the areas you inspected',
            items: ['Loading Dock', 'Racking', 'Workshop', 'Amenities', 'Car Park', 'Office'],
          },
          { key: 'staffOnSite', type: 'number', label: 'Staff on Site', placeholder: '0' },
        ],
      },
      {
        label: 'Checks',
        fields: [
          { key: 'fireHeading', type: 'section', label: 'Fire Safety' },
          {
            key: 'fireChecks',
            type: 'checkbox',
            label: 'Fire Equipment Checks',
            mandatory: true,
            options: [
              'Extinguishers tagged',
              'Hose reels accessible',
              'Alarm panel normal',
              'Exit signs lit',
            ],
          },
          {
            key: 'exitsClear',
            type: 'radio',
            label: 'Emergency Exits Clear',
            mandatory: 'Please state whether the exits are clear',
            options: ['Yes', 'No', 'N/A'],
          },
          { key: 'housekeepingHeading', type: 'section', label: 'Housekeeping and Plant' },
          {
            key: 'housekeeping',
            type: 'select',
            label: 'Housekeeping Standard',
            options: ['Excellent', 'Acceptable', 'Needs Improvement', 'Unacceptable'],
          },
          { key: 'plant', type: 'asset', label: 'Plant Checked' },
          { key: 'layout', type: 'diagram', label: 'Site Layout Sketch' },
          { key: 'related', type: 'submission', label: 'Related Submission' },
        ],
      },
      {
        label: 'Follow-up',
        fields: [{ key: 'actions', type: 'task', label: 'Action List' }],
      },
    ],
  });

  const contractor = addTemplate(o, {
    key: 'contractor',
    name: 'Contractor Safety Assessment',
    formType: 'supplier',
    emailNotification: [1, 4],
    sections: [
      {
        label: 'Contractor Details',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'company',
            type: 'supplier',
            label: 'Contractor Company',
            mandatory: 'Please select the contractor company',
          },
          { key: 'scope', type: 'text', label: 'Scope of Work', mandatory: true },
          { key: 'startDate', type: 'date', label: 'Work Start Date' },
          {
            key: 'permit',
            type: 'select',
            label: 'Permit Type',
            options: ['Hot Work', 'Confined Space', 'Working at Heights', 'Electrical Isolation', 'None'],
          },
          {
            key: 'ppe',
            type: 'checkbox',
            label: 'PPE Provided',
            options: ['Hard hat', 'Hi-vis vest', 'Safety boots', 'Gloves', 'Eye protection'],
          },
          { key: 'insurance', type: 'file', label: 'Insurance Certificate' },
          { key: 'hazards', type: 'risk', label: 'Hazards Identified' },
        ],
      },
      {
        label: 'Sign-off',
        fields: [
          { key: 'signature', type: 'signature', label: 'Contractor Signature', mandatory: true },
          { key: 'actions', type: 'task', label: 'Action List' },
        ],
      },
    ],
  });

  const review = addTemplate(o, {
    key: 'performance',
    name: 'Employee Performance Review',
    formType: 'hr',
    emailNotification: [3, 4],
    sections: [
      {
        label: 'Review Details',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'employee', type: 'employee', label: 'Employee', mandatory: true },
          { key: 'periodEnd', type: 'date', label: 'Review Period End', mandatory: true },
          {
            key: 'rating',
            type: 'radio',
            label: 'Overall Rating',
            mandatory: 'Please choose an overall rating',
            options: ['Exceeds expectations', 'Meets expectations', 'Developing', 'Below expectations'],
          },
          { key: 'achievements', type: 'textarea', label: 'Key Achievements' },
          { key: 'goals', type: 'textarea', label: 'Development Goals' },
        ],
      },
      {
        label: 'Objectives',
        fields: [
          {
            key: 'objectives',
            type: 'table',
            label: 'Objectives',
            columns: [
              { key: 'objective', name: 'Objective', type: 'text' },
              { key: 'target', name: 'Target (%)', type: 'number' },
              { key: 'due', name: 'Due Date', type: 'date' },
            ],
          },
        ],
      },
      {
        label: 'Sign-off',
        fields: [
          { key: 'employeeSignature', type: 'signature', label: 'Employee Signature' },
          { key: 'reviewerSignature', type: 'signature', label: 'Reviewer Signature' },
        ],
      },
    ],
  });

  const feedback = addTemplate(o, {
    key: 'feedback',
    name: 'Visitor Feedback',
    formType: 'qr',
    emailNotification: [],
    sections: [
      {
        label: 'Your Visit',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'visitorName', type: 'text', label: 'Your Name', mandatory: 'Please tell us your name' },
          { key: 'company', type: 'text', label: 'Your Company' },
          { key: 'visitDate', type: 'date', label: 'Date of Visit' },
          {
            key: 'experience',
            type: 'radio',
            label: 'How was your visit?',
            mandatory: true,
            options: ['Excellent', 'Good', 'Fair', 'Poor'],
          },
          {
            key: 'areas',
            type: 'checkbox',
            label: 'Areas Visited',
            options: ['Reception', 'Warehouse', 'Workshop', 'Harbour Gate'],
          },
          { key: 'comments', type: 'textarea', label: 'Comments' },
        ],
      },
    ],
  });

  const toolbox = addTemplate(o, {
    key: 'toolbox',
    name: 'Toolbox Talk',
    formType: 'form_submission',
    emailNotification: [1, 2],
    emailCcEmployeeIds: [emp('ethan')],
    sections: [
      {
        label: 'Talk Details',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'date', type: 'date', label: 'Date', mandatory: true },
          { key: 'time', type: 'time', label: 'Start Time' },
          { key: 'topic', type: 'text', label: 'Topic', mandatory: 'Please enter the topic of the talk' },
          {
            key: 'hazardCategory',
            type: 'typeGroupings',
            label: 'Hazard Category',
            groupings: [
              { category: 'Physical', subCategories: ['Noise', 'Vibration', 'Heat', 'Moving vehicles'] },
              { category: 'Chemical', subCategories: ['Fuels', 'Cleaning agents', 'Solvents'] },
              { category: 'Ergonomic', subCategories: ['Lifting', 'Repetitive tasks', 'Posture'] },
            ],
          },
          {
            key: 'notes',
            type: 'contentEditor',
            label: 'Talk Notes',
            contentEditor:
              '<p><strong>Key messages</strong></p><ul><li></li></ul><p><strong>Questions raised</strong></p>',
          },
          {
            key: 'topics',
            type: 'items',
            label: 'Topics Covered',
            items: ['PPE', 'Manual handling', 'Forklift safety', 'Hazard reporting', 'Emergency procedures'],
          },
          { key: 'attendees', type: 'employee', label: 'Attendees', mandatory: 'Please add the attendees' },
        ],
      },
      {
        label: 'Sign-off',
        fields: [
          { key: 'signature', type: 'signature', label: 'Presenter Signature' },
          { key: 'actions', type: 'task', label: 'Action List' },
        ],
      },
    ],
  });

  const wellbeing = addTemplate(o, {
    key: 'wellbeing',
    name: 'Annual Wellbeing Check',
    formType: 'hr',
    emailNotification: [3],
    sections: [
      {
        label: 'Wellbeing',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'feeling',
            type: 'radio',
            label: 'How are you feeling at work?',
            mandatory: true,
            options: ['Great', 'Okay', 'Struggling'],
          },
          {
            key: 'workload',
            type: 'select',
            label: 'Workload',
            options: ['Manageable', 'Busy', 'Unmanageable'],
          },
          {
            key: 'support',
            type: 'checkbox',
            label: 'Support Wanted',
            options: ['Training', 'Flexible hours', 'Mentoring', 'Employee assistance programme'],
          },
          { key: 'comments', type: 'textarea', label: 'Anything else?' },
        ],
      },
    ],
  });

  const induction = addTemplate(o, {
    key: 'induction',
    name: 'Safety Induction Quiz',
    formType: 'hr',
    sections: [
      {
        label: 'Questions',
        mandatoryType: 'newEntry',
        fields: [
          {
            key: 'assembly',
            type: 'radio',
            label: 'Where is the Riverside Depot assembly point?',
            mandatory: true,
            options: ['Car park', 'Loading dock', 'Staff room'],
          },
          {
            key: 'ppe',
            type: 'checkbox',
            label: 'Which PPE is mandatory in the warehouse?',
            mandatory: true,
            options: ['Hi-vis vest', 'Safety boots', 'Hearing protection', 'Hard hat'],
          },
          { key: 'report', type: 'textarea', label: 'Describe how you would report a hazard.' },
          {
            key: 'signature',
            type: 'signature',
            label: 'Trainee Signature',
            mandatory: 'Please sign to confirm you completed the induction',
          },
        ],
      },
    ],
  });

  addTemplate(o, {
    key: 'legacyHazard',
    name: 'Legacy Hazard Report',
    formType: 'form_submission',
    isActive: false,
    sections: [
      {
        label: 'Hazard',
        fields: [
          { key: 'hazard', type: 'text', label: 'Hazard', mandatory: true },
          { key: 'details', type: 'textarea', label: 'Details' },
        ],
      },
    ],
  });

  // One template holding every field type of the registry, so a single form exercises them all
  // (the browser test of issue #4 fills it in; the screenshot submission-editor-every-field).
  addTemplate(o, {
    key: 'everyField',
    name: 'Every Field Type',
    formType: 'form_submission',
    coordinatorEmployeeId: emp('ethan'),
    sections: [
      {
        label: 'General',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'heading', type: 'section', label: 'About the check' },
          {
            key: 'text',
            type: 'text',
            label: 'Short Answer',
            mandatory: 'Please enter a short answer',
            placeholder: 'One line',
          },
          { key: 'number', type: 'number', label: 'Head Count', mandatory: true, placeholder: '0' },
          { key: 'date', type: 'date', label: 'Check Date', mandatory: true },
          { key: 'time', type: 'time', label: 'Check Time' },
          {
            key: 'weblink',
            type: 'weblink',
            label: 'Procedure Link',
            webLink: 'https://intranet.northwind-facilities.example/procedures/general-check',
          },
          { key: 'textarea', type: 'textarea', label: 'Long Answer' },
          {
            key: 'contentEditor',
            type: 'contentEditor',
            label: 'Rich Notes',
            contentEditor: '<p><strong>Observations</strong></p>',
          },
        ],
      },
      {
        label: 'Choices',
        fields: [
          {
            key: 'radio',
            type: 'radio',
            label: 'Overall Condition',
            mandatory: 'Please choose the overall condition',
            options: ['Good', 'Fair', 'Poor'],
          },
          { key: 'select', type: 'select', label: 'Priority Level', options: ['Low', 'Medium', 'High'] },
          {
            key: 'checkbox',
            type: 'checkbox',
            label: 'Checks Completed',
            mandatory: true,
            options: ['Guards fitted', 'Lights working', 'Floor clear'],
          },
          { key: 'items', type: 'items', label: 'Zones Covered', items: ['Dock', 'Yard', 'Office'] },
          {
            key: 'typeGroupings',
            type: 'typeGroupings',
            label: 'Hazard Class',
            groupings: [
              { category: 'Physical', subCategories: ['Noise', 'Heat', 'Vibration'] },
              { category: 'Chemical', subCategories: ['Fuels', 'Solvents'] },
            ],
          },
        ],
      },
      {
        label: 'Linked Records',
        fields: [
          { key: 'employee', type: 'employee', label: 'People Present' },
          { key: 'asset', type: 'asset', label: 'Equipment Used' },
          { key: 'risk', type: 'risk', label: 'Risks Noted' },
          {
            key: 'supplier',
            type: 'supplier',
            label: 'Contractor on Site',
            mandatory: 'Please select the contractor on site',
          },
          { key: 'submission', type: 'submission', label: 'Related Form' },
        ],
      },
      {
        label: 'Evidence',
        fields: [
          { key: 'file', type: 'file', label: 'Site Photos' },
          {
            key: 'table',
            type: 'table',
            label: 'Readings',
            columns: [
              { key: 'point', name: 'Reading Point', type: 'text' },
              { key: 'value', name: 'Reading Value', type: 'number' },
              { key: 'taken', name: 'Reading Date', type: 'date' },
            ],
          },
          { key: 'signature', type: 'signature', label: 'Checker Signature' },
          { key: 'diagram', type: 'diagram', label: 'Area Sketch' },
        ],
      },
      {
        label: 'Follow-up Actions',
        fields: [{ key: 'task', type: 'task', label: 'Action List' }],
      },
    ],
  });

  // Submissions 1001..: every state and form type.
  const ethan = emp('ethan');
  const olivia = emp('olivia');
  const mia = emp('mia');
  const noah = emp('noah');
  const ava = emp('ava');
  const s1001 = addSubmission(o, {
    key: '1001',
    template: incident,
    state: 'open',
    formDate: -3,
    description: 'Slip on wet floor near loading bay 2',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ethan, olivia],
    recordedByEmployeeId: mia,
    values: {
      title: 'Slip on wet floor near loading bay 2',
      date: cal.iso(-3),
      time: '14:15',
      category: 'injury',
      severity: 'medium',
      description:
        'Rain water came in under the roller door of bay 2. Jack slipped while carrying a carton and landed on his left hand. The area was not signposted.',
      people: [emp('jack'), mia],
      equipment: [asset('Forklift FL-01')],
      risks: [risk('Slips, Trips and Falls'), risk('Manual Handling')],
      injury: { category: 'Body Part', subCategories: ['Hand'] },
      signature: SIGNATURE,
      rootCause:
        'A blocked gutter overflows onto the dock apron during heavy rain; no drainage at the door seal.',
      factors: ['poor-housekeeping', 'equipment-failure'],
    },
    tables: {
      witnesses: [
        { name: 'Chloe Adams', phone: '0400 111 222', statementDate: cal.iso(-3) },
        { name: 'Henry Walsh', phone: '0400 333 444', statementDate: cal.iso(-2) },
      ],
    },
    actions: [
      { assignee: { employee: ethan }, instruction: 'Install anti-slip matting at loading bay 2.', due: 7 },
      {
        assignee: { employee: mia },
        instruction: 'Brief the warehouse team on reporting spills and leaks.',
        due: -4,
      },
      {
        assignee: { personnel: liam },
        instruction: 'Clear and repair the gutter above loading bay 2.',
        due: 0,
        draftResponse: 'Gutter cleared; bracket replacement booked.',
      },
      {
        assignee: { employee: olivia },
        instruction: 'Approve the purchase of anti-slip matting.',
        due: -1,
        done: { daysAgo: 1, response: 'Purchase approved, PO 4471 raised.' },
      },
      {
        assignee: { employee: ava },
        instruction: 'Check the first aid record for this incident is complete.',
        due: -1,
      },
    ],
  });
  addSubmission(o, {
    key: '1002',
    template: incident,
    state: 'open',
    formDate: -10,
    description: 'Forklift near miss with a pedestrian at North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [ethan],
    recordedByEmployeeId: noah,
    values: {
      title: 'Forklift near miss at North Gate',
      date: cal.iso(-10),
      time: '07:45',
      category: 'near-miss',
      severity: 'high',
      description:
        'A forklift reversed out of the container yard as a driver walked past on foot. No contact was made.',
      people: [emp('mason'), noah],
      equipment: [asset('Forklift FL-02')],
      risks: [risk('Forklift and Pedestrian Interaction')],
      rootCause: 'No separated pedestrian walkway at the container yard exit.',
      factors: ['procedure-not-followed'],
    },
    actions: [
      {
        assignee: { employee: ethan },
        instruction: 'Mark a pedestrian exclusion zone at the container yard exit.',
        due: -2,
      },
      {
        assignee: { employee: olivia },
        instruction: 'Approve the quote for a reversing camera on FL-02.',
        due: 0,
      },
      {
        assignee: { employee: noah },
        instruction: 'Run a toolbox talk on forklift and pedestrian safety.',
        due: 10,
      },
      { assignee: { employee: ava }, instruction: 'Add the near miss to the monthly safety report.', due: 0 },
    ],
  });
  const s1003 = addSubmission(o, {
    key: '1003',
    template: inspection,
    state: 'open',
    formDate: -1,
    description: 'Monthly inspection, Head Office level 3',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [ethan, noah],
    recordedByEmployeeId: ethan,
    values: {
      procedure: 'https://intranet.northwind-facilities.example/procedures/site-inspection',
      instructions:
        '<p>Walk the whole area with the checklist.</p><p><em>Kitchen fridge seal damaged; reported to facilities.</em></p>',
      inspector: [ethan],
      areas: ['Office', 'Amenities'],
      staffOnSite: '24',
      fireChecks: ['extinguishers-tagged', 'alarm-panel-normal', 'exit-signs-lit'],
      exitsClear: 'yes',
      housekeeping: 'acceptable',
      plant: [asset('Fire Pump FP-1')],
      layout: DIAGRAM,
      related: [s1001],
    },
    actions: [
      { assignee: { employee: mia }, instruction: 'Replace the damaged kitchen fridge seal.', due: 5 },
      {
        assignee: { employee: noah },
        instruction: 'Re-tag the extinguisher by the east stairwell.',
        due: -6,
      },
      { assignee: { employee: ava }, instruction: 'Order a replacement first aid kit for level 3.', due: 3 },
      { assignee: { personnel: liam }, instruction: 'Service the level 3 air conditioning unit.', due: -1 },
    ],
  });
  addSubmission(o, {
    key: '1004',
    template: incident,
    state: 'closed',
    closedDaysAgo: 5,
    formDate: -20,
    description: 'Minor hand laceration in the workshop',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [ethan],
    recordedByEmployeeId: mia,
    values: {
      title: 'Hand laceration on sheet metal',
      date: cal.iso(-20),
      time: '11:30',
      category: 'injury',
      severity: 'low',
      description: 'Lucas cut his palm on a sheet metal edge while unpacking a delivery.',
      people: [emp('lucas')],
      injury: { category: 'Injury Type', subCategories: ['Cut'] },
      rootCause: 'Cut-resistant gloves were not available at the unpacking bench.',
      factors: ['inadequate-training'],
    },
    actions: [
      {
        assignee: { employee: ethan },
        instruction: 'Stock cut-resistant gloves at the unpacking bench.',
        due: -12,
        done: { daysAgo: 13, response: 'Two boxes of gloves stocked and a sign added.' },
      },
      {
        assignee: { personnel: liam },
        instruction: 'Deburr the edges of the steel offcut rack.',
        due: -9,
        done: { daysAgo: 8, response: 'Edges ground smooth and capped.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1005',
    template: inspection,
    state: 'closed',
    closedDaysAgo: 12,
    formDate: -30,
    description: 'Monthly inspection, Harbour Site south gate',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [olivia],
    recordedByEmployeeId: noah,
    values: {
      inspector: [noah],
      areas: ['Loading Dock', 'Car Park'],
      staffOnSite: '9',
      fireChecks: ['extinguishers-tagged', 'hose-reels-accessible'],
      exitsClear: 'no',
      housekeeping: 'needs-improvement',
    },
    actions: [
      {
        assignee: { employee: noah },
        instruction: 'Clear the pallets blocking the south gate emergency exit.',
        due: -28,
        done: { daysAgo: 29, response: 'Pallets moved to the yard; exit clear.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1006',
    template: toolbox,
    state: 'draft',
    formDate: 0,
    description: 'Forklift safety toolbox talk',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ethan],
    recordedByEmployeeId: ethan,
    values: {
      date: cal.iso(1),
      time: '07:30',
      topic: 'Forklift safety around pedestrians',
      hazardCategory: { category: 'Physical', subCategories: ['Moving vehicles'] },
    },
  });
  addSubmission(o, {
    key: '1007',
    template: toolbox,
    state: 'open',
    formDate: -2,
    description: 'Manual handling refresher',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [olivia],
    recordedByEmployeeId: olivia,
    values: {
      date: cal.iso(-2),
      time: '08:00',
      topic: 'Manual handling refresher',
      hazardCategory: { category: 'Ergonomic', subCategories: ['Lifting', 'Posture'] },
      notes:
        '<p><strong>Key messages</strong></p><ul><li>Plan the lift.</li><li>Keep the load close.</li></ul>',
      topics: ['Manual handling', 'Hazard reporting'],
      attendees: [olivia, emp('harper'), emp('sophie'), emp('oliver')],
      signature: SIGNATURE,
    },
    actions: [
      { assignee: { employee: ethan }, instruction: 'Add the refresher to the training matrix.', due: 0 },
      { assignee: { employee: mia }, instruction: 'Label the heavy archive boxes on level 3.', due: 0 },
      { assignee: { employee: noah }, instruction: 'Share the slides with the Harbour Site team.', due: 0 },
    ],
  });
  const s1008 = addSubmission(o, {
    key: '1008',
    template: contractor,
    state: 'open',
    formDate: -4,
    description: 'Roof gutter repairs, Riverside workshop',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [olivia],
    supplierId: acme,
    recordedByPersonnelId: liam,
    values: {
      company: [acme],
      scope: 'Replace 30 m of box gutter and two downpipes over the workshop.',
      startDate: cal.iso(2),
      permit: 'working-at-heights',
      ppe: ['hard-hat', 'hi-vis-vest', 'safety-boots', 'gloves'],
      hazards: [risk('Working at Heights')],
      signature: SIGNATURE,
    },
    actions: [
      { assignee: { personnel: liam }, instruction: 'Upload the scaffold handover certificate.', due: 7 },
      {
        assignee: { personnel: o.id('personnel', 'grace') },
        instruction: 'Provide the roof access SWMS.',
        due: -2,
      },
      { assignee: { employee: olivia }, instruction: 'Arrange workshop access for the contractor.', due: 14 },
      {
        assignee: { personnel: o.id('personnel', 'ava') },
        instruction: 'Confirm the crew list for the gutter works.',
        due: 1,
      },
    ],
  });
  addSubmission(o, {
    key: '1009',
    template: contractor,
    state: 'closed',
    closedDaysAgo: 15,
    formDate: -25,
    description: 'Office deep clean, Harbour Site',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [olivia],
    supplierId: zenith,
    recordedByPersonnelId: zoe,
    values: {
      company: [zenith],
      scope: 'Quarterly deep clean of the south gate amenities.',
      permit: 'none',
      ppe: ['gloves', 'eye-protection'],
    },
    actions: [
      {
        assignee: { personnel: zoe },
        instruction: 'Provide SDS for the cleaning chemicals used.',
        due: -20,
        done: { daysAgo: 19, response: 'SDS sheets uploaded.' },
      },
    ],
  });
  const s1010 = addSubmission(o, {
    key: '1010',
    template: contractor,
    state: 'draft',
    formDate: -1,
    description: 'Electrical isolation works, North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [noah],
    supplierId: acme,
    recordedByPersonnelId: liam,
    values: {
      company: [acme],
      scope: 'Isolate and replace the gate motor supply.',
      permit: 'electrical-isolation',
    },
  });
  const s1011 = addSubmission(o, {
    key: '1011',
    template: review,
    state: 'open',
    formDate: -6,
    description: 'Performance review - Mia Torres',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: {
      employee: [mia],
      periodEnd: cal.iso(-7),
      rating: 'meets-expectations',
      achievements: 'Completed the forklift licence and led two toolbox talks.',
      goals: 'Complete the Certificate IV in WHS.',
      employeeSignature: SIGNATURE,
    },
    tables: {
      objectives: [
        { objective: 'Complete Certificate IV in WHS', target: '100', due: cal.iso(180) },
        { objective: 'Reduce workshop near misses', target: '50', due: cal.iso(90) },
      ],
    },
  });
  addSubmission(o, {
    key: '1012',
    template: review,
    state: 'closed',
    closedDaysAgo: 40,
    formDate: -45,
    description: 'Performance review - Ethan Clarke',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: {
      employee: [ethan],
      periodEnd: cal.iso(-46),
      rating: 'exceeds-expectations',
      achievements: 'Rolled out the new incident reporting process across all sites.',
      employeeSignature: SIGNATURE,
      reviewerSignature: SIGNATURE,
    },
    tables: {
      objectives: [{ objective: 'Roll out the contractor portal', target: '100', due: cal.iso(60) }],
    },
  });
  addSubmission(o, {
    key: '1013',
    template: feedback,
    state: 'open',
    formDate: -1,
    description: 'Visitor feedback - North Gate',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [noah],
    values: {
      visitorName: 'Daniel Price',
      company: 'Oceanic Freight',
      visitDate: cal.iso(-1),
      experience: 'fair',
      areas: ['harbour-gate'],
      comments: 'The sign-in kiosk at the gate was out of order.',
    },
  });
  addSubmission(o, {
    key: '1014',
    template: feedback,
    state: 'closed',
    closedDaysAgo: 3,
    formDate: -9,
    description: 'Visitor feedback - South Gate',
    workplace: 'Harbour Site',
    branch: 'South Gate',
    coordinators: [noah],
    values: { visitorName: 'Laura Kim', experience: 'excellent', areas: ['reception', 'warehouse'] },
  });
  addSubmission(o, {
    key: '1015',
    template: incident,
    state: 'draft',
    formDate: 0,
    description: 'Damaged pallet racking upright',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [mia],
    recordedByEmployeeId: mia,
    values: { title: 'Damaged racking upright, aisle 4', date: cal.iso(0), category: 'property-damage' },
  });
  addSubmission(o, {
    key: '1016',
    template: inspection,
    state: 'draft',
    formDate: 0,
    description: 'Monthly inspection, Riverside warehouse',
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
    coordinators: [olivia],
    recordedByEmployeeId: olivia,
    values: { inspector: [olivia], areas: ['Racking', 'Loading Dock'], related: [s1003] },
  });
  addSubmission(o, {
    key: '1017',
    template: toolbox,
    state: 'open',
    formDate: -5,
    description: 'Workshop noise exposure talk',
    workplace: 'Riverside Depot',
    branch: 'Workshop',
    coordinators: [mia],
    recordedByEmployeeId: mia,
    values: {
      date: cal.iso(-5),
      time: '13:00',
      topic: 'Noise exposure in the workshop',
      hazardCategory: { category: 'Physical', subCategories: ['Noise'] },
      topics: ['PPE'],
      attendees: [mia, emp('lucas'), emp('william')],
    },
    actions: [
      { assignee: { employee: ava }, instruction: 'Book hearing tests for the workshop team.', due: 6 },
      { assignee: { employee: noah }, instruction: 'Check the angle grinder silencers.', due: -3 },
      { assignee: { employee: olivia }, instruction: 'Approve the purchase of new earmuffs.', due: -8 },
    ],
  });
  const s1018 = addSubmission(o, {
    key: '1018',
    template: review,
    state: 'draft',
    formDate: 0,
    description: 'Performance review - Noah Fischer',
    workplace: 'Harbour Site',
    branch: 'North Gate',
    coordinators: [ava],
    recordedByEmployeeId: ava,
    values: { employee: [noah], periodEnd: cal.iso(0) },
  });
  addSubmission(o, {
    key: '1019',
    template: contractor,
    state: 'open',
    formDate: -7,
    description: 'Window cleaning, Head Office',
    workplace: 'Head Office',
    branch: 'Level 3',
    coordinators: [olivia],
    supplierId: zenith,
    recordedByPersonnelId: zoe,
    values: {
      company: [zenith],
      scope: 'External window cleaning of level 3.',
      permit: 'working-at-heights',
    },
    actions: [{ assignee: { personnel: zoe }, instruction: 'Provide the rope access certificate.', due: -2 }],
  });

  // Noticeboard.
  const longContent = [
    'From next month the quarterly safety audits move to a new schedule so that every site is covered by an independent auditor at least twice a year.',
    'Riverside Depot will be audited in the first week of the quarter, Harbour Site in the third week and Head Office in the sixth week.',
    'Site supervisors should make sure that the registers of plant, hazardous substances and risks are up to date two weeks before their audit, that every open action has a realistic due date, and that any overdue action has a note explaining the delay.',
    'Auditors will sample at least ten submissions per site, including incident reports, toolbox talks and contractor safety assessments, and will check that investigation sections are completed and signed off by the coordinator.',
    'They will also walk the site with the supervisor, so please plan for about two hours of your time on the day.',
    'If your site cannot host the audit in the planned week, tell Ethan Clarke as soon as possible so that another date can be found.',
    'The audit findings will be published on the noticeboard within a week of each audit, together with the actions raised.',
    'Thank you for your continued effort to keep our workplaces safe.',
  ].join(' ');
  addNotices(o, [
    {
      key: 'welcome',
      title: 'Welcome to Compass',
      content: 'Compass is now our system for forms, actions, audits and HR. Questions go to Olivia Bennett.',
      priority: 'none',
      start: -30,
      author: olivia,
    },
    {
      key: 'gate',
      title: 'North Gate closed for resurfacing',
      content:
        'The Harbour Site north gate is closed from Monday to Friday. Use the south gate; trucks are booked through the gatehouse.',
      priority: 'high',
      start: -2,
      expire: 5,
      author: noah,
    },
    {
      key: 'audits',
      title: 'New quarterly safety audit schedule',
      content: longContent,
      priority: 'medium',
      start: -7,
      expire: 30,
      author: ethan,
    },
    {
      key: 'ppe',
      title: 'Updated PPE policy',
      content:
        'The PPE policy has been updated: hearing protection is now required in the whole workshop. Please acknowledge the policy in Documents.',
      priority: 'low',
      start: -14,
      author: ava,
    },
    {
      key: 'party',
      title: 'End of year celebration',
      content: 'Join us at the Riverside Depot canteen for the end of year celebration.',
      priority: 'medium',
      start: -60,
      expire: -30,
      author: olivia,
    },
    {
      key: 'drill',
      title: 'Fire drill next month',
      content: 'A fire drill will be held at Head Office next month. Details to follow.',
      priority: 'low',
      start: 10,
      expire: 40,
      author: ethan,
    },
  ]);

  // Audits, obligations and documents.
  rows.audit.push(
    {
      id: o.id('audit', 'warehouse'),
      companyId,
      name: 'Quarterly Warehouse Audit',
      auditDate: cal.day(-7),
      ownerEmployeeId: ethan,
      ...place(o, 'Riverside Depot', 'Warehouse'),
      createdAt: cal.at(-8),
    },
    {
      id: o.id('audit', 'fire'),
      companyId,
      name: 'Head Office Fire Safety Audit',
      auditDate: cal.day(-3),
      ownerEmployeeId: olivia,
      ...place(o, 'Head Office', 'Level 3'),
      createdAt: cal.at(-4),
    },
  );
  rows.auditQuestionTask.push({
    id: o.id('auditTask', 'liam'),
    companyId,
    auditId: o.id('audit', 'warehouse'),
    question: 'Are the racking repairs certified?',
    instruction: 'Upload the certificate for the aisle 4 repairs.',
    assigneeType: 'external',
    assigneePersonnelId: liam,
    dueDate: cal.day(4),
  });
  rows.obligation.push(
    {
      id: o.id('obligation', 'whs'),
      companyId,
      name: 'Work Health and Safety Act 2011',
      ownerEmployeeId: olivia,
    },
    {
      id: o.id('obligation', 'epl'),
      companyId,
      name: 'Environmental Protection Licence EPL-2231',
      ownerEmployeeId: noah,
    },
  );
  const documents = [
    'Health and Safety Policy',
    'Emergency Response Plan',
    'Forklift Safe Work Procedure',
    'Employee Handbook',
    'PPE Policy',
  ].map((name) => ({ id: o.id('document', name), name }));
  for (const document of documents) {
    rows.document.push({
      id: document.id,
      companyId,
      name: document.name,
      ownerEmployeeId: olivia,
      createdAt: cal.at(-90),
    });
  }
  // History: one acknowledged and one approved document.
  rows.documentAcknowledgement.push({
    id: o.id('acknowledgement', 'jack/ppe'),
    companyId,
    documentId: o.id('document', 'PPE Policy'),
    employeeId: emp('jack'),
    dueDate: cal.day(-5),
    acknowledgedAt: cal.at(-6, 11),
  });
  rows.documentApproval.push({
    id: o.id('approval', 'sophie/handbook'),
    companyId,
    documentId: o.id('document', 'Employee Handbook'),
    employeeId: emp('sophie'),
    dueDate: cal.day(-20),
    status: 'approved',
    decidedAt: cal.at(-21, 15),
  });

  // Dashboards of the five employee accounts.
  const refs: DashboardRefs = {
    ownerId: olivia,
    auditTemplateId: inspection.id,
    hrTemplateId: wellbeing.id,
    performanceTemplateId: review.id,
    trainingTemplateId: induction.id,
    supplierTemplateId: contractor.id,
    auditId: o.id('audit', 'warehouse'),
    obligationId: o.id('obligation', 'whs'),
    obligationName: 'Work Health and Safety Act 2011',
    documents,
    risks: ['Working at Heights', 'Manual Handling', 'Electrical Hazards'].map((name) => ({
      id: risk(name),
      name,
    })),
    hazards: hazards.map((name) => ({ id: o.id('hazard', name), name })),
    supplierId: acme,
    personnelId: o.id('personnel', 'grace'),
    companyRequirementTypeId: reqType('Safety Management Plan'),
    personnelRequirementTypeId: reqType('First Aid Certificate'),
    workplace: 'Riverside Depot',
    branch: 'Warehouse',
  };
  const people: DashboardPerson[] = [
    {
      key: 'olivia',
      employeeId: olivia,
      name: 'Olivia Bennett',
      reviewerId: ava,
      revieweeId: emp('harper'),
      coReviewerId: ethan,
      variant: 0,
    },
    {
      key: 'ethan',
      employeeId: ethan,
      name: 'Ethan Clarke',
      reviewerId: olivia,
      revieweeId: emp('jack'),
      coReviewerId: mia,
      variant: 1,
    },
    {
      key: 'mia',
      employeeId: mia,
      name: 'Mia Torres',
      reviewerId: ava,
      revieweeId: emp('lucas'),
      coReviewerId: noah,
      variant: 2,
      performanceSubmissionId: s1011,
    },
    {
      key: 'noah',
      employeeId: noah,
      name: 'Noah Fischer',
      reviewerId: ava,
      revieweeId: emp('mason'),
      coReviewerId: ava,
      variant: 3,
      performanceSubmissionId: s1018,
    },
    {
      key: 'ava',
      employeeId: ava,
      name: 'Ava Nguyen',
      reviewerId: olivia,
      revieweeId: emp('amelia'),
      coReviewerId: olivia,
      variant: 4,
    },
  ];
  for (const person of people) {
    // Half of them review Brightline Electrical (Kai) instead of Acme (Grace).
    const brightlineSide = person.variant % 2 === 1;
    const supplier = brightlineSide ? { supplierId: brightline, personnelId: o.id('personnel', 'kai') } : {};
    addDashboard(o, { ...refs, ...supplier }, person);
  }

  // The supplier portal: Acme (company level), Liam and Ava (personnel), and Zoe (portal off).
  const supplierAssignments: Array<
    [string, string, string | null, string, AssignmentStatus, number, string | null]
  > = [
    ['acme/company', acme, null, olivia, 'assigned', 10, null],
    ['acme/liam', acme, liam, ethan, 'assigned', 3, null],
    ['acme/liam-draft', acme, liam, noah, 'assigned', -1, s1010],
    ['acme/liam-roof', acme, liam, olivia, 'submitted', 2, s1008],
    ['acme/liam-closed', acme, liam, ethan, 'closed', -20, null],
    ['acme/ava', acme, o.id('personnel', 'ava'), ethan, 'assigned', 12, null],
    ['zenith/zoe', zenith, zoe, olivia, 'assigned', 5, null],
    ['zenith/company', zenith, null, olivia, 'assigned', -3, null],
  ];
  for (const [
    key,
    supplierId,
    personnelId,
    reviewerEmployeeId,
    status,
    due,
    submissionId,
  ] of supplierAssignments) {
    rows.supplierAssignment.push({
      id: o.id('supplierAssignment', key),
      companyId,
      supplierId,
      personnelId,
      formTemplateId: contractor.id,
      reviewerEmployeeId,
      submissionId,
      status,
      dueDate: cal.day(due),
      closedAt: status === 'closed' ? cal.at(due + 2) : null,
      createdAt: cal.at(-30),
    });
  }
  const supplierRequirements: Array<
    [string, string, string | null, string, string, RequirementStatus, number, number | null]
  > = [
    ['acme/pli', acme, null, 'Public Liability Insurance', olivia, 'pending', 14, null],
    ['acme/smp', acme, null, 'Safety Management Plan', ethan, 'submitted', -2, 365],
    ['liam/induction', acme, liam, 'Induction Certificate', ethan, 'pending', 7, null],
    ['liam/firstAid', acme, liam, 'First Aid Certificate', ethan, 'approved', -60, 200],
    ['ava/induction', acme, o.id('personnel', 'ava'), 'Induction Certificate', ethan, 'pending', 20, null],
    ['zenith/pli', zenith, null, 'Public Liability Insurance', olivia, 'pending', 0, null],
    ['zoe/induction', zenith, zoe, 'Induction Certificate', olivia, 'rejected', -4, null],
  ];
  for (const [
    key,
    supplierId,
    personnelId,
    type,
    reviewerEmployeeId,
    status,
    due,
    expiry,
  ] of supplierRequirements) {
    rows.supplierRequirement.push({
      id: o.id('supplierRequirement', key),
      companyId,
      supplierId,
      personnelId,
      requirementTypeId: reqType(type),
      reviewerEmployeeId,
      status,
      dueDate: cal.day(due),
      expiryDate: expiry === null ? null : cal.day(expiry),
      reviewedAt: status === 'approved' || status === 'rejected' ? cal.at(due) : null,
      createdAt: cal.at(-40),
    });
  }
}

// ---------- Southbank Logistics ----------

function buildSouthbank(o: Org): void {
  const { cal, companyId, rows } = o;
  addWorkplaces(o, { 'Southbank Distribution Centre': ['Dock A', 'Dock B'] });
  for (const name of ['Operations Manager', 'Driver', 'Dock Hand']) {
    rows.position.push({ id: o.id('position', name), companyId, name });
  }
  rows.role.push({
    id: o.id('role', 'Administrator'),
    companyId,
    name: 'Administrator',
    access: accessMap(),
  });
  const wp = 'Southbank Distribution Centre';
  const e = addEmployees(o, 'southbank.example', 'SB-2001', [
    ['sam', 'Sam Reed', 'Operations Manager', 'Administrator', `${wp}/Dock A`],
    ['priya', 'Priya Shah', 'Driver', 'Administrator', `${wp}/Dock A`],
    ['tom', 'Tom Becker', 'Dock Hand', 'Administrator', `${wp}/Dock B`],
  ]);
  const sam = e.sam!;
  const priya = e.priya!;
  const tom = e.tom!;
  addUser(o, {
    username: 'sam.southbank',
    userType: 'employee',
    email: 'sam.reed@southbank.example',
    employeeId: sam,
  });

  const swift = o.id('supplier', 'Swift Couriers');
  rows.supplierCompany.push({
    id: swift,
    companyId,
    name: 'Swift Couriers',
    email: 'ops@swift-couriers.example',
    supplierPortal: true,
    supplierAccess: true,
  });
  const dan = o.id('personnel', 'dan');
  rows.personnel.push({
    id: dan,
    companyId,
    supplierId: swift,
    firstName: 'Dan',
    lastName: 'Cole',
    email: 'dan.cole@swift-couriers.example',
  });
  rows.asset.push({ id: o.id('asset', 'Truck SB-01'), companyId, name: 'Truck SB-01' });
  rows.risk.push({
    id: o.id('risk', 'Manual Handling'),
    companyId,
    name: 'Manual Handling',
    isMaster: true,
    colour: 'orange',
  });
  rows.hazardousSubstance.push({ id: o.id('hazard', 'Diesel Fuel'), companyId, name: 'Diesel Fuel' });
  rows.requirementType.push(
    {
      id: o.id('requirementType', 'Public Liability Insurance'),
      companyId,
      name: 'Public Liability Insurance',
      appliesTo: 'company',
    },
    {
      id: o.id('requirementType', 'Heavy Vehicle Licence'),
      companyId,
      name: 'Heavy Vehicle Licence',
      appliesTo: 'personnel',
    },
  );

  const delivery = addTemplate(o, {
    key: 'delivery',
    name: 'Delivery Incident Report',
    formType: 'form_submission',
    emailNotification: [1],
    coordinatorEmployeeId: sam,
    sections: [
      {
        label: 'Incident',
        mandatoryType: 'newEntry',
        fields: [
          { key: 'summary', type: 'text', label: 'Summary', mandatory: true },
          { key: 'date', type: 'date', label: 'Date' },
          { key: 'severity', type: 'radio', label: 'Severity', options: ['Minor', 'Major'] },
          { key: 'vehicle', type: 'asset', label: 'Vehicle' },
          { key: 'notes', type: 'textarea', label: 'Notes' },
        ],
      },
      {
        label: 'Investigation',
        mandatoryType: 'investigation',
        fields: [{ key: 'actions', type: 'task', label: 'Action List' }],
      },
    ],
  });
  const wellbeing = addTemplate(o, {
    key: 'wellbeing',
    name: 'Driver Wellbeing Check',
    formType: 'hr',
    sections: [
      {
        label: 'Wellbeing',
        fields: [
          { key: 'fatigue', type: 'radio', label: 'Fatigue level', options: ['Low', 'Medium', 'High'] },
          { key: 'comments', type: 'textarea', label: 'Comments' },
        ],
      },
    ],
  });

  addSubmission(o, {
    key: '1001',
    template: delivery,
    state: 'open',
    formDate: -2,
    description: 'Pallet dropped at Dock A',
    workplace: wp,
    branch: 'Dock A',
    coordinators: [sam],
    recordedByEmployeeId: priya,
    values: {
      summary: 'Pallet dropped while unloading',
      date: cal.iso(-2),
      severity: 'minor',
      vehicle: [o.id('asset', 'Truck SB-01')],
    },
    actions: [
      { assignee: { employee: sam }, instruction: 'Review the unloading procedure at Dock A.', due: -2 },
      { assignee: { employee: sam }, instruction: 'Replace the damaged pallet jack.', due: 0 },
      { assignee: { employee: priya }, instruction: 'Retrain the dock hands on load securing.', due: 5 },
      { assignee: { personnel: dan }, instruction: 'Confirm the courier load plan for Dock A.', due: 3 },
      {
        assignee: { employee: sam },
        instruction: 'Sign off the revised Dock A unloading procedure.',
        due: 4,
      },
    ],
  });
  addSubmission(o, {
    key: '1002',
    template: delivery,
    state: 'closed',
    closedDaysAgo: 4,
    formDate: -12,
    description: 'Truck mirror damaged in the yard',
    workplace: wp,
    branch: 'Dock B',
    coordinators: [sam],
    recordedByEmployeeId: tom,
    values: { summary: 'Mirror clipped a bollard', severity: 'minor' },
    actions: [
      {
        assignee: { employee: sam },
        instruction: 'Repaint the yard bollards.',
        due: -6,
        done: { daysAgo: 5, response: 'Bollards repainted yellow.' },
      },
    ],
  });
  addSubmission(o, {
    key: '1003',
    template: delivery,
    state: 'draft',
    formDate: 0,
    description: 'Late delivery incident',
    workplace: wp,
    branch: 'Dock A',
    coordinators: [sam],
    recordedByEmployeeId: sam,
    values: { summary: 'Late delivery' },
  });

  addNotices(o, [
    {
      key: 'allhands',
      title: 'Southbank all-hands meeting',
      content: 'All staff meeting on Friday at 3 pm in the Dock A lunchroom.',
      priority: 'high',
      start: -1,
      expire: 6,
      author: sam,
    },
    {
      key: 'dockb',
      title: 'Dock B resurfacing',
      content: 'Dock B will be resurfaced over the weekend.',
      priority: 'low',
      start: -3,
      author: sam,
    },
    {
      key: 'roster',
      title: 'Old holiday roster',
      content: 'The holiday roster has been published.',
      priority: 'none',
      start: -50,
      expire: -20,
      author: sam,
    },
  ]);

  rows.audit.push({
    id: o.id('audit', 'dock'),
    companyId,
    name: 'Dock Safety Audit',
    auditDate: cal.day(-2),
    ownerEmployeeId: sam,
    ...place(o, wp, 'Dock A'),
  });
  rows.obligation.push({
    id: o.id('obligation', 'hvnl'),
    companyId,
    name: 'Heavy Vehicle National Law',
    ownerEmployeeId: sam,
  });
  const documents = ['Driver Handbook', 'Chain of Responsibility Policy'].map((name) => ({
    id: o.id('document', name),
    name,
  }));
  for (const document of documents)
    rows.document.push({ id: document.id, companyId, name: document.name, ownerEmployeeId: sam });
  rows.review.push({
    id: o.id('review', 'priya/handbook'),
    companyId,
    itemType: 'document',
    itemId: o.id('document', 'Driver Handbook'),
    name: 'Driver Handbook annual review',
    reviewerEmployeeId: priya,
    coReviewerEmployeeId: sam,
    dueDate: cal.day(3),
  });

  addDashboard(
    o,
    {
      ownerId: sam,
      auditTemplateId: delivery.id,
      hrTemplateId: wellbeing.id,
      performanceTemplateId: wellbeing.id,
      trainingTemplateId: wellbeing.id,
      supplierTemplateId: delivery.id,
      auditId: o.id('audit', 'dock'),
      obligationId: o.id('obligation', 'hvnl'),
      obligationName: 'Heavy Vehicle National Law',
      documents,
      risks: [{ id: o.id('risk', 'Manual Handling'), name: 'Manual Handling' }],
      hazards: [{ id: o.id('hazard', 'Diesel Fuel'), name: 'Diesel Fuel' }],
      supplierId: swift,
      personnelId: dan,
      companyRequirementTypeId: o.id('requirementType', 'Public Liability Insurance'),
      personnelRequirementTypeId: o.id('requirementType', 'Heavy Vehicle Licence'),
      workplace: wp,
      branch: 'Dock A',
    },
    {
      key: 'sam',
      employeeId: sam,
      name: 'Sam Reed',
      reviewerId: priya,
      coReviewerId: priya,
      revieweeId: tom,
      variant: 1,
    },
  );
}

function fail(what: string): never {
  throw new Error(`Demo seed: unknown ${what}`);
}

// ---------- Reference check ----------

/** Columns that point at another seeded row (many have no foreign key in the schema). */
const REFERENCES: Record<string, keyof Rows> = {
  companyId: 'company',
  positionId: 'position',
  roleId: 'role',
  workplaceId: 'workplace',
  branchId: 'branch',
  employeeId: 'employee',
  assigneeEmployeeId: 'employee',
  reviewerEmployeeId: 'employee',
  coReviewerEmployeeId: 'employee',
  authorEmployeeId: 'employee',
  ownerEmployeeId: 'employee',
  taskOwnerEmployeeId: 'employee',
  assignForEmployeeId: 'employee',
  recordedByEmployeeId: 'employee',
  coordinatorEmployeeId: 'employee',
  supplierId: 'supplierCompany',
  personnelId: 'personnel',
  assigneePersonnelId: 'personnel',
  recordedByPersonnelId: 'personnel',
  createdByUserId: 'user',
  closedByUserId: 'user',
  templateId: 'formTemplate',
  formTemplateId: 'formTemplate',
  templateVersionId: 'formTemplateVersion',
  sectionId: 'templateSection',
  fieldId: 'templateField',
  submissionId: 'formSubmission',
  formSubmissionId: 'formSubmission',
  auditId: 'audit',
  obligationId: 'obligation',
  documentId: 'document',
  requirementTypeId: 'requirementType',
};

const REVIEW_ITEMS: Record<string, keyof Rows> = {
  document: 'document',
  riskRegister: 'risk',
  hazardousRegister: 'hazardousSubstance',
  obligation: 'obligation',
};

const PICKER_TABLES: Record<string, keyof Rows> = {
  employee: 'employee',
  asset: 'asset',
  risk: 'risk',
  supplier: 'supplierCompany',
  submission: 'formSubmission',
};

/**
 * Fails when a row points at a row that is not seeded, or at one of another organisation: the
 * ids are derived from names, so a typo would otherwise leave a dangling id.
 */
function checkReferences(rows: Rows): void {
  type Row = Record<string, unknown>;
  const table = (name: keyof Rows) => rows[name] as unknown as Row[];
  const owners = new Map<keyof Rows, Map<string, unknown>>();
  const ownerOf = (name: keyof Rows, id: string) => {
    let map = owners.get(name);
    if (!map) {
      map = new Map(
        table(name).map((row) => [row.id as string, name === 'company' ? row.id : row.companyId]),
      );
      owners.set(name, map);
    }
    return map.get(id);
  };
  const expect = (where: string, target: keyof Rows, id: unknown, companyId: unknown) => {
    if (typeof id !== 'string') return;
    const owner = ownerOf(target, id);
    if (owner === undefined) throw new Error(`Demo seed: ${where} points at a missing ${target} ${id}`);
    if (owner !== companyId)
      throw new Error(`Demo seed: ${where} points at another organisation's ${target}`);
  };
  const fieldTypes = new Map(table('templateField').map((row) => [row.id, row.type as string]));
  for (const name of Object.keys(rows) as (keyof Rows)[]) {
    for (const row of table(name)) {
      const companyId = name === 'company' ? row.id : row.companyId;
      for (const [column, target] of Object.entries(REFERENCES)) {
        if (name === 'company' && column === 'companyId') continue;
        expect(`${name}.${column}`, target, row[column], companyId);
      }
      for (const id of (row.emailCcEmployeeIds as string[] | undefined) ?? []) {
        expect(`${name}.emailCcEmployeeIds`, 'employee', id, companyId);
      }
      if (name === 'review')
        expect('review.itemId', REVIEW_ITEMS[row.itemType as string]!, row.itemId, companyId);
      if (name === 'submissionValue') {
        const target = PICKER_TABLES[fieldTypes.get(row.fieldId) ?? ''];
        if (target)
          for (const id of row.value as string[]) expect('submissionValue.value', target, id, companyId);
      }
    }
  }
}

// ---------- Entry point ----------

/**
 * Seeds the demo organisations unless "Northwind Facilities" exists. Returns whether it created
 * them. Everything is written in one transaction.
 */
export async function seedDemo(
  prisma: PrismaClient,
  options: { today?: Date } = {},
): Promise<{ created: boolean }> {
  const exists = () => prisma.company.findFirst({ where: { name: DEMO_ORGANISATION }, select: { id: true } });
  if (await exists()) return { created: false };

  // Hashing is slow: once, for every account.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  const cal = calendar(options.today ?? new Date());
  const rows = new Rows();
  const northwind = new Org('nw', cal, rows, passwordHash);
  const southbank = new Org('sb', cal, rows, passwordHash);
  buildNorthwind(northwind);
  buildSouthbank(southbank);
  const companies: Array<[Org, string, string, string]> = [
    [northwind, DEMO_ORGANISATION, 'Northwind Facilities', 'https://www.northwind-facilities.example/'],
    [southbank, SECOND_ORGANISATION, 'Southbank Logistics', 'https://www.southbank-logistics.example/'],
  ];
  rows.company = companies.map(([org, name, headerTitle, homeSiteUrl]) => ({
    id: org.companyId,
    name,
    headerTitle,
    homeSiteUrl,
    nextFormNumber: org.nextFormNumber,
    createdAt: cal.at(-400),
  }));
  checkReferences(rows);

  return prisma.$transaction(
    async (tx) => {
      // Two seeds at once (two servers starting): the second waits here, then finds the demo.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(72201)`;
      if (await tx.company.findFirst({ where: { name: DEMO_ORGANISATION }, select: { id: true } })) {
        return { created: false };
      }
      await rows.write(tx);
      return { created: true };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}
