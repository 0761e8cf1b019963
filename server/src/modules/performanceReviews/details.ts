import { personName, type TAgreedAction } from '@compass/shared';
import type { Reader } from '../../db/reader';
import { sql, uuid } from '../../db/sql';
import { factsStatement, isoOf, type ReviewFacts } from './register';
import { storedActions } from './steps';

type Person = { firstName: string; lastName: string };

/** An objective as the statement reads it (JSON: the column names). */
export interface StoredObjective {
  id: string;
  position: number;
  title: string;
  description: string | null;
  weight: number;
  selfRating: number | null;
  selfComment: string | null;
  managerRating: number | null;
  managerComment: string | null;
}

/** One review with all the details call shows of it (a statement of the Reader). */
export interface ReviewDetailsRow extends ReviewFacts {
  companyId: string;
  version: number;
  createdById: string | null;
  selfAssessment: string | null;
  managerAssessment: string | null;
  agreedActions: unknown;
  employeeComment: string | null;
  reviewerComment: string | null;
  /** ISO timestamps (isoOf). */
  employeeSignedAt: string | null;
  reviewerSignedAt: string | null;
  cancelledAt: string | null;
  /** The employee's manager now (the policy's line manager). */
  managerId: string | null;
  objectives: StoredObjective[];
  /** The actions made of the agreed ones on completion. */
  madeActions: {
    id: string;
    taskNumber: number;
    isComplete: boolean;
    assigneeEmployeeId: string | null;
    dueDate: string;
  }[];
  /** The agreed and made actions' assignees by id (null: none). */
  assignees: Record<string, Person> | null;
}

/**
 * The review `id` of the organisation with its names, its employee's manager, its objectives, the
 * actions made of it and their assignees' names, in one statement (it took five, three of them
 * Prisma's): undefined when there is none.
 */
export async function reviewDetailsRow(
  reader: Reader,
  companyId: string,
  id: string,
): Promise<ReviewDetailsRow | undefined> {
  const [row] = await reader.rows<ReviewDetailsRow>(
    factsStatement(
      sql`SELECT r.* FROM "PerformanceReview" r WHERE r."companyId" = ${uuid(companyId)} AND r.id = ${uuid(id)}`,
      sql`r.id`,
      sql`, r."companyId", r.version, r."createdById", r."selfAssessment", r."managerAssessment",
        r."agreedActions", r."employeeComment", r."reviewerComment",
        ${isoOf(sql`r."employeeSignedAt"`)} AS "employeeSignedAt",
        ${isoOf(sql`r."reviewerSignedAt"`)} AS "reviewerSignedAt",
        ${isoOf(sql`r."cancelledAt"`)} AS "cancelledAt", e."managerEmployeeId" AS "managerId",
        (SELECT COALESCE(json_agg(json_build_object('id', o.id, 'position', o.position, 'title', o.title,
            'description', o.description, 'weight', o.weight, 'selfRating', o."selfRating",
            'selfComment', o."selfComment", 'managerRating', o."managerRating",
            'managerComment', o."managerComment") ORDER BY o.position), '[]')
          FROM "PerformanceReviewObjective" o
          WHERE o."reviewId" = r.id AND o."companyId" = r."companyId") AS objectives,
        (SELECT COALESCE(json_agg(json_build_object('id', a.id, 'taskNumber', a."taskNumber",
            'isComplete', a."isComplete", 'assigneeEmployeeId', a."assigneeEmployeeId",
            'dueDate', to_char(a."dueDate", 'YYYY-MM-DD'))), '[]')
          FROM "Action" a WHERE a."companyId" = r."companyId" AND a."performanceReviewId" = r.id) AS "madeActions",
        (SELECT json_object_agg(p.id, json_build_object('firstName', p."firstName", 'lastName', p."lastName"))
          FROM "Employee" p WHERE p."companyId" = r."companyId" AND p.id IN (
            SELECT (x->>'assigneeEmployeeId')::uuid FROM jsonb_array_elements(CASE
              WHEN jsonb_typeof(r."agreedActions") = 'array' THEN r."agreedActions" ELSE '[]' END) x
            UNION SELECT a."assigneeEmployeeId" FROM "Action" a
              WHERE a."companyId" = r."companyId" AND a."performanceReviewId" = r.id)) AS assignees`,
    ),
  );
  return row;
}

/** The agreed actions with their assignees' names and, once completed, the actions made of them. */
export function agreedActionsOf(row: ReviewDetailsRow): TAgreedAction[] {
  const made = new Map(
    (row.status === 'completed' ? row.madeActions : []).map((action) => [action.taskNumber, action]),
  );
  return storedActions(row).map((action, index) => {
    const madeOf = made.get(index + 1);
    // The action as it stands now: the action register may have reassigned it or moved its date.
    const assigneeEmployeeId = madeOf?.assigneeEmployeeId ?? action.assigneeEmployeeId;
    const assignee = row.assignees?.[assigneeEmployeeId];
    return {
      instruction: action.instruction,
      assigneeEmployeeId,
      assigneeName: assignee ? personName(assignee) : '',
      dueDate: madeOf?.dueDate ?? action.dueDate,
      actionId: madeOf?.id ?? null,
      isComplete: madeOf?.isComplete ?? false,
    };
  });
}
