import {
  FIELD_REGISTRY,
  fieldsFor,
  headerProblem,
  localDateOf,
  mandatoryProblems,
  sectionsFor,
  messages,
  taskDueType,
  type HeaderContext,
  type SubmissionFill,
  type TFormSubmission,
  type TFormSubmissionSaveRequest,
  type TFormTemplateDetail,
  type TSubmissionAttachment,
  type TTask,
  type TTemplateField,
  type TTemplateSection,
} from '@compass/shared';
import { emptyValue, type TableRow } from '../../fields';

/** The initial-details card as the editor holds it ('' while not chosen). */
export interface HeaderState {
  formDescription: string;
  formDate: string;
  workplace: string;
  branch: string;
  /** Employee ids; the first is the coordinator. */
  submissionUserId: { userId: string }[];
}

export type HeaderField = 'coordinator' | 'formDescription' | 'formDate' | 'workplace' | 'branch';

/** Which header input a header message belongs to (the messages of 001 section 5, in order). */
export const HEADER_MESSAGE_FIELD: Record<string, HeaderField> = {
  [messages.submission.coordinatorRequired]: 'coordinator',
  [messages.submission.descriptionRequired]: 'formDescription',
  [messages.submission.dateRequired]: 'formDate',
  [messages.submission.workplaceRequired]: 'workplace',
  [messages.submission.branchRequired]: 'branch',
};

/** The shape of the form being filled: the template version it follows. */
export interface FormShape {
  formTemplateId: string;
  formTemplateName: string;
  formType: TFormSubmission['formType'];
  formBranchType: TFormSubmission['formBranchType'];
  sections: TTemplateSection[];
  fieldList: TTemplateField[];
}

export interface EditorState {
  header: HeaderState;
  /** FieldInput per field id (a table's rows included). */
  values: Record<string, unknown>;
  /** The actions: stored ones and those added here (ids in `newTaskIds`). */
  tasks: TTask[];
  newTaskIds: string[];
  /** Files chosen, not uploaded yet, by file field id. */
  pending: Record<string, File[]>;
}

export function shapeOfTemplate(template: TFormTemplateDetail): FormShape {
  return {
    formTemplateId: template._id,
    formTemplateName: template.name,
    formType: template.formType,
    formBranchType: template.formBranchType,
    sections: template.sections,
    fieldList: template.fieldList,
  };
}

export function shapeOfSubmission(submission: TFormSubmission): FormShape {
  return {
    formTemplateId: submission.formTemplateId,
    formTemplateName: submission.formTemplateName,
    formType: submission.formType,
    formBranchType: submission.formBranchType,
    sections: submission.sections,
    fieldList: submission.fieldList,
  };
}

/** Sections in order, each with its fields in order (deleted ones and, for drafts, investigation left out). */
export function visibleSections(shape: FormShape, isDraft: boolean) {
  const fields = fieldsFor(shape.fieldList, shape.sections, isDraft);
  return sectionsFor(shape.sections, isDraft)
    .sort((a, b) => a.orderNo - b.orderNo)
    .map((section) => ({
      section,
      fields: fields.filter((field) => field.section === section._id).sort((a, b) => a.orderNo - b.orderNo),
    }));
}

/** A new submission: the template's starting rich text, the header defaults. */
export function newEditorState(shape: FormShape, header: HeaderState): EditorState {
  const values: Record<string, unknown> = {};
  for (const field of shape.fieldList) {
    // The template's text is the starting content; it is saved unless the user changes it.
    if (field.type === 'contentEditor' && field.contentEditor) values[field._id] = field.contentEditor;
  }
  return { header, values, tasks: [], newTaskIds: [], pending: {} };
}

/** A stored submission as the editor holds it. */
export function storedEditorState(submission: TFormSubmission): EditorState {
  const values: Record<string, unknown> = {};
  for (const entry of submission.formValue) values[entry.relatedFormId] = entry.value;
  const rows = [...submission.tableData].sort((a, b) => a.rowIndex - b.rowIndex);
  for (const row of rows) {
    const list = (values[row.relatedFormId] as TableRow[] | undefined) ?? [];
    values[row.relatedFormId] = [...list, { ...row.cells }];
  }
  return {
    header: {
      formDescription: submission.formDescription,
      formDate: submission.formDate,
      workplace: submission.workplace ?? '',
      branch: submission.branch ?? '',
      submissionUserId: submission.submissionUserId.map((user) => ({ userId: user.userId })),
    },
    values,
    tasks: submission.taskData,
    newTaskIds: [],
    pending: {},
  };
}

