import {
  answerText,
  assetOptionName,
  displayDay,
  fieldConfig,
  formNumberLabel,
  isFieldType,
  localDateOf,
  messages,
  NO_RECORD_NAMES,
  personName,
  taskDueType,
} from '@compass/shared';
import type { Readable } from 'node:stream';
import type { Prisma } from '../../db/prisma';
import type { FileStorage } from '../../plugins/storage';
import { displayDate } from './notifications';
import type { PdfAction, PdfField, PdfFile, PdfModel } from './pdfDocument';
import { dataUrlImage, toPdfImage } from './pdfImages';
import { parseRichText } from './richText';

// ---------- Loading the model from the database ----------

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const IMAGE_FILE = /\.(jpe?g|jfif|png|gif|webp|bmp|tiff?|avif|apng|svg)$/i;

async function fileOf(storage: FileStorage, file: { name: string; storageKey: string }): Promise<PdfFile> {
  if (!IMAGE_FILE.test(file.name)) return { name: file.name, image: null };
  try {
    return { name: file.name, image: await toPdfImage(await readAll(storage.read(file.storageKey))) };
  } catch {
    return { name: file.name, image: null };
  }
}

const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
const asString = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** The submission with its template version, values, table rows and actions, as the PDF reads it. */
function readSubmission(db: Prisma.TransactionClient, ref: { companyId: string; submissionId: string }) {
  return db.formSubmission.findFirst({
    where: { id: ref.submissionId, companyId: ref.companyId },
    include: {
      template: { select: { name: true } },
      templateVersion: {
        include: {
          sections: { where: { isDeleted: false }, orderBy: { orderNo: 'asc' } },
          fields: { where: { isDeleted: false }, orderBy: { orderNo: 'asc' } },
        },
      },
      coordinators: { orderBy: { position: 'asc' } },
      values: true,
      tableRows: { orderBy: { rowIndex: 'asc' } },
      actions: { orderBy: { taskNumber: 'asc' } },
    },
  });
}

type Submission = NonNullable<Awaited<ReturnType<typeof readSubmission>>>;
type Field = Submission['templateVersion']['fields'][number];
type Names = Awaited<ReturnType<typeof namesOf>>;

/** Every id a value, an action or the header names, looked up once per kind. */
async function namesOf(db: Prisma.TransactionClient, submission: Submission, valueOf: Map<string, unknown>) {
  const { companyId } = submission;
  const fieldById = new Map(submission.templateVersion.fields.map((field) => [field.id, field]));
  const ids = { employee: new Set<string>(), asset: new Set<string>(), risk: new Set<string>() };
  const more = { supplier: new Set<string>(), submission: new Set<string>(), personnel: new Set<string>() };
  for (const coordinator of submission.coordinators) ids.employee.add(coordinator.employeeId);
  if (submission.recordedByEmployeeId) ids.employee.add(submission.recordedByEmployeeId);
  if (submission.recordedByPersonnelId) more.personnel.add(submission.recordedByPersonnelId);
  for (const action of submission.actions) {
    if (action.assigneeEmployeeId) ids.employee.add(action.assigneeEmployeeId);
    if (action.assigneePersonnelId) more.personnel.add(action.assigneePersonnelId);
  }
  for (const [fieldId, value] of valueOf) {
    const type = fieldById.get(fieldId)?.type;
    const target =
      type === 'employee' || type === 'asset' || type === 'risk'
        ? ids[type]
        : type === 'supplier' || type === 'submission'
          ? more[type]
          : null;
    if (target) for (const id of asStrings(value)) target.add(id);
  }
  const inCompany = (set: Set<string>) => ({ companyId, id: { in: [...set] } });
  const [employees, assets, risks, suppliers, linked, personnel] = await Promise.all([
    db.employee.findMany({
      where: inCompany(ids.employee),
      select: { id: true, firstName: true, lastName: true },
    }),
    db.asset.findMany({ where: inCompany(ids.asset), select: { id: true, number: true, name: true } }),
    db.risk.findMany({ where: inCompany(ids.risk), select: { id: true, name: true } }),
    db.supplierCompany.findMany({ where: inCompany(more.supplier), select: { id: true, name: true } }),
    db.formSubmission.findMany({
      where: inCompany(more.submission),
      select: { id: true, number: true, formDescription: true, template: { select: { name: true } } },
    }),
    db.personnel.findMany({
      where: inCompany(more.personnel),
      select: { id: true, firstName: true, lastName: true },
    }),
  ]);
  return {
    employee: new Map(employees.map((row) => [row.id, personName(row)])),
    asset: new Map(assets.map((row) => [row.id, assetOptionName(row)])),
    risk: new Map(risks.map((row) => [row.id, row.name])),
    supplier: new Map(suppliers.map((row) => [row.id, row.name])),
    submission: new Map(
      linked.map((row) => [
        row.id,
        `${formNumberLabel(row.number)} ${row.template.name}: ${row.formDescription}`,
      ]),
    ),
    personnel: new Map(personnel.map((row) => [row.id, personName(row)])),
  };
}

