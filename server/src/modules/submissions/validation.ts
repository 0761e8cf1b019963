import {
  FIELD_REGISTRY,
  choiceIsOffered,
  fieldsFor,
  headerProblem,
  type HeaderContext,
  mandatoryProblems,
  messages,
  taskProblem,
  type TFormSubmissionSaveRequest,
  type TValidationError,
} from '@compass/shared';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/prisma';
import { badRequest } from '../../errors';
import {
  RECORD_FIELDS,
  type RecordKind,
  SANITIZE_OPTIONS,
  type StoredSubmission,
  type TemplateVersionShape,
} from './shapes';

/** The shared rules (the browser runs the same ones): the first problem is the message. */
export function checkInput(
  input: TFormSubmissionSaveRequest,
  shape: TemplateVersionShape,
  isDraft: boolean,
  stored: StoredSubmission | null,
  fileFields: string[],
  headerContext: HeaderContext,
) {
  const fail = (problems: TValidationError[]) => {
    throw badRequest(problems[0]!.message, problems);
  };
  const header = headerProblem(input, headerContext);
  if (header) fail([{ field: 'header', message: header }]);

  const shown = fieldsFor(shape.fieldList, shape.sections, isDraft);
  const shownById = new Map(shown.map((field) => [field._id, field]));
  const known = new Set(shape.fieldList.map((field) => field._id));
  const values = new Map<string, unknown>();
  const storedValues = new Map(stored?.values.map((row) => [row.fieldId, row.value]) ?? []);
  const problems: TValidationError[] = [];
  for (const entry of input.formValue) {
    const field = shownById.get(entry.relatedFormId);
    if (!known.has(entry.relatedFormId)) {
      problems.push({ field: entry.relatedFormId, message: messages.submission.unknownField });
      continue;
    }
    // Values of sections a draft leaves out (investigation) are not kept.
    if (!field || FIELD_REGISTRY[field.type].storage !== 'value') continue;
    const parsed = FIELD_REGISTRY[field.type].valueSchema.safeParse(entry.value);
    if (!parsed.success) {
      problems.push({
        field: entry.relatedFormId,
        message: `${field.level}: ${parsed.error.issues[0]!.message}`,
      });
      continue;
    }
    // A request that bypasses the browser may name options the template never offered.
    if (!choiceIsOffered(field, parsed.data, storedValues.get(field._id))) {
      problems.push({
        field: entry.relatedFormId,
        message: `${field.level}: ${messages.submission.optionNotOffered}`,
      });
      continue;
    }
    values.set(
      field._id,
      field.type === 'contentEditor' ? sanitizeHtml(parsed.data as string, SANITIZE_OPTIONS) : parsed.data,
    );
  }
  for (const entry of [...input.taskData, ...input.tableData]) {
    const field = shownById.get(entry.relatedFormId);
    const expected = 'cells' in entry ? 'table' : 'task';
    if (field?.type !== expected)
      problems.push({ field: entry.relatedFormId, message: messages.submission.unknownField });
  }
  if (problems.length > 0) fail(problems);

  const count = (ids: string[]) => {
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  // Completed tasks stay even when the list leaves them out.
  const keptTasks = [
    ...input.taskData.map((task) => task.relatedFormId),
    ...(stored?.actions ?? [])
      .filter((action) => action.isComplete && !input.taskData.some((task) => task._id === action.id))
      .flatMap((action) => (action.fieldId ? [action.fieldId] : [])),
  ];
  const mandatory = mandatoryProblems(
    shape.fieldList,
    shape.sections,
    {
      values,
      tableRows: count(input.tableData.map((row) => row.relatedFormId)),
      tasks: count(keptTasks),
      attachments: count(fileFields),
    },
    isDraft,
  );
  if (mandatory.length > 0)
    fail(mandatory.map((problem) => ({ field: problem.fieldId, message: problem.message })));

  const taskProblems = input.taskData.flatMap((task, index) => {
    const problem = taskProblem(task);
    return problem ? [{ field: `taskData.${index}`, message: problem }] : [];
  });
  if (taskProblems.length > 0) fail(taskProblems);
  return { values, tableRows: input.tableData, tasks: input.taskData };
}

/**
 * Whether the header's workplace has active branches (the header rule asks for a branch only then).
 * A branch given is one of its workplace's (checkSelections), so nothing is read for it.
 */
export async function hasBranches(db: Db, companyId: string, input: TFormSubmissionSaveRequest) {
  if (!input.workplace || input.branch) return true;
  const branch = await db.branch.findFirst({
    where: { companyId, workplaceId: input.workplace, isActive: true },
    select: { id: true },
  });
  return branch !== null;
}

/**
 * New selections must be active records of the organisation; a record already stored in the
 * same place may stay even when it has since been made inactive.
 */
export async function checkSelections(
  db: Db,
  companyId: string,
  input: TFormSubmissionSaveRequest,
  values: Map<string, unknown>,
  shape: TemplateVersionShape,
  stored: StoredSubmission | null,
) {
  const wanted: Record<RecordKind, Set<string>> = {
    employee: new Set(),
    asset: new Set(),
    risk: new Set(),
    supplier: new Set(),
    submission: new Set(),
    personnel: new Set(),
  };
  const had: Record<RecordKind, Set<string>> = {
    employee: new Set(stored?.coordinators.map((row) => row.employeeId)),
    asset: new Set(),
    risk: new Set(),
    supplier: new Set(),
    submission: new Set(),
    personnel: new Set(),
  };
  const typeOf = new Map(shape.fieldList.map((field) => [field._id, field.type]));
  const collect = (target: Record<RecordKind, Set<string>>, fieldId: string, value: unknown) => {
    const type = typeOf.get(fieldId);
    if (!type || !(RECORD_FIELDS as readonly string[]).includes(type) || !Array.isArray(value)) return;
    for (const id of value) target[type as RecordKind].add(String(id));
  };
  for (const [fieldId, value] of values) collect(wanted, fieldId, value);
  for (const row of stored?.values ?? []) collect(had, row.fieldId, row.value);
  for (const row of input.submissionUserId) wanted.employee.add(row.userId);
  for (const task of input.taskData)
    wanted[task.actionType === 'internal' ? 'employee' : 'personnel'].add(task.investigator);
  for (const action of stored?.actions ?? []) {
    if (action.assigneeEmployeeId) had.employee.add(action.assigneeEmployeeId);
    if (action.assigneePersonnelId) had.personnel.add(action.assigneePersonnelId);
  }
  const fresh = (kind: RecordKind) => [...wanted[kind]].filter((id) => !had[kind].has(id));
  const active = { companyId, isActive: true };
  const count: Record<RecordKind, (ids: string[]) => Promise<number>> = {
    employee: (ids) => db.employee.count({ where: { ...active, id: { in: ids } } }),
    asset: (ids) => db.asset.count({ where: { ...active, id: { in: ids } } }),
    risk: (ids) => db.risk.count({ where: { ...active, id: { in: ids } } }),
    supplier: (ids) => db.supplierCompany.count({ where: { ...active, id: { in: ids } } }),
    submission: (ids) => db.formSubmission.count({ where: { companyId, id: { in: ids } } }),
    personnel: (ids) => db.personnel.count({ where: { ...active, id: { in: ids } } }),
  };
  // Only what the save adds is checked: a kind with nothing new sends no statement.
  const missing = await Promise.all(
    (Object.keys(count) as RecordKind[]).map(async (kind) => {
      const ids = fresh(kind);
      return ids.length > 0 && (await count[kind](ids)) !== ids.length;
    }),
  );
  if (missing.some(Boolean)) throw badRequest(messages.submission.inactiveSelection);

  // The workplace and branch: the organisation's, active unless already stored, and matching.
  if (input.workplace && input.workplace !== stored?.workplaceId) {
    const workplace = await db.workplace.count({ where: { ...active, id: input.workplace } });
    if (workplace === 0) throw badRequest(messages.submission.inactiveSelection);
  }
  // A place already stored passed these checks when it was saved (branches never change workplace).
  const samePlace =
    stored !== null && input.workplace === stored.workplaceId && input.branch === stored.branchId;
  if (input.branch && !samePlace) {
    const branch = await db.branch.findFirst({ where: { companyId, id: input.branch } });
    if (!branch || (!branch.isActive && branch.id !== stored?.branchId))
      throw badRequest(messages.submission.inactiveSelection);
    if (input.workplace && branch.workplaceId !== input.workplace)
      throw badRequest(messages.submission.branchOfWorkplace);
  }
}
