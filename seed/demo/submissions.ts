import type { ActionType } from '../../server/src/generated/prisma/client';
import { Json } from './ids';
import { Org } from './rows';
import { slug, place } from './people';
import type { FieldType } from '../../shared/src/fields';
import { BuiltTemplate } from './templates';

// ---------- Submissions and actions ----------

export type Assignee = { employee: string } | { personnel: string };

export interface ActionDef {
  assignee: Assignee;
  instruction: string;
  due: number;
  /** Completed `daysAgo` days ago with this response. */
  done?: { daysAgo: number; response: string };
  /** A response saved as draft on an open action. */
  draftResponse?: string;
}

export interface SubmissionDef {
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

export const SINGLE_VALUE_TYPES: ReadonlySet<FieldType> = new Set([
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
export const ID_LIST_TYPES: ReadonlySet<FieldType> = new Set([
  'employee',
  'asset',
  'risk',
  'supplier',
  'submission',
]);

/** Checks a value against its field (catches seed typos early) and maps item names to ids. */
export function storedValue(template: BuiltTemplate, key: string, value: Json): Json {
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

export function addSubmission(o: Org, def: SubmissionDef): string {
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