/** An action as the PDF lists it: its assignee by name, its status as of `today`. */
function actionOf(names: Names, today: string) {
  return (action: Submission['actions'][number]): PdfAction => {
    const due = isoDay(action.dueDate);
    const status = action.isComplete
      ? `Completed${action.completedOn ? ` ${displayDay(isoDay(action.completedOn))}` : ''}`
      : taskDueType(due, today) === 'overdue'
        ? 'Open (overdue)'
        : 'Open';
    const assignee = action.assigneeEmployeeId
      ? names.employee.get(action.assigneeEmployeeId)
      : action.assigneePersonnelId
        ? names.personnel.get(action.assigneePersonnelId)
        : '';
    return {
      taskNumber: action.taskNumber,
      instruction: action.instruction,
      assignee: assignee ?? '',
      actionType: action.actionType,
      due: displayDay(due),
      status,
      response: action.response ?? '',
    };
  };
}

/** What drawing a field needs besides the field: the form's answers, names, actions and files. */
interface FieldContext {
  submission: Submission;
  valueOf: Map<string, unknown>;
  names: Names;
  toAction: (action: Submission['actions'][number]) => PdfAction;
  fieldFiles: (fieldId: string) => Promise<PdfFile[]>;
}

/** One field of the form as the reader sees its answer. */
async function fieldOf(
  field: Field,
  { submission, valueOf, names, toAction, fieldFiles }: FieldContext,
): Promise<PdfField> {
  const value = valueOf.get(field.id);
  const label = field.label;
  const text = (content: string): PdfField => ({ kind: 'value', label, text: content });
  // The database holds only registry types (the save checks them); anything else prints nothing.
  if (!isFieldType(field.type)) return text('');
  switch (field.type) {
    case 'section':
      return { kind: 'heading', label };
    case 'text':
    case 'number':
    case 'date':
    case 'time':
    case 'textarea':
    case 'weblink':
    case 'radio':
    case 'select':
    case 'checkbox':
    case 'items':
    case 'typeGroupings':
      return text(answerText(field.type, field, value, NO_RECORD_NAMES));
    case 'employee':
    case 'asset':
    case 'risk':
    case 'supplier':
    case 'submission':
      return text(answerText(field.type, field, value, names[field.type]));
    case 'contentEditor':
      return {
        kind: 'richText',
        label,
        blocks: parseRichText(asString(value) || (field.contentEditor ?? '')),
      };
    case 'signature':
      return { kind: 'image', label, image: await dataUrlImage(value), maxHeight: 80 };
    case 'diagram':
      return { kind: 'image', label, image: await dataUrlImage(value), maxHeight: 230 };
    case 'table': {
      const columns = fieldConfig('table', field).optionVal;
      const rows = submission.tableRows
        .filter((row) => row.fieldId === field.id)
        .map((row) => {
          const cells = (row.cells ?? {}) as Record<string, unknown>;
          return columns.map((column) => {
            const cell = asString(cells[column._id]);
            return column.type === 'date' ? displayDay(cell) : cell;
          });
        });
      return { kind: 'table', label, columns: columns.map((column) => column.name), rows };
    }
    case 'task':
      return {
        kind: 'actions',
        label,
        actions: submission.actions.filter((action) => action.fieldId === field.id).map(toAction),
      };
    case 'file':
      return { kind: 'files', label, files: await fieldFiles(field.id) };
  }
}

