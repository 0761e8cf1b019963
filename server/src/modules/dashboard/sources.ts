/**
 * The work items of each dashboard section as sources (sql.ts): one definition that the lists, the
 * totals, the pies and the bar chart all count from.
 */
import type { WorkItemKind } from '@compass/shared';
import { actionAssigneeOf, assignedToSql, type ActionAssignee } from '../assignedActions';
import { providedRequirementsSql } from '../externalParties';
import { openAssignmentsOfCallerSql } from '../submissions';
import { responsibleSql } from '../tasks';
import { OPENS_ALL, type Opens } from './openers';
import { emptySql, sql, uuid, type Source, type Sql } from './sql';

export interface Scope {
  companyId: string;
  employeeId: string;
  today: string;
  timeZone: string;
  /** The kinds of item the caller may open (openers.ts): no others are listed or counted. */
  opens: Opens;
}

// ---------- Sources per section ----------

/**
 * Open scheduled tasks for the employee (or owned by them when assigned to nobody: the tasks'
 * policy, one source per case of it). The audits the employee is the auditor of and has not
 * closed are the section's audits (modules/audits).
 */
export function scheduledTaskSources(
  companyId: string,
  employeeId: string | null,
  opens: Opens = OPENS_ALL,
): Source[] {
  return [
    ...(opens('scheduledTask.reminder') ? reminderSources(companyId, employeeId) : []),
    ...(opens('scheduledTask.audit') ? [auditSource(companyId, employeeId)] : []),
  ];
}

/** Open audits by due day: the auditor's (the index on companyId, auditor, status, due day). */
function auditSource(companyId: string, employeeId: string | null): Source {
  const auditor = employeeId ? sql` AND t."ownerEmployeeId" = ${uuid(employeeId)}` : emptySql;
  return {
    kind: 'audit',
    from: sql`"Audit" t`,
    where: sql`t."companyId" = ${uuid(companyId)} AND t.status IN ('scheduled', 'inProgress')${auditor}`,
    due: sql`t."auditDate"`,
  };
}

function reminderSources(companyId: string, employeeId: string | null): Source[] {
  const open = sql`t."companyId" = ${uuid(companyId)} AND t."completedAt" IS NULL`;
  const source = (where: Sql): Source => ({
    kind: 'scheduled',
    from: sql`"ScheduledTask" t`,
    where,
    due: sql`t."dueDate"`,
  });
  if (!employeeId) return [source(open)];
  return responsibleSql(employeeId).map((whose) => source(sql`${open} AND ${whose}`));
}

/**
 * Statements with the coordinator join are planned for their values on each run: one employee
 * coordinates a handful of submissions, another thousands (the busy one of the scale seed 5,996),
 * and the generic plan, sized for the average, probes the submissions once per coordinator row
 * (15 ms for the busy one) where a merge join of the two indexes takes 3 ms.
 */
export const COORDINATOR_PLAN = 'custom';

/** Open (draft or submitted, not closed) submissions the employee coordinates. */
export function formCoordinationSources(companyId: string, employeeId: string | null): Source[] {
  if (!employeeId) {
    return [
      {
        kind: 'form',
        from: sql`"FormSubmission" t`,
        where: sql`t."companyId" = ${uuid(companyId)} AND t."isClosed" = false`,
        due: sql`t."formDate"`,
      },
    ];
  }
  return [
    {
      kind: 'form',
      from: sql`"FormSubmission" t`,
      where: sql`t."companyId" = ${uuid(companyId)} AND t."isClosed" = false AND EXISTS (
        SELECT 1 FROM "SubmissionCoordinator" c
        WHERE c."companyId" = t."companyId" AND c."submissionId" = t.id
          AND c."employeeId" = ${uuid(employeeId)} AND c.position = 0)`,
      due: sql`t."formDate"`,
    },
  ];
}

/** The item kind each assigned-action source lists (openers.ts decides who may open it). */
const ACTION_KIND: Record<string, WorkItemKind> = {
  form: 'assignedAction.form',
  audit: 'assignedAction.audit',
  obligation: 'assignedAction.obligation',
  acknowledgement: 'assignedAction.document-assign',
  approval: 'assignedAction.document-requestApprove',
  revision: 'assignedAction.document-rejected',
  documentAction: 'assignedAction.document-action',
};

/**
 * Open assigned actions: form tasks, audit and obligation questions, document acknowledgements,
 * approval requests and rejected versions to revise. `assignee` picks whose: the caller's (the rule
 * assignedActionDetails opens them by, assignedActions/assignees.ts), or the whole organisation's.
 * Document work is an employee's only.
 */