/** What was entered, as the shared mandatory rule counts it (pending files count as attachments). */
export function fillOf(state: EditorState, attachments: readonly TSubmissionAttachment[]): SubmissionFill {
  const values = new Map<string, unknown>(Object.entries(state.values));
  const tableRows = new Map<string, number>();
  for (const [fieldId, value] of Object.entries(state.values)) {
    if (Array.isArray(value) && value.some((row) => typeof row === 'object' && row !== null)) {
      tableRows.set(fieldId, value.length);
    }
  }
  const count = (ids: (string | null)[]) => {
    const counts = new Map<string, number>();
    for (const id of ids) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const files = count(attachments.map((file) => file.relatedFormId));
  for (const [fieldId, list] of Object.entries(state.pending)) {
    files.set(fieldId, (files.get(fieldId) ?? 0) + list.length);
  }
  return {
    values,
    tableRows,
    tasks: count(state.tasks.map((task) => task.relatedFormId)),
    attachments: files,
  };
}

export interface ValidationResult {
  header: string | null;
  fields: Record<string, string>;
  /** The first message, shown as the toast. */
  first: string | null;
}

/** The shared rules of 001 section 5, as the server runs them: header first, then mandatory fields. */
export function validate(
  shape: FormShape,
  state: EditorState,
  attachments: readonly TSubmissionAttachment[],
  isDraft: boolean,
  headerContext: HeaderContext,
): ValidationResult {
  const header = headerProblem(state.header, headerContext);
  if (header) return { header, fields: {}, first: header };
  const problems = mandatoryProblems(shape.fieldList, shape.sections, fillOf(state, attachments), isDraft);
  const fields = Object.fromEntries(problems.map((problem) => [problem.fieldId, problem.message]));
  return { header: null, fields, first: problems[0]?.message ?? null };
}

/** The save body (001 section 7 "Edit submission"): values, table rows and open actions of the shown sections. */
export function saveRequest(
  shape: FormShape,
  state: EditorState,
  isDraft: boolean,
  stored: { _id: string; version: number } | null,
  localTimeZone: string,
): TFormSubmissionSaveRequest {
  const fields = fieldsFor(shape.fieldList, shape.sections, isDraft);
  const shown = new Set(fields.map((field) => field._id));
  const formValue = fields
    .filter((field) => FIELD_REGISTRY[field.type].storage === 'value')
    .map((field) => ({ relatedFormId: field._id, value: state.values[field._id] ?? emptyValue(field.type) }));
  const tableData = fields
    .filter((field) => field.type === 'table')
    .flatMap((field) =>
      ((state.values[field._id] as TableRow[] | undefined) ?? []).map((cells) => ({
        relatedFormId: field._id,
        cells,
      })),
    );
  const isNew = new Set(state.newTaskIds);
  // Completed actions can't change: leaving them out keeps them.
  const taskData = state.tasks
    .filter((task) => !task.complete && task.relatedFormId && shown.has(task.relatedFormId))
    .map((task) => ({
      ...(isNew.has(task._id) ? {} : { _id: task._id }),
      relatedFormId: task.relatedFormId!,
      instruction: task.instruction,
      actionType: task.actionType,
      investigator: task.investigator ?? '',
      due: task.due,
    }));
  return {
    ...(stored ? { _id: stored._id, version: stored.version } : {}),
    formTemplateId: shape.formTemplateId,
    formDescription: state.header.formDescription,
    formDate: state.header.formDate,
    workplace: state.header.workplace,
    branch: state.header.branch,
    submissionUserId: state.header.submissionUserId,
    formValue,
    taskData,
    tableData,
    isDraft: isDraft ? 'yes' : 'no',
    localTimeZone,
  };
}

/** What the Assign Action dialog edits. */
export interface TaskDraft {
  instruction: string;
  actionType: 'internal' | 'external';
  investigator: string;
  due: string;
}

/** A task added or changed on this screen, with its due marker for today in the user's zone. */
export function applyTaskDraft(
  base: TTask | null,
  draft: TaskDraft,
  relatedFormId: string,
  taskNumber: number,
  timeZone: string,
  now = new Date(),
): TTask {
  const today = localDateOf(now, timeZone);
  return {
    _id: base?._id ?? crypto.randomUUID(),
    id: base?.id ?? taskNumber,
    relatedFormId: base?.relatedFormId ?? relatedFormId,
    instruction: draft.instruction,
    actionType: draft.actionType,
    investigator: draft.investigator,
    // The list names the assignee from the reference lists; a reassigned task has a new name.
    investigatorName: base && base.investigator === draft.investigator ? base.investigatorName : '',
    due: draft.due,
    assignedOn: base?.assignedOn ?? today,
    completedOn: base?.completedOn ?? null,
    complete: base?.complete ?? false,
    response: base?.response ?? null,
    taskDueDateType: taskDueType(draft.due, today),
    attachment: base?.attachment ?? [],
    version: base?.version ?? 0,
  };
}

/** Who is looking at the form, and what it is. */
export interface EditorMode {
  isNew: boolean;
  isDraft: boolean;
  isClosed: boolean;
  /** The server's answer for a stored form; true for a new one. */
  canEdit: boolean;
  /** The viewer is the coordinator (submissionUserId position 0). */
  isCoordinator: boolean;
}

export type EditorButton = 'save' | 'saveDraft' | 'submit' | 'signOff' | 'saveAndClose' | 'reopen';

/**
 * The buttons of 2.2 beside Cancel, each enabled or disabled (001 section 4): a new form or a
 * draft is saved as a draft or submitted; a submitted open form is saved, or signed off / saved
 * and closed (close-off); a closed form can only be re-opened, by its coordinator.
 */
export function editorButtons(mode: EditorMode): { button: EditorButton; enabled: boolean }[] {
  if (mode.isClosed) return [{ button: 'reopen', enabled: mode.isCoordinator }];
  if (mode.isNew || mode.isDraft) {
    return [
      { button: 'saveDraft', enabled: mode.canEdit },
      { button: 'submit', enabled: mode.canEdit },
    ];
  }
  // Only the coordinator closes (001 section 6): a supplier who may edit their own form may not close it.
  const canClose = mode.canEdit && mode.isCoordinator;
  return [
    { button: 'save', enabled: mode.canEdit },
    { button: 'signOff', enabled: canClose },
    { button: 'saveAndClose', enabled: canClose },
  ];
}

export const BUTTON_LABELS: Record<EditorButton, string> = {
  save: 'Save',
  saveDraft: 'Save Draft',
  submit: 'Submit',
  signOff: 'Sign Off',
  saveAndClose: 'Save and Close',
  reopen: 'Re-Open',
};