/** Who recorded the form, as the header names them (a QR form's guest has no name). */
function recorderOf(submission: Submission, names: Names): string {
  if (submission.formType === 'qr') return messages.submission.guestUser;
  if (submission.formType === 'supplier' && submission.recordedByPersonnelId)
    return names.personnel.get(submission.recordedByPersonnelId) ?? '';
  if (submission.recordedByEmployeeId) return names.employee.get(submission.recordedByEmployeeId) ?? '';
  return '';
}

/**
 * Reads a submission with its template version and resolves every value to what the reader sees:
 * choices by label, pickers by name, images as PNG/JPEG. Scoped to the organisation.
 */
export async function loadPdfModel(
  db: Prisma.TransactionClient,
  storage: FileStorage,
  ref: { companyId: string; submissionId: string },
  options: { timeZone: string; now: Date },
): Promise<PdfModel | null> {
  const { companyId } = ref;
  const submission = await readSubmission(db, ref);
  if (!submission) return null;

  const valueOf = new Map(submission.values.map((value) => [value.fieldId, value.value as unknown]));
  const [company, workplace, branch, files, names] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true, logoKey: true } }),
    submission.workplaceId
      ? db.workplace.findFirst({ where: { id: submission.workplaceId, companyId }, select: { name: true } })
      : null,
    submission.branchId
      ? db.branch.findFirst({ where: { id: submission.branchId, companyId }, select: { name: true } })
      : null,
    db.attachment.findMany({
      where: { companyId, ownerType: 'submission', ownerId: submission.id },
      orderBy: { createdAt: 'asc' },
    }),
    namesOf(db, submission, valueOf),
  ]);

  const fieldById = new Map(submission.templateVersion.fields.map((field) => [field.id, field]));
  const filesByField = new Map<string | null, typeof files>();
  for (const file of files) {
    const key = file.fieldId && fieldById.get(file.fieldId)?.type === 'file' ? file.fieldId : null;
    filesByField.set(key, [...(filesByField.get(key) ?? []), file]);
  }
  const filesOf = (key: string | null) =>
    Promise.all((filesByField.get(key) ?? []).map((file) => fileOf(storage, file)));
  const taskFieldIds = new Set(
    submission.templateVersion.fields.filter((field) => field.type === 'task').map((field) => field.id),
  );
  const toAction = actionOf(names, localDateOf(options.now, options.timeZone));
  const context: FieldContext = { submission, valueOf, names, toAction, fieldFiles: filesOf };

  // Drafts leave investigation sections out (001 section 4).
  const sections = submission.templateVersion.sections.filter(
    (section) => !(submission.isDraft && section.secMandatoryType === 'investigation'),
  );
  const modelSections = await Promise.all(
    sections.map(async (section) => ({
      label: section.label,
      fields: await Promise.all(
        submission.templateVersion.fields
          .filter((field) => field.sectionId === section.id)
          .map((field) => fieldOf(field, context)),
      ),
    })),
  );

  const logo = company.logoKey
    ? await readAll(storage.read(company.logoKey))
        .then(toPdfImage)
        .catch(() => null)
    : null;
  const coordinator = submission.coordinators[0];
  return {
    organisation: { name: company.name, logo },
    templateName: submission.template.name,
    formNumber: formNumberLabel(submission.isDraft ? null : submission.number),
    description: submission.formDescription,
    date: displayDay(isoDay(submission.formDate)),
    workplace: workplace?.name ?? '',
    branch: branch?.name ?? '',
    coordinator: coordinator ? (names.employee.get(coordinator.employeeId) ?? '') : '',
    recordedBy: recorderOf(submission, names),
    status: submission.isDraft ? 'Draft' : submission.isClosed ? 'Closed' : 'Open',
    closedOn:
      submission.isClosed && submission.closedAt ? displayDate(submission.closedAt, options.timeZone) : null,
    generatedOn: displayDate(options.now, options.timeZone),
    sections: modelSections,
    otherActions: submission.actions
      .filter((action) => !action.fieldId || !taskFieldIds.has(action.fieldId))
      .map(toAction),
    attachments: await filesOf(null),
  };
}