export function assignedActionSources(
  companyId: string,
  assignee: ActionAssignee | 'organisation',
  opens: Opens = OPENS_ALL,
): Source[] {
  const company = sql`t."companyId" = ${uuid(companyId)}`;
  const task = assignee === 'organisation' ? emptySql : sql` AND ${assignedToSql(companyId, assignee)}`;
  const sources: Source[] = [
    {
      kind: 'form',
      from: sql`"Action" t`,
      where: sql`${company} AND t."isComplete" = false${task}`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'audit',
      from: sql`"AuditQuestionTask" t`,
      where: sql`${company} AND t."isComplete" = false${task}`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'obligation',
      from: sql`"ObligationQuestionTask" t`,
      where: sql`${company} AND t."isComplete" = false${task}`,
      due: sql`t."dueDate"`,
    },
  ];
  const employeeId =
    assignee === 'organisation' ? null : 'employeeId' in assignee ? assignee.employeeId : undefined;
  if (employeeId !== undefined) sources.push(...documentWorkSources(company, employeeId));
  return sources.filter((source) => opens(ACTION_KIND[source.kind]!));
}

/** An employee's document work (`employeeId` null: the organisation's). */
function documentWorkSources(company: Sql, employeeId: string | null): Source[] {
  const employee = employeeId === null ? emptySql : sql` AND t."employeeId" = ${uuid(employeeId)}`;
  return [
    {
      kind: 'acknowledgement',
      from: sql`"DocumentAcknowledgement" t`,
      where: sql`${company} AND t."acknowledgedAt" IS NULL AND t."lapsedAt" IS NULL${employee}`,
      due: sql`t."dueDate"`,
    },
    {
      kind: 'approval',
      from: sql`"DocumentApproval" t`,
      where: sql`${company} AND t.status = 'requested'${employee}`,
      due: sql`t."dueDate"`,
    },
    {
      // A rejected version is its document owner's to revise, from the day it was rejected.
      kind: 'revision',
      from: sql`"DocumentVersion" t`,
      where: sql`${company} AND t.status = 'rejected' AND t."revisedAt" IS NULL${
        employeeId === null
          ? emptySql
          : sql` AND EXISTS (SELECT 1 FROM "Document" o WHERE o.id = t."documentId"
              AND o."companyId" = t."companyId" AND o."ownerEmployeeId" = ${uuid(employeeId)})`
      }`,
      due: sql`t."rejectedOn"`,
    },
    {
      kind: 'documentAction',
      from: sql`"DocumentAction" t`,
      where: sql`${company} AND t."completedOn" IS NULL${
        employeeId === null ? emptySql : sql` AND t."assigneeEmployeeId" = ${uuid(employeeId)}`
      }`,
      due: sql`t."dueDate"`,
    },
  ];
}

/** Which supplier items: form assignments or document requirements, seen by whom. */
export interface SupplierPart {
  kind: 'assignment' | 'requirement';
  /** The caller's side: the reviewer (an employee) or the external party that must provide it. */
  role: 'reviewer' | 'provider';
  where: Sql;
}

export function supplierSources(companyId: string, parts: SupplierPart[]): Source[] {
  return parts.map((part) => ({
    kind: `${part.kind}:${part.role}`,
    from: part.kind === 'assignment' ? sql`"SupplierAssignment" t` : sql`"SupplierRequirement" t`,
    where: sql`t."companyId" = ${uuid(companyId)} AND ${part.where}`,
    due: sql`t."dueDate"`,
  }));
}

/** A supplier or company user's supplier company, and the personnel account when there is one. */
export interface Provider {
  companyId: string;
  supplierId: string;
  personnelId: string | null;
}

/**
 * What a supplier (company account: the whole supplier's; personnel account: their own) must do:
 * the four sections of the supplier dashboard. The pie counts the same sources.
 */
export function providerParts(provider: Provider) {
  // What supplierRequirementDetails opens on the provider's side (externalParties/policy.ts).
  const toProvide = sql`${providedRequirementsSql(provider)} AND t.status IN ('pending', 'rejected')`;
  return {
    // Company-level documents are the company account's to provide; a personnel account has none.
    companyRequirements: provider.personnelId
      ? null
      : [{ kind: 'requirement', role: 'provider', where: sql`${toProvide} AND t."personnelId" IS NULL` }],
    personnelRequirements: [
      { kind: 'requirement', role: 'provider', where: sql`${toProvide} AND t."personnelId" IS NOT NULL` },
    ],
    // What supplierAssignmentOpen opens (submissions/openAssignments.ts).
    assignedForms: [{ kind: 'assignment', role: 'provider', where: openAssignmentsOfCallerSql(provider)! }],
    // What assignedActionDetails opens (assignedActions/assignees.ts).
    assignedActions: assignedActionSources(
      provider.companyId,
      actionAssigneeOf({ employeeId: null, ...provider })!,
    ),
  } satisfies Record<string, SupplierPart[] | Source[] | null>;
}
