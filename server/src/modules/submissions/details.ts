import { formattedNumber, localDateOf, personName, taskDueType, type TFormSubmission } from '@compass/shared';
import { sql } from '../../db/sql';
import {
  day,
  recorderName,
  WIRE_FORM_TYPE,
  wireAttachment,
  yes,
  type StoredSubmission,
  type TemplateVersionShape,
} from './shapes';

/**
 * What a submission's details name, as more columns of the statement that reads it (`f`): its
 * people, places and files. One round trip, where a second statement for the names took half of
 * the details' time in PostgreSQL (docs/performance.md).
 */
export const NAMED_BY_SUBMISSION = sql`,
  (SELECT coalesce(json_object_agg(e.id, json_build_object('firstName', e."firstName", 'lastName', e."lastName")), '{}')
    FROM "Employee" e WHERE e."companyId" = f."companyId" AND e.id IN (
      SELECT c."employeeId" FROM "SubmissionCoordinator" c WHERE c."companyId" = f."companyId" AND c."submissionId" = f.id
      UNION SELECT a."assigneeEmployeeId" FROM "Action" a WHERE a."companyId" = f."companyId" AND a."submissionId" = f.id
      UNION SELECT f."recordedByEmployeeId")) AS employees,
  (SELECT coalesce(json_object_agg(p.id, json_build_object('firstName', p."firstName", 'lastName', p."lastName")), '{}')
    FROM "Personnel" p WHERE p."companyId" = f."companyId" AND p.id IN (
      SELECT a."assigneePersonnelId" FROM "Action" a WHERE a."companyId" = f."companyId" AND a."submissionId" = f.id
      UNION SELECT f."recordedByPersonnelId")) AS personnel,
  (SELECT w.name FROM "Workplace" w WHERE w."companyId" = f."companyId" AND w.id = f."workplaceId") AS "workplaceName",
  (SELECT b.name FROM "Branch" b WHERE b."companyId" = f."companyId" AND b.id = f."branchId") AS "branchName",
  (SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'fileType', a."fileType",
      'size', a.size, 'fieldId', a."fieldId", 'ownerType', a."ownerType", 'ownerId', a."ownerId")
      ORDER BY a."createdAt", a.id), '[]')
    FROM "Attachment" a WHERE a."companyId" = f."companyId" AND (
      (a."ownerType" = 'submission' AND a."ownerId" = f.id)
      OR (a."ownerType" = 'action' AND a."ownerId" IN (
        SELECT x.id FROM "Action" x WHERE x."companyId" = f."companyId" AND x."submissionId" = f.id)))) AS files`;

/** What a submission's details name, read with it (NAMED_BY_SUBMISSION). */
export interface NamedBySubmission {
  employees: Record<string, { firstName: string; lastName: string }>;
  personnel: Record<string, { firstName: string; lastName: string }>;
  workplaceName: string | null;
  branchName: string | null;
  files: {
    id: string;
    name: string;
    fileType: string | null;
    size: number;
    fieldId: string | null;
    ownerType: string;
    ownerId: string;
  }[];
}

/**
 * A submission's details as the editor reads them: its header, answers, table rows and actions with
 * their people's names and files, the template's shape, and whether the caller may edit it (`block`).
 */
export function wireDetails(
  submission: StoredSubmission & NamedBySubmission,
  shape: TemplateVersionShape,
  block: string | null,
  timeZone: string,
): TFormSubmission {
  const names = (people: NamedBySubmission['employees']) =>
    new Map(Object.entries(people).map(([id, person]) => [id, personName(person)]));
  const employeeName = names(submission.employees);
  const personnelName = names(submission.personnel);
  const files = submission.files;
  const today = localDateOf(new Date(), timeZone);
  return {
    _id: submission.id,
    formTemplateId: submission.templateId,
    formTemplateName: submission.template.name,
    formatedNumber: formattedNumber(submission.isDraft ? null : submission.number),
    number: submission.number,
    formDescription: submission.formDescription,
    formDate: day(submission.formDate),
    workplace: submission.workplaceId,
    workplaceName: submission.workplaceName ?? '',
    branch: submission.branchId,
    branchName: submission.branchName ?? '',
    formType: WIRE_FORM_TYPE[submission.formType],
    isDraft: yes(submission.isDraft),
    isClose: yes(submission.isClosed),
    status: submission.isClosed ? 'Closed' : submission.isDraft ? 'Draft' : 'Open',
    submissionUserId: submission.coordinators.map((row) => ({
      userId: row.employeeId,
      name: employeeName.get(row.employeeId) ?? '',
    })),
    recordedBy: [
      {
        employeeId: submission.recordedByEmployeeId,
        personnelId: submission.recordedByPersonnelId,
        name: recorderName(submission, employeeName, personnelName),
      },
    ],
    formValue: submission.values.map((row) => ({ relatedFormId: row.fieldId, value: row.value })),
    attachment: files.filter((row) => row.ownerType === 'submission').map(wireAttachment),
    taskData: submission.actions.map((action) => ({
      _id: action.id,
      id: action.taskNumber,
      relatedFormId: action.fieldId,
      instruction: action.instruction,
      actionType: action.actionType,
      investigator: action.assigneeEmployeeId ?? action.assigneePersonnelId,
      investigatorName: action.assigneeEmployeeId
        ? (employeeName.get(action.assigneeEmployeeId) ?? '')
        : (personnelName.get(action.assigneePersonnelId ?? '') ?? ''),
      due: day(action.dueDate),
      assignedOn: localDateOf(action.assignedOn, timeZone),
      completedOn: action.completedOn ? day(action.completedOn) : null,
      complete: action.isComplete,
      response: action.response,
      taskDueDateType: action.isComplete ? 'nodue' : taskDueType(day(action.dueDate), today),
      attachment: files
        .filter((row) => row.ownerType === 'action' && row.ownerId === action.id)
        .map(wireAttachment),
      version: action.version,
    })),
    tableData: submission.tableRows.map((row) => ({
      relatedFormId: row.fieldId,
      rowIndex: row.rowIndex,
      cells: row.cells as Record<string, string>,
    })),
    version: submission.version,
    templateVersionId: submission.templateVersionId,
    ...shape,
    formBranchType: submission.template.formBranchType,
    canEdit: yes(block === null),
    editBlockedMessage: block ?? '',
    createdAt: submission.createdAt.toISOString(),
    updatedAt: submission.updatedAt.toISOString(),
  };
}
