/** Assigned actions, for employees and for suppliers and their personnel alike. */
import { DASHBOARD_LIST_LIMIT, taskDueType, type TAssignedActionItem } from '@compass/shared';
import {
  countOf,
  formattedNumber,
  fullName,
  toSection,
  topItems,
  sql,
  yesNo,
  type Counted,
  type Query,
  type Section,
  type Source,
} from './sql';

/** One assigned action as the query reads it, whichever register it comes from. */
interface AssignedActionRow {
  id: string | null;
  kind: 'form' | 'audit' | 'obligation' | 'acknowledgement' | 'approval' | 'revision' | 'documentAction';
  dueDate: string;
  instruction: string | null;
  question: string | null;
  response: string | null;
  auditId: string | null;
  auditName: string | null;
  obligationId: string | null;
  obligationName: string | null;
  documentId: string | null;
  documentName: string | null;
  submissionId: string | null;
  number: number | null;
  templateName: string | null;
  taskNumber: number | null;
  /**
   * An action without a submission: its risk's or hazardous substance's name, or for a performance
   * review's agreed action the review's employee.
   */
  registerName: string | null;
  /** Whose action it is, when the caller lists others' (a supplier company account's people). */
  assigneeName: string | null;
}

export async function assignedActionSection(
  query: Query,
  scope: { today: string },
  sources: Source[],
  /** The caller lists its people's actions (assignedActions/assignees.ts): each names whose it is. */
  { namesAssignee = false }: { namesAssignee?: boolean } = {},
): Promise<Section<TAssignedActionItem>> {
  // Only people of a supplier are assigned work others list (the company account works for them).
  const assigneeName = namesAssignee
    ? sql`(SELECT ${fullName('p')} FROM "Personnel" p
        WHERE p.id = COALESCE(a."assigneePersonnelId", aq."assigneePersonnelId", oq."assigneePersonnelId")
          AND p."companyId" = COALESCE(a."companyId", aq."companyId", oq."companyId"))`
    : sql`NULL::text`;
  const rows = await query<Array<Counted & AssignedActionRow>>(sql`
    WITH top AS (${topItems(sources, DASHBOARD_LIST_LIMIT)})
    SELECT i.id, i.kind, to_char(i.due, 'YYYY-MM-DD') AS "dueDate",
      COALESCE(a.instruction, aq.instruction, oq.instruction, dac.instruction) AS instruction,
      COALESCE(aq.question, oq.reference) AS question,
      COALESCE(a.response, aq.response, oq.response) AS response,
      au.id AS "auditId", au.name AS "auditName", ob.id AS "obligationId", ob.name AS "obligationName",
      d.id AS "documentId", d.name AS "documentName",
      s.id AS "submissionId", s.number, ft.name AS "templateName", a."taskNumber",
      COALESCE(rk.name, hz.name,
        CASE WHEN pr.id IS NOT NULL THEN concat('Performance review — ', ${fullName('pe')}) END) AS "registerName",
      ${assigneeName} AS "assigneeName",
      ${countOf(sources)} AS total
    FROM top i
    LEFT JOIN "Action" a ON i.kind = 'form' AND a.id = i.id
    LEFT JOIN "FormSubmission" s ON s.id = a."submissionId" AND s."companyId" = a."companyId"
    LEFT JOIN "FormTemplate" ft ON ft.id = s."templateId" AND ft."companyId" = s."companyId"
    LEFT JOIN "Risk" rk ON rk.id = a."riskId" AND rk."companyId" = a."companyId"
    LEFT JOIN "HazardousSubstance" hz ON hz.id = a."hazardousSubstanceId" AND hz."companyId" = a."companyId"
    LEFT JOIN "PerformanceReview" pr ON pr.id = a."performanceReviewId" AND pr."companyId" = a."companyId"
    LEFT JOIN "Employee" pe ON pe.id = pr."employeeId" AND pe."companyId" = pr."companyId"
    LEFT JOIN "AuditQuestionTask" aq ON i.kind = 'audit' AND aq.id = i.id
    LEFT JOIN "Audit" au ON au.id = aq."auditId" AND au."companyId" = aq."companyId"
    LEFT JOIN "ObligationQuestionTask" oq ON i.kind = 'obligation' AND oq.id = i.id
    LEFT JOIN "Obligation" ob ON ob.id = oq."obligationId" AND ob."companyId" = oq."companyId"
    LEFT JOIN "DocumentAcknowledgement" da ON i.kind = 'acknowledgement' AND da.id = i.id
    LEFT JOIN "DocumentApproval" dp ON i.kind = 'approval' AND dp.id = i.id
    LEFT JOIN "DocumentVersion" dv ON i.kind = 'revision' AND dv.id = i.id
    LEFT JOIN "DocumentAction" dac ON i.kind = 'documentAction' AND dac.id = i.id
    LEFT JOIN "Document" d ON d.id = COALESCE(da."documentId", dp."documentId", dv."documentId", dac."documentId")
      AND d."companyId" = COALESCE(da."companyId", dp."companyId", dv."companyId", dac."companyId")
    ORDER BY i.due, i.kind, i.id`);
  return toSection(rows, (row) => toAssignedAction(row, scope.today));
}

/** The actions of a document's steps, as the dashboard names them. */
type DocumentActionType = Exclude<TAssignedActionItem['actionType'], null>;

function toAssignedAction(row: AssignedActionRow, today: string): TAssignedActionItem {
  const common = {
    _id: row.id!,
    taskID: row.id!,
    dueDate: row.dueDate,
    auditId: row.auditId,
    obligationId: row.obligationId,
    documentId: row.documentId,
    formSumissionId: row.submissionId,
    taskNumber: row.taskNumber,
    question: row.question,
    taskDueDateType: taskDueType(row.dueDate, today),
    assigneeName: row.assigneeName,
  };
  // Form tasks and audit / obligation questions differ only in what names them, and the document
  // steps in what they ask. `common` goes last in every item: Node 20's V8 defines each property
  // after a leading spread on its own (0.6 µs).
  const task = (sectionType: 'form' | 'audit' | 'obligation', itemName: string): TAssignedActionItem => ({
    sectionType,
    itemName,
    instructionShow: row.instruction ?? '',
    actionType: null,
    isDraft: yesNo(!!row.response),
    badge: 'Pending Completion',
    ...common,
  });
  const documentStep = (
    actionType: DocumentActionType,
    instructionShow: string,
    badge: TAssignedActionItem['badge'] = 'Pending Completion',
  ): TAssignedActionItem => ({
    sectionType: 'document',
    itemName: row.documentName ?? '',
    instructionShow,
    actionType,
    isDraft: 'no',
    badge,
    ...common,
  });
  switch (row.kind) {
    case 'form':
      return task(
        'form',
        row.registerName ?? [formattedNumber(row.number), row.templateName].filter(Boolean).join(' '),
      );
    case 'audit':
      return task('audit', row.auditName ?? '');
    case 'obligation':
      return task('obligation', row.obligationName ?? '');
    case 'acknowledgement':
      return documentStep('document-assign', 'Read and acknowledge this document.');
    case 'approval':
      return documentStep(
        'document-requestApprove',
        'Review this document and approve or reject it.',
        'Approval Pending',
      );
    case 'revision':
      return documentStep(
        'document-rejected',
        'An approver rejected this version: revise it or withdraw it.',
      );
    case 'documentAction':
      return documentStep('document-action', row.instruction ?? '');
  }
}
